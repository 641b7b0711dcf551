package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.spread.SpreadInvocationStrategy;
import io.github.ecstimeslice.demo.bench.RandomCostSystems.FixedWork;
import io.github.ecstimeslice.demo.cli.OneLineErrors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * How well {@link SpreadInvocationStrategy} balances its groups on the real clock: ten systems of
 * random costs ({@link RandomCostSystems}, seeded, 0.2 to 1 ms of real work a run each) spread
 * over N groups, ticked back to back for a warm-up and then for the measured seconds. Reports each
 * system's given and measured cost and group, the groups' most over least cost after each tick as
 * the strategy measures it and per cycle of whole ticks timed from outside (median, p90, max), the
 * best split the costs allow, the systems' moves between groups, and the bytes the world's thread
 * allocated per tick after the first measured second. Those bytes are HotSpot's, not the
 * strategy's: before C2 compiles a method, the thread that asked resolves the method's string
 * constants (a String and a byte[] each), a few hundred bytes a run, once per method; with
 * {@code -XX:TieredStopAtLevel=1} they are 0. Takes about the seconds asked plus one for the
 * calibration.
 */
@Command(name = "SpreadBalance", mixinStandardHelpOptions = true,
        description = "Ten systems of random costs spread over N groups by SpreadInvocationStrategy: how even the groups are.")
public final class SpreadBalance implements Callable<Integer> {

    private static final double LEAST_MILLIS = 0.2;
    private static final double MOST_MILLIS = 1.0;
    /**
     * Ticks a second the record makes room for: a group's tick holds a system or more, 0.2 ms at
     * least (with as many groups as systems one may hold none; a full record ends the measuring).
     */
    private static final int MOST_TICKS_A_SECOND = 5_000;

