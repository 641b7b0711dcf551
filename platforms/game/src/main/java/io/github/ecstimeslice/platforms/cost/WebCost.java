package io.github.ecstimeslice.platforms.cost;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionHistory;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FacingDecision;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Position;

import java.util.Arrays;

/**
 * What a decision costs on the platform that compiled this code (the JVM, TeaVM, GWT), as the
 * demo's overhead benchmark measures it on the JVM:
 * <ul>
 * <li>four worlds of {@code npcs} NPCs on a grid round a target circling them, a tenth of them
 *     deciding each tick (the atan2 toward the target, into {@link DesiredOrientation});</li>
 * <li>decided by {@link WalkerFacing} (the hand-written baseline), by a {@link FaceTargetSystem}
 *     under AIAO with no history, by one with a history of 1 (the default), and by a walker
 *     keeping the two stamped records a history of 1 keeps (its baseline);</li>
 * <li>ticked in turn, {@code ticks} ticks each, round after round, after a round to warm up;</li>
 * <li>{@link #run} reports each world's mean tick and its ratio to the walker's, each the median
 *     over rounds, and the decisions each world made, which must be equal;</li>
 * <li>and the newest records the two recording worlds keep (their stamps, radians and facing),
 *     summed over NPCs, which must be equal too: read, they keep every compiler from dropping the
 *     walker's.</li>
 * </ul>
 */
public final class WebCost {

    /** The target's entity: the first made in every world. */
    static final int TARGET = 0;
    /** The recording walker's place in {@link #DECIDERS}. */
    private static final int RECORDING = 3;
    /** AIAO with a history of 1's place in {@link #DECIDERS}. */
    private static final int DEPTH1 = 2;
    /** The worlds' deciders, the baseline first. */
    public static final String[] DECIDERS = {"walker", "AIAO-nohistory", "AIAO-depth1", "walker+records2"};

    /** How the commands that run it are called, after their own name. */
    public static final String USAGE = "cost NPCS [ROUNDS TICKS] (NPCS at least 10; 5 rounds of 300 ticks unless given)";

    private WebCost() {
    }

    /**
     * {@link #run} with the arguments of a command: {@code NPCS [ROUNDS TICKS]}, each checked before
     * any work starts.
     *
     * @throws IllegalArgumentException naming the bad argument, with {@link #USAGE}
     */
    public static String run(String... args) {
        if (args.length != 1 && args.length != 3) {
            throw new IllegalArgumentException("usage: " + USAGE + "; was given " + args.length + " arguments");
        }
        int npcs = whole("NPCS", args[0], 10, 10_000_000);
        int rounds = args.length == 3 ? whole("ROUNDS", args[1], 1, 1_000) : 5;
        int ticks = args.length == 3 ? whole("TICKS", args[2], 1, 1_000_000) : 300;
        return run(npcs, rounds, ticks);
    }

