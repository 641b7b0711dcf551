package io.github.ecstimeslice.demo.run;

import java.util.Locale;

/**
 * A live run's tick times, for its report line each second of game time and its summary: the
 * whole tick, the deciding layer (decisions, or path planning) and the every-tick layer
 * (animation, or walking), summed over the report's ticks and over the run. The headline is the
 * milliseconds a tick; ticks per second are wall-clock throughput with no frame cap (the demo
 * ticks as fast as it can), said so. The summary leaves out the first ticks, the JIT's warm-up.
 * Its owner reads the fields directly.
 */
final class LiveTimes {

    /** When the run began (made after the scene was built), and when this report's ticks began. */
    final long wallStart = System.nanoTime();
    private long reportWallStart = wallStart;
    int reportTicks;
    private long reportTickNanos;
    private long reportDecidingNanos;
    private long reportEveryTickNanos;
    /** The ticks the summary leaves out, and the ticks seen so far. */
    private final int warmUpTicks;
    private long seen;
    /** When the warm-up ended; the summary's ticks and their times. */
    private long summaryWallStart = wallStart;
    private long summaryTicks;
    private long allTickNanos;
    private long allDecidingNanos;
    private long allEveryTickNanos;

    /** Times whose summary leaves out the first {@code warmUpTicks} ticks (0: none). */
    LiveTimes(int warmUpTicks) {
        this.warmUpTicks = warmUpTicks;
    }

    /**
     * The ticks a run of {@code ticks} at {@code ticksPerSecond} leaves out of its summary: the first
     * game second, when the run is longer than two; else none.
     */
    static int warmUpTicks(int ticks, int ticksPerSecond) {
        return ticks > 2 * ticksPerSecond ? ticksPerSecond : 0;
    }

    /** Adds a tick that took {@code tickNanos}, of which the two layers took the others. */
    void add(long tickNanos, long decidingNanos, long everyTickNanos) {
        reportTicks++;
        reportTickNanos += tickNanos;
        reportDecidingNanos += decidingNanos;
        reportEveryTickNanos += everyTickNanos;
        seen++;
        if (seen == warmUpTicks) {
            summaryWallStart = System.nanoTime();
        } else if (seen > warmUpTicks) {
            summaryTicks++;
            allTickNanos += tickNanos;
            allDecidingNanos += decidingNanos;
            allEveryTickNanos += everyTickNanos;
        }
    }

    /**
     * This report's mean times, the layers named {@code deciding} and {@code everyTick}, then its
     * ticks per wall second.
     */
    String reportText(long now, String deciding, String everyTick) {
        return String.format(Locale.ROOT, "%6.3f ms/tick (%s %6.3f, %s %6.3f)  unthrottled: %7.1f ticks/s of wall time",
                reportTickNanos / 1e6 / reportTicks, deciding, reportDecidingNanos / 1e6 / reportTicks, everyTick,
                reportEveryTickNanos / 1e6 / reportTicks, reportTicks / ((now - reportWallStart) / 1e9));
    }

    /** Starts the next report at {@code now}. */
    void nextReport(long now) {
        reportWallStart = now;
        reportTicks = 0;
        reportTickNanos = 0;
        reportDecidingNanos = 0;
        reportEveryTickNanos = 0;
    }

    /**
     * The mean times over the run's ticks after the warm-up, saying what was left out, then the
     * wall time and ticks per wall second over the same ticks.
     */
    String summaryText(String deciding, String everyTick) {
        return summaryText(System.nanoTime(), deciding, everyTick);
    }

    String summaryText(long now, String deciding, String everyTick) {
        long ticks = Math.max(1, summaryTicks);
        double wallSeconds = (now - summaryWallStart) / 1e9;
        String which = warmUpTicks == 0 ? String.format(Locale.ROOT, "over all %d ticks (no warm-up left out:"
                + " the run is 2 game seconds or shorter)", summaryTicks)
                : String.format(Locale.ROOT, "over the %d ticks after the first %d (the first game second, the JIT's"
                + " warm-up, left out)", summaryTicks, warmUpTicks);
        return String.format(Locale.ROOT, "%.3f ms/tick (%s %.3f, %s %.3f) %s; unthrottled: %.1f ticks/s of wall time"
                        + " over %.2f s", allTickNanos / 1e6 / ticks, deciding, allDecidingNanos / 1e6 / ticks, everyTick,
                allEveryTickNanos / 1e6 / ticks, which, summaryTicks / wallSeconds, wallSeconds);
    }
}
