package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import io.github.ecstimeslice.demo.scene.TickTimes;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Worlds ticked in turn, one tick each, every tick timed, for rounds of many ticks: a slow spell of
 * the machine hits all of them alike. Every other tick goes backwards, so no world always follows
 * another. {@link SideBySide} lines up deciders, {@link BuildsSideBySide} two builds.
 *
 * <p>The worlds are warmed up in turn too, after all of them are built, and a full collection
 * then packs the heap, before any tick is timed. Warmed up one by one as they were added, four
 * identical worlds ran up to a fifth apart by their place in the line under G1 (the last one
 * fastest), and alike under the parallel collector: where the collections of the later worlds'
 * warm-ups left each world's objects mattered. Built first and warmed in turn, they run within 2%.
 */
final class Lineup {

    final int rounds;
    final int ticks;
    private final List<String> names = new ArrayList<>();
    /** Per world, one tick of it, and what disposes of it. */
    private final List<Runnable> tickers = new ArrayList<>();
    private final List<Runnable> disposers = new ArrayList<>();
    /** Per world, the ticks it runs before the warm-up round in turn. */
    private final List<Integer> warmUps = new ArrayList<>();
    /** Per world, every measured tick, round after round. */
    private final List<TickTimes> times = new ArrayList<>();
    /** Per world, its decisions made so far (null: not counted), and how many the measured ticks made. */
    private final List<LongSupplier> decisionCounters = new ArrayList<>();
    private long[] measuredDecisions;
    /** Per world, the nanoseconds of its last tick that count (null: the whole tick, timed here). */
    private final List<LongSupplier> timedParts = new ArrayList<>();
    /** In a fork's child: the comparison's name, which each printed ratio also goes out under for the parent ({@link Forks}). */
    String forkTable;

    Lineup(int rounds, int ticks) {
        this.rounds = rounds;
        this.ticks = ticks;
    }

    void add(String name, World world, int warmUpTicks) {
        add(name, world::process, world::dispose, warmUpTicks);
    }

    /** Adds a world whose decisions {@code decisionsMade} counts, for {@link #printCosts}. */
    void add(String name, World world, int warmUpTicks, LongSupplier decisionsMade) {
        add(name, world::process, world::dispose, warmUpTicks);
        decisionCounters.set(decisionCounters.size() - 1, decisionsMade);
    }

    /** Adds a world known only by how to tick it and dispose of it (one from another class loader, say). */
    void add(String name, Runnable tick, Runnable dispose, int warmUpTicks) {
        names.add(name);
        warmUps.add(warmUpTicks);
        tickers.add(tick);
        disposers.add(dispose);
        times.add(new TickTimes(rounds * ticks));
        decisionCounters.add(null);
        timedParts.add(null);
    }

    /**
     * Adds a world of which only a part of each tick is measured: {@code partNanos}, read just
     * after each tick, gives that part's nanoseconds (say, its decision systems' turns, without
     * the animation every world of the comparison runs alike).
     */
    void addTimedPart(String name, Runnable tick, Runnable dispose, int warmUpTicks, LongSupplier partNanos) {
        add(name, tick, dispose, warmUpTicks);
        timedParts.set(timedParts.size() - 1, partNanos);
    }

    void run() {
        Runnable[] ws = tickers.toArray(new Runnable[0]);
        TickTimes[] measured = times.toArray(new TickTimes[0]);
        LongSupplier[] parts = timedParts.toArray(new LongSupplier[0]);
        int longestWarmUp = warmUps.stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int t = 0; t < longestWarmUp; t++) {
            for (int w = 0; w < ws.length; w++) {
                if (t < warmUps.get(w)) {
                    ws[w].run();
                }
            }
        }
        System.gc(); // packs every world's objects alike, in the order they have now
        // a warm-up round in turn, so the JIT and the caches settle as they will be measured
        for (int t = 0; t < Math.min(ticks, 500); t++) {
            for (Runnable world : ws) {
                world.run();
            }
        }
        measuredDecisions = new long[ws.length];
        for (int w = 0; w < ws.length; w++) {
            measuredDecisions[w] = decisionCounters.get(w) == null ? 0 : -decisionCounters.get(w).getAsLong();
        }
        for (int i = 0, n = rounds * ticks; i < n; i++) {
            for (int k = 0; k < ws.length; k++) {
                int w = (i & 1) == 0 ? k : ws.length - 1 - k; // every other tick backwards: no world always follows another
                long start = System.nanoTime();
                ws[w].run();
                long took = System.nanoTime() - start;
                measured[w].add(parts[w] == null ? took : parts[w].getAsLong());
            }
        }
        for (int w = 0; w < ws.length; w++) {
            measuredDecisions[w] += decisionCounters.get(w) == null ? 0 : decisionCounters.get(w).getAsLong();
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

    /** The world's mean tick of each round, sorted. */
    private double[] sortedRoundMeans(int world) {
        double[] means = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            means[r] = roundMean(world, r);
        }
        Arrays.sort(means);
        return means;
    }

