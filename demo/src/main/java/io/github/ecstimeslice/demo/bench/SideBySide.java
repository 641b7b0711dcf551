package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.demo.scene.TickTimes;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Ratios that hold on a noisy machine. JMH runs each case in its own fork, minutes after the
 * previous one; on a shared 2-core VM the machine's speed moves more than the differences being
 * measured. Here the worlds of one comparison are built side by side and ticked in turn, one tick
 * each, for rounds of many ticks, every tick timed: a slow spell hits all of them alike, and each
 * round gives a ratio to the comparison's first world. Reports the median ratio over the rounds
 * (and their range), so one disturbed round moves nothing.
 *
 * <p>Comparisons (issue 6's targets): {@code overhead} (100,000 NPCs, 10,000 decisions a tick:
 * walker, walker+record, the four policies with the default history and with none), {@code scaling} (10,000 AIAO decisions a tick at
 * 10,000, 100,000 and 1,000,000 NPCs, and the walker at the same sizes) and {@code frames}
 * (100,000 NPCs at 10,000 a tick, a batch every 10 ticks: p99 over mean, and the mean tick at each
 * position in the 10-tick cycle, the worst over the mean; artemis's interval system for contrast).
 */
@Command(name = "SideBySide", mixinStandardHelpOptions = true,
        description = "Interleaved comparisons for issue 6's ratios: overhead, scaling, frames.")
public final class SideBySide implements Callable<Integer> {

    private static final String[] POLICIES = {"AIAO", "SIAO", "SISO", "AISO"};
    private static final List<String> COMPARISONS = List.of("overhead", "scaling", "frames");

    @Option(names = "--quick", description = "a smoke run: 2 short rounds per comparison")
    private boolean quick;

    @Parameters(arity = "0..*", paramLabel = "COMPARISON",
            description = "overhead, scaling or frames (default: all three)")
    private List<String> comparisons = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    private final PrintStream out;

    SideBySide(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the comparisons these arguments name; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        CommandLine line = new CommandLine(new SideBySide(out));
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args);
    }

    @Override
    public Integer call() {
        for (String name : comparisons) {
            if (!COMPARISONS.contains(name)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "unknown comparison '" + name + "': use overhead, scaling or frames");
            }
        }
        List<String> chosen = comparisons.isEmpty() ? COMPARISONS : comparisons;
        int rounds = quick ? 2 : 5;
        int ticks = quick ? 200 : 2000;
        if (chosen.contains("overhead")) {
            Lineup overhead = new Lineup(rounds, ticks);
            String[] bare = Arrays.stream(POLICIES).map(policy -> policy + FacingWorlds.NO_HISTORY).toArray(String[]::new);
            for (String decider : concat(concat(new String[]{"walker", "walker+record"}, POLICIES), bare)) {
                overhead.add(decider, FacingWorlds.create(100_000, false, FacingWorlds.decider(decider, 100_000, 10_000)), 40);
            }
            overhead.run();
            out.printf(Locale.ROOT, "%noverhead: 100,000 NPCs, 10,000 facing decisions a tick; %d rounds of %d ticks, worlds in turn%n",
                    rounds, ticks);
            overhead.printRatios(out, "x walker");
        }
        if (chosen.contains("scaling")) {
            Lineup scaling = new Lineup(rounds, quick ? ticks : ticks / 2);
            for (String decider : new String[]{"AIAO", "walker"}) {
                for (int npcs : new int[]{10_000, 100_000, 1_000_000}) {
                    scaling.add(String.format(Locale.ROOT, "%s %,d NPCs", decider, npcs),
                            FacingWorlds.create(npcs, false, FacingWorlds.decider(decider, npcs, 10_000)),
                            2 * npcs / 10_000 + 10);
                }
            }
            scaling.run();
            out.printf(Locale.ROOT, "%nscaling: 10,000 facing decisions a tick; %d rounds of %d ticks, worlds in turn%n",
                    rounds, scaling.ticks);
            scaling.printRatios(out, "x AIAO at 10,000", 0, 3);
            scaling.printRatios(out, "x walker at 10,000", 3, 6);
        }
        if (chosen.contains("frames")) {
            Lineup frames = new Lineup(rounds, ticks);
            for (String decider : concat(concat(new String[]{"walker"}, POLICIES), new String[]{"interval"})) {
                frames.add(decider, FacingWorlds.create(100_000, false, FacingWorlds.decider(decider, 100_000, 10_000)), 40);
            }
            frames.run();
            out.printf(Locale.ROOT, "%nframes: 100,000 NPCs, 10,000 decisions a tick (a batch every 10 ticks); %d rounds of %d ticks, worlds in turn%n",
                    rounds, ticks);
            frames.printFrames(out, 10);
        }
        return 0;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    /** Worlds ticked in turn, one tick each, every tick timed. */
    static final class Lineup {
        final int rounds;
        final int ticks;
        private final List<String> names = new ArrayList<>();
        /** Per world, one tick of it, and what disposes of it. */
        private final List<Runnable> tickers = new ArrayList<>();
        private final List<Runnable> disposers = new ArrayList<>();
        /** Per world, every measured tick, round after round. */
        private final List<TickTimes> times = new ArrayList<>();

        Lineup(int rounds, int ticks) {
            this.rounds = rounds;
            this.ticks = ticks;
        }

        void add(String name, World world, int warmUpTicks) {
            add(name, world::process, world::dispose, warmUpTicks);
        }

        /** Adds a world known only by how to tick it and dispose of it (one from another class loader, say). */
        void add(String name, Runnable tick, Runnable dispose, int warmUpTicks) {
            for (int i = 0; i < warmUpTicks; i++) {
                tick.run();
            }
            names.add(name);
            tickers.add(tick);
            disposers.add(dispose);
            times.add(new TickTimes(rounds * ticks));
        }

        void run() {
            Runnable[] ws = tickers.toArray(new Runnable[0]);
            TickTimes[] measured = times.toArray(new TickTimes[0]);
            // a warm-up round in turn, so the JIT and the caches settle as they will be measured
            for (int t = 0; t < Math.min(ticks, 500); t++) {
                for (Runnable world : ws) {
                    world.run();
                }
            }
            for (int i = 0, n = rounds * ticks; i < n; i++) {
                for (int k = 0; k < ws.length; k++) {
                    int w = (i & 1) == 0 ? k : ws.length - 1 - k; // every other tick backwards: no world always follows another
                    long start = System.nanoTime();
                    ws[w].run();
                    measured[w].add(System.nanoTime() - start);
                }
            }
            disposers.forEach(Runnable::run);
            tickers.clear();
            disposers.clear();
            System.gc();
        }

        double roundMean(int world, int round) {
            TickTimes measured = times.get(world);
            long sum = 0;
            for (int i = round * ticks; i < (round + 1) * ticks; i++) {
                sum += measured.nanos(i);
            }
            return (double) sum / ticks;
        }

        /** Median over rounds of the mean tick; median, min and max over rounds of the ratio to {@code reference}. */
        void printRatios(PrintStream out, String ratioName, int from, int to) {
            out.printf(Locale.ROOT, "| world | mean µs a tick | %s (median of rounds) | range over rounds |%n|---|---:|---:|---|%n", ratioName);
            for (int w = from; w < to; w++) {
                double[] means = new double[rounds];
                double[] ratios = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    means[r] = roundMean(w, r);
                    ratios[r] = means[r] / roundMean(from, r);
                }
                Arrays.sort(means);
                Arrays.sort(ratios);
                out.printf(Locale.ROOT, "| %s | %.0f | %.2f | %.2f to %.2f |%n", names.get(w), median(means) / 1e3,
                        median(ratios), ratios[0], ratios[rounds - 1]);
            }
        }

        void printRatios(PrintStream out, String ratioName) {
            printRatios(out, ratioName, 0, names.size());
        }

        /**
         * Per world: the mean tick, the 99th percentile over the mean, and the mean tick at each
         * position of a {@code period}-tick cycle (one batch) with the worst over the mean: what
         * a batch start costs, with the machine's random jitter averaged out.
         */
        void printFrames(PrintStream out, int period) {
            out.printf(Locale.ROOT, "| world | mean µs | p99 µs | p99 / mean | worst tick of the %d-tick cycle, mean µs | worst / mean |%n"
                    + "|---|---:|---:|---:|---:|---:|%n", period);
            for (int w = 0; w < names.size(); w++) {
                TickTimes measured = times.get(w);
                int n = measured.count();
                double[] phase = new double[period];
                for (int i = 0; i < n; i++) {
                    phase[i % period] += measured.nanos(i);
                }
                double mean = measured.meanMillis() * 1e3;
                double worst = 0;
                for (int p = 0; p < period; p++) {
                    worst = Math.max(worst, phase[p] / 1e3 / ((n - p + period - 1) / period));
                }
                double p99 = measured.percentileMillis(99) * 1e3;
                out.printf(Locale.ROOT, "| %s | %.0f | %.0f | %.2f | %.0f | %.2f |%n", names.get(w), mean, p99,
                        p99 / mean, worst, worst / mean);
            }
        }

        private static double median(double[] sorted) {
            int n = sorted.length;
            return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        }
    }
}
