package io.github.ecstimeslice.example;

import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.Tiers;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import io.github.ecstimeslice.facing.TurnRate;

public class TieredCrowd {
    public static class NearFirst extends FaceTargetSystem {
        private ComponentMapper<Position> positions;
        private TagManager tags;

        public NearFirst() {
            super(IoPolicy.AIAO, Budget.batchEvery(0.1));   // a batch every 0.1 s
            setTiers(Tiers.decideEvery(1, 4, 16));          // near: every 0.1 s, mid: 0.4 s, far: 1.6 s
            setThreading(Threading.WORKERS_SAME_TICK);      // jobs on all cores
        }

        @Override protected int tierOf(int npc) {          // asked on joining, then every 0.5 s
            Position self = positions.get(npc), target = positions.get(tags.getEntityId(DEFAULT_TARGET_TAG));
            float dx = self.x - target.x, dy = self.y - target.y, squared = dx * dx + dy * dy;
            return squared < 20 * 20 ? 0 : squared < 60 * 60 ? 1 : 2;
        }
    }

    public static void main(String[] args) {
        NearFirst decisions = new NearFirst();
        TurnAnimationSystem animation = new TurnAnimationSystem();
        animation.setThreading(Threading.WORKERS_SAME_TICK);
        animation.followTiersOf(decisions, 1, 2, 4);        // far NPCs turn every 4th tick, by 4 ticks' worth
        World world = new World(new WorldConfigurationBuilder().with(new TagManager(), decisions, animation).build());

        int target = world.create();
        world.edit(target).create(Position.class).set(100, 100);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        for (int i = 0; i < 40_000; i++) {
            int npc = world.create();
            world.edit(npc).create(Position.class).set(i % 200, i / 200);
            world.edit(npc).create(Orientation.class);
            world.edit(npc).create(DesiredOrientation.class);
            world.edit(npc).create(TurnRate.class).radiansPerSecond = 3f;
        }

        world.setDelta(1 / 60f);
        for (int tick = 0; tick < 240; tick++) { // four seconds
            world.process();
        }
        for (int tier = 0; tier < 3; tier++) {
            System.out.printf("tier %d: %,6d NPCs, %,7.0f decisions a second%n",
                    tier, decisions.stats().entitiesInTier(tier), decisions.stats().decisionsPerSecond(tier));
        }
        world.dispose();
    }
}