    /** {@code text} as a whole number from {@code least} to {@code most}. */
    private static int whole(String name, String text, int least, int most) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException notANumber) {
            value = least - 1;
        }
        if (value < least || value > most) {
            throw new IllegalArgumentException("usage: " + USAGE + "; " + name + " must be a whole number from "
                    + least + " to " + most + ", was " + text);
        }
        return value;
    }

    /**
     * Measures the worlds; returns the report: a heading line, a line per decider
     * ({@code AIAO-depth1 123.4 us a tick, 1.234 of the walker}; AIAO with a history also over the
     * recording walker), a line if the clock did not time a round, then {@code decisions} and each
     * world's count, then {@code newest records} and AIAO with a history's, then the recording
     * walker's ({@code ticks/seconds/radians/facing}).
     *
     * @throws IllegalArgumentException naming the value if {@code npcs} is below 10, or
     *                                  {@code rounds} or {@code ticks} below 1
     */
    public static String run(int npcs, int rounds, int ticks) {
        if (npcs < 10 || rounds < 1 || ticks < 1) {
            throw new IllegalArgumentException(npcs < 10 ? "npcs must be at least 10, was " + npcs
                    : rounds < 1 ? "rounds must be at least 1, was " + rounds : "ticks must be at least 1, was " + ticks);
        }
        int jobsPerTick = npcs / 10;
        World[] worlds = new World[DECIDERS.length];
        BaseSystem[] deciders = new BaseSystem[DECIDERS.length];
        for (int w = 0; w < worlds.length; w++) {
            deciders[w] = decider(DECIDERS[w], jobsPerTick);
            worlds[w] = world(npcs, deciders[w]);
        }
        double[][] micros = new double[worlds.length][rounds];
        boolean stalled = false; // a round the clock did not time: its ratios are not measured
        for (int round = -1; round < rounds; round++) { // round -1 warms up
            for (int w = 0; w < worlds.length; w++) {
                long start = System.nanoTime();
                for (int tick = 0; tick < ticks; tick++) {
                    worlds[w].process();
                }
                if (round >= 0) {
                    micros[w][round] = (System.nanoTime() - start) / 1e3 / ticks;
                    stalled |= micros[w][round] <= 0;
                }
            }
        }
        StringBuilder report = new StringBuilder("cost of ").append(npcs).append(" NPCs, ").append(jobsPerTick)
                .append(" decisions a tick, ").append(rounds).append(" rounds of ").append(ticks)
                .append(" ticks, worlds in turn\n");
        double[] ratios = new double[rounds];
        for (int w = 0; w < worlds.length; w++) {
            report.append(DECIDERS[w]).append(' ').append(fixed(median(Arrays.copyOf(micros[w], rounds)), 1)).append(" us a tick");
            if (w > 0) {
                report.append(", ").append(fixed(medianRatio(micros[w], micros[0], ratios), 3)).append(" of the walker");
            }
            if (w == DEPTH1) {
                report.append(", ").append(fixed(medianRatio(micros[w], micros[RECORDING], ratios), 3))
                        .append(" of the recording walker");
            }
            report.append('\n');
        }
        if (stalled) {
            report.append("the clock did not advance over a round (virtual time, or too few ticks): ratios n/a\n");
        }
        report.append("decisions");
        for (int w = 0; w < worlds.length; w++) {
            report.append(' ').append(decisions(deciders[w]));
        }
        report.append("\nnewest records ").append(newestRecords((FaceTargetSystem) deciders[DEPTH1], npcs))
                .append(' ').append(((WalkerFacing) deciders[RECORDING]).newestRecords());
        for (World world : worlds) {
            world.dispose();
        }
        return report.toString();
    }

    /** As {@link WalkerFacing#newestRecords}, from the history's newest entries of NPCs 1 to {@code npcs}. */
    private static String newestRecords(FaceTargetSystem history, int npcs) {
        long ticks = 0;
        double seconds = 0;
        double radians = 0;
        int facing = 0;
        for (int npc = 1; npc <= npcs; npc++) {
            DecisionHistory<FacingDecision> kept = history.historyOf(npc);
            if (kept != null) {
                FacingDecision newest = kept.latest();
                ticks += kept.savedAtTick(0);
                seconds += kept.savedAtSeconds(0);
                radians += newest.radians;
                facing += newest.faceTarget ? 1 : 0;
            }
        }
        return ticks + "/" + seconds + "/" + radians + "/" + facing;
    }

    private static BaseSystem decider(String name, int jobsPerTick) {
        if (name.startsWith("walker")) {
            return new WalkerFacing(jobsPerTick, name.equals("walker+records2"));
        }
        return new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(jobsPerTick),
                name.equals("AIAO-nohistory") ? TimeslicedSystem.NO_HISTORY : 1);
    }

    private static long decisions(BaseSystem decider) {
        return decider instanceof WalkerFacing ? ((WalkerFacing) decider).decisions
                : ((FaceTargetSystem) decider).stats().jobsRunTotal();
    }

    /** A world of a TagManager, the target's motion and {@code decider}; the target, then {@code npcs} NPCs on a grid centred on it. */
    private static World world(int npcs, BaseSystem decider) {
        World world = new World(new WorldConfigurationBuilder()
                .with(new TagManager(), new TargetCircle(), decider).build());
        ComponentMapper<Position> positions = world.getMapper(Position.class);
        ComponentMapper<DesiredOrientation> desired = world.getMapper(DesiredOrientation.class);
        int target = world.create();
        positions.create(target).set(0.5f, 0.5f);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        int columns = (int) Math.ceil(Math.sqrt(npcs));
        float offset = -columns / 2f;
        for (int i = 0; i < npcs; i++) {
            int npc = world.create();
            positions.create(npc).set(offset + i % columns, offset + i / columns);
            desired.create(npc);
        }
        world.setDelta(1 / 64f); // a float a double holds exactly: the same game seconds on the web
        return world;
    }

    /** The median over rounds of {@code micros} over {@code base}, worked out in {@code ratios}. */
    private static double medianRatio(double[] micros, double[] base, double[] ratios) {
        for (int round = 0; round < ratios.length; round++) {
            ratios[round] = micros[round] / base[round];
        }
        return median(ratios);
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    /** {@code value} rounded to {@code digits} digits after the point, without a sign for a value that rounds to 0, n/a if not finite (GWT has no String.format). */
    static String fixed(double value, int digits) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "n/a";
        }
        long scale = 1;
        for (int d = 0; d < digits; d++) {
            scale *= 10;
        }
        long scaled = Math.round(Math.abs(value) * scale);
        StringBuilder text = new StringBuilder(value < 0 && scaled != 0 ? "-" : "").append(scaled / scale);
        if (digits > 0) {
            String fraction = Long.toString(scaled % scale + scale);
            text.append('.').append(fraction.substring(1));
        }
        return text.toString();
    }
}
