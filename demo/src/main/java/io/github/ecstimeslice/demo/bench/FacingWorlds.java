package io.github.ecstimeslice.demo.bench;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnRate;

import java.util.Random;

/** Builds the benchmarks' worlds: a tagged target (entity 0) and NPCs on a grid around it. */
final class FacingWorlds {

    /** The suffix of a decider name for a FaceTargetSystem that keeps no history. */
    static final String NO_HISTORY = "-nohistory";

    private FacingWorlds() {
    }

    /**
     * A world with the given systems (after a TagManager and a system that nudges the target each
     * tick), a target and {@code npcs} NPCs with Position and DesiredOrientation, and, if
     * {@code animated}, Orientation and TurnRate.
     */
    static World create(int npcs, boolean animated, BaseSystem... systems) {
        BaseSystem[] all = new BaseSystem[systems.length + 2];
        all[0] = new TagManager();
        all[1] = new TargetNudge();
        System.arraycopy(systems, 0, all, 2, systems.length);
        World world = new World(new WorldConfigurationBuilder().with(all).build());
        ComponentMapper<Position> positions = world.getMapper(Position.class);
        ComponentMapper<DesiredOrientation> desired = world.getMapper(DesiredOrientation.class);
        ComponentMapper<Orientation> orientations = world.getMapper(Orientation.class);
        ComponentMapper<TurnRate> rates = world.getMapper(TurnRate.class);
        int target = world.create();
        positions.create(target).set(0.5f, 0.5f);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        int columns = (int) Math.ceil(Math.sqrt(npcs));
        Random random = new Random(42);
        for (int i = 0; i < npcs; i++) {
            int npc = world.create();
            positions.create(npc).set(i % columns - columns / 2f, i / columns - columns / 2f);
            desired.create(npc).radians = (float) (random.nextDouble() * 2 * Math.PI - Math.PI);
            if (animated) {
                orientations.create(npc).radians = (float) (random.nextDouble() * 2 * Math.PI - Math.PI);
                rates.create(npc).radiansPerSecond = 3f;
            }
        }
        world.setDelta(1 / 60f);
        return world;
    }

    /**
     * The decision system a benchmark names: {@code walker} (the seed's hand-written round robin),
     * {@code walker+record} (the same, keeping each NPC's latest decision in an object), an
     * {@link IoPolicy} name (a FaceTargetSystem with a jobs-per-tick budget and the default
     * history), a policy name and {@value #NO_HISTORY} (the same, keeping no history) or {@code interval}
     * (artemis's IntervalIteratingSystem deciding for all NPCs at once, at the same average rate).
     *
     * @throws IllegalArgumentException for any other name
     */
    static BaseSystem decider(String name, int npcs, int jobsPerTick) {
        switch (name) {
            case "walker":
                return new RoundRobinFacingSystem(jobsPerTick, false);
            case "walker+record":
                return new RoundRobinFacingSystem(jobsPerTick, true);
            case "interval":
                // every (npcs / jobsPerTick) ticks at 60 Hz; a hair less, so float sums never skip one
                return new IntervalFacingDecisions((float) npcs / jobsPerTick / 60f - 1e-6f);
            default:
                if (name.endsWith(NO_HISTORY)) {
                    return new FaceTargetSystem(IoPolicy.valueOf(name.substring(0, name.length() - NO_HISTORY.length())),
                            Budget.jobsPerTick(jobsPerTick), TimeslicedSystem.NO_HISTORY);
                }
                return new FaceTargetSystem(IoPolicy.valueOf(name), Budget.jobsPerTick(jobsPerTick));
        }
    }

    /** Moves the target a little every tick, so decisions change. Entity 0 is the target. */
    static final class TargetNudge extends BaseSystem {
        private ComponentMapper<Position> positions;
        private float phase;

        @Override
        protected void processSystem() {
            phase += world.delta;
            positions.get(0).set((float) Math.cos(phase) * 5, (float) Math.sin(phase) * 5);
        }
    }
}
