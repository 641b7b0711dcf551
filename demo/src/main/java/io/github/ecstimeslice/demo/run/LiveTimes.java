package io.github.ecstimeslice.demo.run;

import java.util.Locale;

/**
 * A live run's tick times, for its report line each second of game time and its summary: the
 * whole tick, the deciding layer (decisions, or path planning) and the every-tick layer
 * (animation, or walking), summed over the report's ticks and over the run. Its owner reads the
 * fields directly.
 */
final class LiveTimes {

    /** When the run began (made after the scene was built), and when this report's ticks began. */
    final long wallStart = System.nanoTime();
    private long reportWallStart = wallStart;
    int reportTicks;
    private long reportTickNanos;
    private long reportDecidingNanos;
    private long reportEveryTickNanos;
    private long allTickNanos;
    private long allDecidingNanos;
    private long allEveryTickNanos;

    /** Adds a tick that took {@code tickNanos}, of which the two layers took the others. */
    void add(long tickNanos, long decidingNanos, long everyTickNanos) {
        reportTicks++;
        reportTickNanos += tickNanos;
        reportDecidingNanos += decidingNanos;
        reportEveryTickNanos += everyTickNanos;
    }

    /** This report's ticks per wall second and their mean times, the layers named {@code deciding} and {@code everyTick}. */
    String reportText(long now, String deciding, String everyTick) {
        return String.format(Locale.ROOT, "%7.1f ticks/s  %6.3f ms/tick (%s %6.3f, %s %6.3f)",
                reportTicks / ((now - reportWallStart) / 1e9), reportTickNanos / 1e6 / reportTicks, deciding,
                reportDecidingNanos / 1e6 / reportTicks, everyTick, reportEveryTickNanos / 1e6 / reportTicks);
    }

    /** Adds this report's times to the run's and starts the next report at {@code now}. */
    void nextReport(long now) {
        allTickNanos += reportTickNanos;
        allDecidingNanos += reportDecidingNanos;
        allEveryTickNanos += reportEveryTickNanos;
        reportWallStart = now;
        reportTicks = 0;
        reportTickNanos = 0;
        reportDecidingNanos = 0;
        reportEveryTickNanos = 0;
    }

    /** The run's wall time, ticks per wall second and mean times over its {@code done} ticks. */
    String summaryText(int done, String deciding, String everyTick) {
        double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
        return String.format(Locale.ROOT, "%.1f s wall: %.1f ticks/s, %.3f ms/tick (%s %.3f, %s %.3f)",
                wallSeconds, done / wallSeconds, allTickNanos / 1e6 / done, deciding, allDecidingNanos / 1e6 / done,
                everyTick, allEveryTickNanos / 1e6 / done);
    }
}
