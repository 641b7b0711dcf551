package io.github.ecstimeslice.demo.bench;

import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.managers.TagManager;
import com.badlogic.gdx.ai.sched.LoadBalancingScheduler;
import com.badlogic.gdx.ai.sched.Schedulable;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Position;

/**
 * A peer: gdx-ai's {@code LoadBalancingScheduler} with one task per NPC, each deciding the facing
 * toward the target once every {@code frequency} ticks. Phases are given explicitly, in runs of
 * neighbouring NPCs (the i-th of n on phase i × frequency / n), so a tick's tasks are as
 * contiguous as the walker's: {@code addWithAutomaticPhasing} dry-runs every task on each add,
 * which takes minutes for 100,000, and would deal the phases round robin. Each tick the scheduler
 * walks every task to find those due, then runs them, reading the clock before each; the time it
 * is given is ample, so every due task runs.
 * The scheduler has no remove: NPCs are never deleted in the benchmarks.
 */
@All({Position.class, DesiredOrientation.class})
final class LoadBalancedFacing extends BaseEntitySystem {

    /** Nanoseconds a tick for the scheduler to share: ample, so every due task runs. */
    private static final long AMPLE_NANOS = 1_000_000_000L;

    private final LoadBalancingScheduler scheduler = new LoadBalancingScheduler(100);
    private final int frequency;
    private final int npcs;
    private int added;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    private float targetX;
    private float targetY;
    /** Decisions made so far. */
    long decisions;

    /** Each of {@code npcs} NPCs decided once every {@code frequency} ticks. */
    LoadBalancedFacing(int npcs, int frequency) {
        this.npcs = npcs;
        this.frequency = frequency;
    }

    @Override
    protected void inserted(int npc) {
        scheduler.add(new Decide(npc), frequency, (int) ((long) added++ * frequency / npcs));
    }

    @Override
    protected void processSystem() {
        Position target = positions.get(world.getSystem(TagManager.class).getEntityId(FaceTargetSystem.DEFAULT_TARGET_TAG));
        targetX = target.x;
        targetY = target.y;
        scheduler.run(AMPLE_NANOS);
    }

    /** One NPC's task. */
    private final class Decide implements Schedulable {
        private final int npc;

        Decide(int npc) {
            this.npc = npc;
        }

        @Override
        public void run(long nanosToRun) {
            Position self = positions.get(npc);
            desired.get(npc).radians = (float) Math.atan2(targetY - self.y, targetX - self.x);
            decisions++;
        }
    }
}