    @Option(names = "--groups", defaultValue = "2", paramLabel = "N",
            description = "ticks of a cycle, and groups: 2 to 10 (default: ${DEFAULT-VALUE}, the seed's alpha and beta)")
    private int groups;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "SEED",
            description = "seed of the ten systems' costs (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--seconds", defaultValue = "10", paramLabel = "S",
            description = "seconds of measured ticks, above 0 and at most 120 (default: ${DEFAULT-VALUE})")
    private double seconds;

    @Option(names = "--warm-up", defaultValue = "3", paramLabel = "S",
            description = "seconds of ticks before the measured ones, 0 to 60 (default: ${DEFAULT-VALUE})")
    private double warmUp;

    @Option(names = "--hysteresis", paramLabel = "F",
            description = "the strategy's hysteresis, 0 to below 1 (default: the library's, "
                    + SpreadInvocationStrategy.DEFAULT_HYSTERESIS + ")")
    private double hysteresis = SpreadInvocationStrategy.DEFAULT_HYSTERESIS;

    @Option(names = "--vary", defaultValue = "0", paramLabel = "F",
            description = "each run's cost varies by up to F either way, and two systems' means also rise and fall"
                    + " by F over 5 and 7.8 s of game time: 0 to below 1 (default: ${DEFAULT-VALUE}, fixed costs)")
    private double vary;

    @Spec
    private CommandSpec spec;

    private final PrintStream out;

    SpreadBalance(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the measurement these arguments ask for; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new SpreadBalance(out), out, err, args);
    }

    @Override
    public Integer call() {
        if (groups < 2 || groups > 10) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--groups must be from 2 to 10, was " + groups);
        }
        if (!(seconds > 0 && seconds <= 120)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--seconds must be above 0 and at most 120, was " + seconds);
        }
        if (!(warmUp >= 0 && warmUp <= 60)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--warm-up must be from 0 to 60, was " + warmUp);
        }
        if (!(hysteresis >= 0 && hysteresis < 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--hysteresis must be at least 0 and below 1, was " + hysteresis);
        }
        if (!(vary >= 0 && vary < 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--vary must be at least 0 and below 1, was " + vary);
        }
        FixedWork[] systems = RandomCostSystems.ten(seed, LEAST_MILLIS, MOST_MILLIS, RandomCostSystems.stepsPerMilli());
        if (vary > 0) {
            for (int i = 0; i < systems.length; i++) {
                systems[i].vary(vary, i == 0 ? 5 : i == 5 ? 7.8 : 0, seed * 31 + i);
            }
        }
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(groups).hysteresis(hysteresis)
                .spread(RandomCostSystems.classesOf(systems)).build();
        World world = new World(new WorldConfigurationBuilder().with(systems).register(strategy).build());
        world.setDelta(1 / 60f);
        long tick = 0;
        for (long end = System.nanoTime() + (long) (warmUp * 1e9); System.nanoTime() - end < 0 || tick % groups != 0; tick++) {
            world.process();
        }
        long movesBefore = strategy.moves();
        GroupBalance record = new GroupBalance(strategy, systems, (int) Math.ceil(seconds * MOST_TICKS_A_SECOND) + groups);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long measuredFrom = System.nanoTime();
        // allocation counted from the first measured second on: the JIT's one-off settling of this loop is not a tick's
        long firstSecondEnds = measuredFrom + Math.min((long) (seconds * 5e8), 1_000_000_000L);
        long allocatedBefore = -1;
        int ticksBefore = 0;
        for (long end = measuredFrom + (long) (seconds * 1e9);
             record.hasRoom() && (System.nanoTime() - end < 0 || tick % groups != 0); tick++) {
            long start = System.nanoTime();
            world.process();
            record.note((int) (tick % groups), System.nanoTime() - start);
            if (allocatedBefore < 0 && start - firstSecondEnds >= 0) {
                allocatedBefore = threads.getCurrentThreadAllocatedBytes();
                ticksBefore = record.ticks();
            }
        }
        long allocated = allocatedBefore < 0 ? 0 : threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
        double measuredSeconds = (System.nanoTime() - measuredFrom) / 1e9;
        report(systems, strategy, record, strategy.moves() - movesBefore, movesBefore, measuredSeconds);
        out.printf(Locale.ROOT, "allocated on the world's thread after the first measured second: %.2f bytes a tick"
                + " (%,d bytes over %,d ticks)%n", (double) allocated / Math.max(1, record.ticks() - ticksBefore),
                allocated, record.ticks() - ticksBefore);
        world.dispose();
        return 0;
    }

    private void report(FixedWork[] systems, SpreadInvocationStrategy strategy, GroupBalance record, long moves,
                        long warmUpMoves, double measuredSeconds) {
        out.printf(Locale.ROOT, "spread: ten systems of random costs (seed %d, %.1f to %.1f ms%s) over %d groups, hysteresis %s;"
                        + " %s s warm-up, %.1f s measured (%,d ticks), %s %s%n", seed, LEAST_MILLIS, MOST_MILLIS,
                vary > 0 ? String.format(Locale.ROOT, ", each run up to %.0f%% either way, two drifting", vary * 100) : "",
                groups, hysteresis, warmUp, measuredSeconds, record.ticks(), System.getProperty("java.vm.name"),
                System.getProperty("java.version"));
        out.printf(Locale.ROOT, "| system | given ms | measured ms (smoothed) | group |%n|---|---:|---:|---:|%n");
        double[] costs = new double[systems.length];
        for (int i = 0; i < systems.length; i++) {
            costs[i] = strategy.runMillis(systems[i].getClass());
            out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %d |%n", systems[i].getClass().getSimpleName(),
                    systems[i].targetMillis, costs[i], strategy.groupOf(systems[i].getClass()));
        }
        double[] given = new double[groups];
        double[] measured = new double[groups];
        double[] ticks = new double[groups];
        for (FixedWork system : systems) {
            given[strategy.groupOf(system.getClass())] += system.targetMillis;
        }
        out.printf(Locale.ROOT, "| group | given ms | strategy's cost ms (at the end) | mean whole tick ms (measured) |%n"
                + "|---|---:|---:|---:|%n");
        for (int g = 0; g < groups; g++) {
            measured[g] = strategy.groupMillis(g);
            ticks[g] = record.meanTickMillis(g);
            out.printf(Locale.ROOT, "| %d | %.3f | %.3f | %.3f |%n", g, given[g], measured[g], ticks[g]);
        }
        out.printf(Locale.ROOT, "| most over least | %.3f | %.3f | %.3f |%n", mostOverLeast(given), mostOverLeast(measured),
                mostOverLeast(ticks));
        double[] strategySpread = record.strategySpread();
        double[] tickSpread = record.tickSpread();
        double[] givenSpread = record.givenSpread();
        out.printf(Locale.ROOT, "| most over least group | median | p90 | max |%n|---|---:|---:|---:|%n");
        out.printf(Locale.ROOT, "| strategy's measure, after each of %,d ticks | %.3f | %.3f | %.3f |%n", record.ticks(),
                strategySpread[0], strategySpread[1], strategySpread[2]);
        out.printf(Locale.ROOT, "| given costs as the groups stood, after each tick | %.3f | %.3f | %.3f |%n",
                givenSpread[0], givenSpread[1], givenSpread[2]);
        out.printf(Locale.ROOT, "| whole ticks timed, each of %,d cycles | %.3f | %.3f | %.3f |%n", record.cycles(),
                tickSpread[0], tickSpread[1], tickSpread[2]);
        double[] givenCosts = new double[systems.length];
        for (int i = 0; i < systems.length; i++) {
            givenCosts[i] = systems[i].targetMillis;
        }
        out.printf(Locale.ROOT, "best split, most over least: of the given costs %s, of the final measured costs %s%n",
                best(givenCosts), best(costs));
        out.printf(Locale.ROOT, "moves: %d in the warm-up, %d measured (%.2f a second; %d of %,d cycles changed the groups)%n",
                warmUpMoves, moves, moves / measuredSeconds, record.movingTicks(), record.cycles());
    }

    /** The best split's most over least group cost, or a word if it is not searched. */
    private String best(double[] costs) {
        double best = BestSplit.mostOverLeast(costs, groups);
        return Double.isNaN(best) ? "not searched (over " + BestSplit.MOST_GROUPS + " groups)"
                : String.format(Locale.ROOT, "%.3f", best);
    }

    private static double mostOverLeast(double[] values) {
        double most = 0;
        double least = Double.MAX_VALUE;
        for (double value : values) {
            most = Math.max(most, value);
            least = Math.min(least, value);
        }
        return most / least;
    }
}
