package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.LogHistogram;

import java.util.Locale;

/**
 * Whether a time budget holds: a decision system's turns, split into the ticks in which it started
 * a batch (its {@code stats().batchesStarted()} changed) and the others, with what each batch
 * start alone cost ({@code stats().lastBatchStartMillis()}) and what a job costs, for a live run's
 * summary. A job's cost is the median of each tick's mean (the turn over its jobs, in ticks
 * without a batch start: jobs too small to time one by one without changing what they cost),
 * or the p99 of the jobs timed one by one ({@link #timedJobs}). The first ticks (the JIT's
 * warm-up) are left out.
 */
final class TurnSplit {

    private final LogHistogram without = new LogHistogram();
    private final LogHistogram with = new LogHistogram();
    private final LogHistogram batchStart = new LogHistogram();
    private final LogHistogram tickMeanJob = new LogHistogram();
    private final int skip;
    private int seen;
    /** Ticks without a batch start whose longest job is known, and those that went past the budget by more than it. */
    private long withLongestJob;
    private long pastTheirLongestJob;
    /** The budget's nanoseconds a tick, for {@link #pastTheirLongestJob}; NaN for a budget of jobs. */
    private double budgetNanos = Double.NaN;
    /** The jobs timed one by one, or null. */
    private LogHistogram jobs;

    /** A split that leaves out the first {@code skipTicks} ticks. */
    TurnSplit(int skipTicks) {
        this.skip = skipTicks;
    }

    /**
     * Takes a job's cost from {@code timed}, each job's time (cleared when the skipped ticks end),
     * and counts the ticks past {@code budgetMillis} (NaN: a budget of jobs) by more than their
     * own longest job; returns this.
     */
    TurnSplit timedJobs(LogHistogram timed, double budgetMillis) {
        this.jobs = timed;
        this.budgetNanos = budgetMillis * 1e6;
        return this;
    }

    /**
     * As {@link #add(long, boolean, double, int)}, with the longest job that ran since the last
     * tick's ({@code longestJobNanos}, below 0 if unknown): a time budget holds to within a job
     * per thread if no turn ran past it by more.
     */
    void add(long turnNanos, boolean batchStarted, double batchStartMillis, int jobsRun, long longestJobNanos) {
        if (seen >= skip && !batchStarted && longestJobNanos >= 0 && !Double.isNaN(budgetNanos)) {
            withLongestJob++;
            if (turnNanos > budgetNanos + longestJobNanos) {
                pastTheirLongestJob++;
            }
        }
        add(turnNanos, batchStarted, batchStartMillis, jobsRun);
    }

    /**
     * Adds a tick whose turn took {@code turnNanos} and ran {@code jobsRun} jobs; if
     * {@code batchStarted}, its batch start alone took {@code batchStartMillis}.
     */
    void add(long turnNanos, boolean batchStarted, double batchStartMillis, int jobsRun) {
        if (seen++ < skip) {
            if (seen == skip && jobs != null) {
                jobs.clear();
            }
            return;
        }
        if (batchStarted) {
            with.add(turnNanos);
            batchStart.add(Math.round(batchStartMillis * 1e6));
        } else {
            without.add(turnNanos);
            if (jobsRun > 0) {
                tickMeanJob.add(turnNanos / jobsRun);
            }
        }
    }

    /**
     * The summary line: {@code budget} is the budget's text, {@code budgetMillis} its milliseconds
     * a tick (NaN for a budget of jobs, whose ticks are not counted against it).
     */
    String summary(String budget, double budgetMillis) {
        double job = jobs != null ? jobs.percentileMillis(99) : tickMeanJob.percentileMillis(50);
        String jobText = jobs != null ? "a job's p99 " + millis(job) + " (each job timed)"
                : "a job " + millis(job) + " (median of each tick's turn over its jobs)";
        String over = "";
        if (!Double.isNaN(budgetMillis) && without.count() > 0) {
            over = String.format(Locale.ROOT, "; %d of %d ticks above budget + a job", without.countAbove(
                    budgetMillis + (Double.isNaN(job) ? 0 : job)), without.count());
        }
        if (withLongestJob > 0) {
            over += String.format(Locale.ROOT, ", %d of %d above budget + their own longest job",
                    pastTheirLongestJob, withLongestJob);
        }
        return String.format(Locale.ROOT, "turn ms: p99 %s (median %s, max %s) without a batch start (budget %s, %s%s),"
                        + " batch-start ticks p99 %s (batch start alone p99 %s) in %d ticks; the first %d ticks left out",
                millis(without.percentileMillis(99)), millis(without.percentileMillis(50)), millis(without.maxMillis()),
                budget, jobText, over, millis(with.percentileMillis(99)), millis(batchStart.percentileMillis(99)),
                with.count(), skip);
    }

    private static String millis(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, value < 0.01 ? "%.5f" : "%.3f", value);
    }
}