    /** The world's mean tick over {@code reference}'s, round by round, sorted. */
    private double[] sortedRoundRatios(int world, int reference) {
        double[] ratios = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            ratios[r] = roundMean(world, r) / roundMean(reference, r);
        }
        Arrays.sort(ratios);
        return ratios;
    }

    /** Median over rounds of the mean tick; median, min and max over rounds of the ratio to {@code from}. */
    void printRatios(PrintStream out, String ratioName, int from, int to) {
        out.printf(Locale.ROOT, "| world | mean µs a tick | %s (median of rounds) | range over rounds |%n|---|---:|---:|---|%n", ratioName);
        for (int w = from; w < to; w++) {
            double[] means = sortedRoundMeans(w);
            double[] ratios = sortedRoundRatios(w, from);
            out.printf(Locale.ROOT, "| %s | %.0f | %.2f | %.2f to %.2f |%n", names.get(w), median(means) / 1e3,
                    median(ratios), ratios[0], ratios[rounds - 1]);
            markForTheParent(out, ratioName, w, median(ratios));
        }
    }

    /**
     * A pair's table row from two lineups of its two worlds, {@code ab} ticking A then B and
     * {@code ba} the other way round: whatever a place in the line does to a world cancels in the
     * round-by-round ratio B over A, the geometric mean of its two lineups' ratios. Prints A's and B's
     * mean ticks, the ratio's median over rounds and its range.
     */
    static void printPairBothWays(PrintStream out, String name, Lineup ab, Lineup ba) {
        int rounds = Math.min(ab.rounds, ba.rounds);
        double[] ratios = new double[rounds];
        double[] aMeans = new double[rounds];
        double[] bMeans = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            aMeans[r] = Math.sqrt(ab.roundMean(0, r) * ba.roundMean(1, r));
            bMeans[r] = Math.sqrt(ab.roundMean(1, r) * ba.roundMean(0, r));
            ratios[r] = bMeans[r] / aMeans[r];
        }
        Arrays.sort(ratios);
        Arrays.sort(aMeans);
        Arrays.sort(bMeans);
        out.printf(Locale.ROOT, "| %s | %.0f | %.0f | %.2f | %.2f to %.2f |%n", name, median(aMeans) / 1e3,
                median(bMeans) / 1e3, median(ratios), ratios[0], ratios[rounds - 1]);
        if (ab.forkTable != null) {
            out.println(Forks.mark(ab.forkTable, name, median(ratios)));
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

    /**
     * Per world of {@code [from, to)}: the mean tick, its ratio to {@code from}'s (median of rounds),
     * p99 over the mean, decisions a tick and nanoseconds a decision over all measured ticks.
     */
    void printCosts(PrintStream out, String ratioName, int from, int to) {
        out.printf(Locale.ROOT, "| world | mean µs a tick | %s (median of rounds) | p99 / mean | decisions a tick | ns a decision |%n"
                + "|---|---:|---:|---:|---:|---:|%n", ratioName);
        for (int w = from; w < to; w++) {
            double[] means = sortedRoundMeans(w);
            double[] ratios = sortedRoundRatios(w, from);
            TickTimes measured = times.get(w);
            double meanMicros = measured.meanMillis() * 1e3;
            double perTick = (double) measuredDecisions[w] / measured.count();
            out.printf(Locale.ROOT, "| %s | %.0f | %.2f | %.2f | %,.0f | %s |%n", names.get(w), median(means) / 1e3,
                    median(ratios), measured.percentileMillis(99) * 1e3 / meanMicros, perTick,
                    perTick == 0 ? "none made" : String.format(Locale.ROOT, "%.0f", meanMicros * 1e3 / perTick));
            markForTheParent(out, ratioName, w, median(ratios));
        }
    }

    /** In a fork's child, the world's ratio in a line for the parent. */
    private void markForTheParent(PrintStream out, String ratioName, int world, double ratio) {
        if (forkTable != null) {
            out.println(Forks.mark(forkTable + ", " + ratioName, names.get(world), ratio));
        }
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
