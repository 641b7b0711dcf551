package io.github.ecstimeslice.demo.scene;

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
import java.util.function.LongSupplier;

/**
 * Builds every world the demo and the benchmarks tick, the same way: a TagManager, the system that
 * moves the target, then the given systems in their order; the target is entity 0, tagged for
 * {@link FaceTargetSystem}; NPCs stand on a square grid one unit apart, each with a Position and a
 * DesiredOrientation. {@link Scene} builds the demo's world with {@link #build}; the benchmarks
 * take {@link #create} and name their decision systems with {@link #decider}.
 *
 * <p>{@code bench.BuildsSideBySide} calls {@code create(int, boolean, BaseSystem...)} and
 * {@code decider(String, int, int)} by reflection, here or in an older build's
 * {@code bench.FacingWorlds}: keep those two signatures.
 */
public final class FacingWorlds {

    /** The suffix of a decider name for a FaceTargetSystem that keeps no history. */
    public static final String NO_HISTORY = "-nohistory";
    /** The suffix of a decider name for a FaceTargetSystem that keeps no history, its game a stamped record. */
    public static final String RECORDED = NO_HISTORY + "+record";
    /** The start of a decider name for a walker keeping the number after it of stamped records: {@code walker+records2}. */
    public static final String RECORDS = "walker+records";
    /** The infix of a decider name for a FaceTargetSystem keeping a history of the depth after it: {@code AIAO-depth1}. */
    public static final String DEPTH = "-depth";
    /** The target's entity: the first made in every world. */
    static final int TARGET = 0;
    /** Turn rate of every NPC that turns, radians per second. */
    static final float TURN_RATE = 3f;

    private FacingWorlds() {
    }

    /**
     * A benchmark's world: the given systems (after a TagManager and {@link TargetCircle}), the
     * target and {@code npcs} NPCs centred on the origin, each with Position and a random
     * DesiredOrientation and, if {@code animated}, a random Orientation and a TurnRate. Ticks of
     * 1/60 s.
     */
    public static World create(int npcs, boolean animated, BaseSystem... systems) {
        World world = build(npcs, -columns(npcs) / 2f, 0.5f, 0.5f, new TargetCircle(), systems);
        ComponentMapper<DesiredOrientation> desired = world.getMapper(DesiredOrientation.class);
        ComponentMapper<Orientation> orientations = world.getMapper(Orientation.class);
        ComponentMapper<TurnRate> rates = world.getMapper(TurnRate.class);
        Random random = new Random(42);
        for (int npc = 1; npc <= npcs; npc++) {
            desired.get(npc).radians = (float) (random.nextDouble() * 2 * Math.PI - Math.PI);
            if (animated) {
                orientations.create(npc).radians = (float) (random.nextDouble() * 2 * Math.PI - Math.PI);
                rates.create(npc).radiansPerSecond = TURN_RATE;
            }
        }
        world.setDelta(1 / 60f);
        return world;
    }

