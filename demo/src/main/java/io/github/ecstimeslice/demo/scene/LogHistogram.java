package io.github.ecstimeslice.demo.scene;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Durations in nanoseconds, counted in buckets 1% apart, for percentiles over runs of any length
 * in fixed memory (12 KB). Safe to add to from several threads (jobs on workers). A percentile is
 * its bucket's upper bound, at most the largest duration added: at most 1% above the exact one.
 */
public final class LogHistogram {

    private static final double STEP = Math.log(1.01);
    /** 1.01^3000 ns is about 2.6 hours: longer durations share the last bucket. */
    private static final int BUCKETS = 3000;

    private final AtomicIntegerArray counts = new AtomicIntegerArray(BUCKETS + 1);
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong max = new AtomicLong();

    /** Counts one duration of {@code nanos}. */
    public void add(long nanos) {
        int bucket = nanos <= 1 ? 0 : (int) Math.min(BUCKETS, Math.ceil(Math.log(nanos) / STEP));
        counts.incrementAndGet(bucket);
        count.incrementAndGet();
        max.accumulateAndGet(nanos, Math::max);
    }

    /** How many durations were added. */
    public long count() {
        return count.get();
    }

    /** The {@code p}th percentile (0 < p ≤ 100), nearest rank, in milliseconds; NaN if none was added. */
    public double percentileMillis(double p) {
        long n = count.get();
        if (n == 0) {
            return Double.NaN;
        }
        long rank = Math.max(1, (long) Math.ceil(p / 100 * n));
        long seen = 0;
        for (int bucket = 0; bucket <= BUCKETS; bucket++) {
            seen += counts.get(bucket);
            if (seen >= rank) {
                return Math.min(max.get(), Math.pow(1.01, bucket)) / 1e6;
            }
        }
        return max.get() / 1e6;
    }

    /** The longest duration added, in milliseconds; NaN if none. */
    public double maxMillis() {
        return count.get() == 0 ? Double.NaN : max.get() / 1e6;
    }

    /** How many durations were above {@code millis}, to the buckets' 1%. */
    public long countAbove(double millis) {
        long above = 0;
        for (int bucket = 0; bucket <= BUCKETS; bucket++) {
            if (Math.pow(1.01, bucket - 1) >= millis * 1e6) { // the bucket's lower bound
                above += counts.get(bucket);
            }
        }
        return above;
    }

    /** Forgets every duration added. */
    public void clear() {
        for (int bucket = 0; bucket <= BUCKETS; bucket++) {
            counts.set(bucket, 0);
        }
        count.set(0);
        max.set(0);
    }
}
