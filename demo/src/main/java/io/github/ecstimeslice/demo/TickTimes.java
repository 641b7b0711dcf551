package io.github.ecstimeslice.demo;

import java.util.Arrays;

/** Durations of measured ticks, in nanoseconds, for a mean and percentiles. Preallocated. */
final class TickTimes {

    private final long[] nanos;
    private int count;

    TickTimes(int capacity) {
        nanos = new long[capacity];
    }

    void add(long tickNanos) {
        if (count < nanos.length) {
            nanos[count++] = tickNanos;
        }
    }

    int count() {
        return count;
    }

    double meanMillis() {
        long sum = 0;
        for (int i = 0; i < count; i++) {
            sum += nanos[i];
        }
        return count == 0 ? 0 : sum / 1e6 / count;
    }

    /** The {@code p}th percentile (0 < p ≤ 100), nearest rank, in milliseconds. */
    double percentileMillis(double p) {
        if (count == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * count);
        return sorted[Math.max(0, Math.min(count - 1, rank - 1))] / 1e6;
    }

    double maxMillis() {
        return percentileMillis(100);
    }
}
