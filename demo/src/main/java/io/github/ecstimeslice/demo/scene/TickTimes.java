package io.github.ecstimeslice.demo.scene;

import java.util.Arrays;

/** Durations of measured ticks, in nanoseconds, for a mean and percentiles. Preallocated. */
public final class TickTimes {

    private final long[] nanos;
    private int count;

    /** Room for {@code capacity} ticks; ticks past it are not kept. */
    public TickTimes(int capacity) {
        nanos = new long[capacity];
    }

    /** Keeps one tick's duration. */
    public void add(long tickNanos) {
        if (count < nanos.length) {
            nanos[count++] = tickNanos;
        }
    }

    /** How many ticks are kept. */
    public int count() {
        return count;
    }

    /** The {@code i}th kept tick's nanoseconds, in the order they were added. */
    public long nanos(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("tick " + i + " of " + count);
        }
        return nanos[i];
    }

    /** A copy of the kept ticks {@code from} (inclusive) to {@code to} (exclusive), in their order. */
    public TickTimes slice(int from, int to) {
        if (from < 0 || to > count || from > to) {
            throw new IndexOutOfBoundsException("ticks " + from + " to " + to + " of " + count);
        }
        TickTimes slice = new TickTimes(to - from);
        System.arraycopy(nanos, from, slice.nanos, 0, to - from);
        slice.count = to - from;
        return slice;
    }

    /** The mean tick, in milliseconds; 0 with no ticks. */
    public double meanMillis() {
        long sum = 0;
        for (int i = 0; i < count; i++) {
            sum += nanos[i];
        }
        return count == 0 ? 0 : sum / 1e6 / count;
    }

    /** The {@code p}th percentile (0 < p ≤ 100), nearest rank, in milliseconds. */
    public double percentileMillis(double p) {
        if (count == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * count);
        return sorted[Math.max(0, Math.min(count - 1, rank - 1))] / 1e6;
    }

    /** The longest tick, in milliseconds. */
    public double maxMillis() {
        return percentileMillis(100);
    }
}