    /**
     * The decision system a benchmark names: {@code walker} (Chou's hand-written round robin),
     * {@code walker+record} (the same, keeping each NPC's latest decision in an object),
     * {@value #RECORDS} and N (keeping the latest N, in a ring of objects), an
     * {@link IoPolicy} name (a FaceTargetSystem with a jobs-per-tick budget and the default
     * history), a policy name and {@value #NO_HISTORY} (the same, keeping no history), a policy
     * name and {@value #RECORDED} (keeping no history, the game stamping each decision into the
     * NPC's {@link FacingRecord} as the recording walker does), a policy name, {@value #DEPTH} and
     * N (a history N deep) or
     * {@code interval} (artemis's IntervalIteratingSystem deciding for all NPCs at once, at the same
     * average rate).
     *
     * @throws IllegalArgumentException for any other name
     */
    public static BaseSystem decider(String name, int npcs, int jobsPerTick) {
        return switch (name) {
            case "walker" -> new RoundRobinFacingSystem(jobsPerTick, 0);
            case "walker+record" -> new RoundRobinFacingSystem(jobsPerTick, 1);
            // every (npcs / jobsPerTick) ticks at 60 Hz; a hair less, so float sums never skip one
            case "interval" -> new IntervalFacingSystem((float) npcs / jobsPerTick / 60f - 1e-6f);
            default -> {
                if (name.startsWith(RECORDS)) { // e.g. walker+records2: the latest two, stamped
                    yield new RoundRobinFacingSystem(jobsPerTick, Integer.parseInt(name.substring(RECORDS.length())));
                }
                Budget budget = Budget.jobsPerTick(jobsPerTick);
                if (name.endsWith(RECORDED)) {
                    yield new RecordingFaceTargetSystem(policyBefore(RECORDED, name), budget);
                }
                int depthAt = name.indexOf(DEPTH);
                if (depthAt > 0) { // e.g. AIAO-depth1: that history depth
                    yield new FaceTargetSystem(IoPolicy.valueOf(name.substring(0, depthAt)), budget,
                            Integer.parseInt(name.substring(depthAt + DEPTH.length())));
                }
                yield name.endsWith(NO_HISTORY)
                        ? new FaceTargetSystem(policyBefore(NO_HISTORY, name), budget, TimeslicedSystem.NO_HISTORY)
                        : new FaceTargetSystem(IoPolicy.valueOf(name), budget);
            }
        };
    }

    /** The policy a decider name gives before its {@code suffix}. */
    private static IoPolicy policyBefore(String suffix, String name) {
        return IoPolicy.valueOf(name.substring(0, name.length() - suffix.length()));
    }

    /**
     * How many decisions a {@link #decider} has made so far: the walkers', the interval system's
     * and the timesliced systems'.
     *
     * @throws IllegalArgumentException for another system
     */
    public static LongSupplier decisionsOf(BaseSystem decider) {
        if (decider instanceof RoundRobinFacingSystem walker) {
            return () -> walker.decisions;
        }
        if (decider instanceof IntervalFacingSystem interval) {
            return () -> interval.decisions;
        }
        if (decider instanceof TimeslicedSystem<?, ?> timesliced) {
            return timesliced.stats()::jobsRunTotal;
        }
        throw new IllegalArgumentException("no decision count for " + decider.getClass().getName());
    }

    /** Columns of the square grid of {@code npcs} NPCs. */
    static int columns(int npcs) {
        return Math.max(1, (int) Math.ceil(Math.sqrt(npcs)));
    }

    /**
     * A world of a TagManager, {@code targetMotion} and {@code systems}, in that order, with the
     * target at ({@code targetX}, {@code targetY}) and {@code npcs} NPCs: the i-th from 0 (entity
     * i + 1) at ({@code gridOffset} + i % columns, {@code gridOffset} + i / columns), facing 0.
     */
    static World build(int npcs, float gridOffset, float targetX, float targetY, BaseSystem targetMotion,
                       BaseSystem... systems) {
        BaseSystem[] all = new BaseSystem[systems.length + 2];
        all[0] = new TagManager();
        all[1] = targetMotion;
        System.arraycopy(systems, 0, all, 2, systems.length);
        World world = new World(new WorldConfigurationBuilder().with(all).build());
        ComponentMapper<Position> positions = world.getMapper(Position.class);
        ComponentMapper<DesiredOrientation> desired = world.getMapper(DesiredOrientation.class);
        int target = world.create();
        if (target != TARGET) {
            throw new IllegalStateException("the target should be entity " + TARGET + ", was " + target);
        }
        positions.create(target).set(targetX, targetY);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        int columns = columns(npcs);
        for (int i = 0; i < npcs; i++) {
            int npc = world.create();
            positions.create(npc).set(gridOffset + i % columns, gridOffset + i / columns);
            desired.create(npc);
        }
        return world;
    }
}
