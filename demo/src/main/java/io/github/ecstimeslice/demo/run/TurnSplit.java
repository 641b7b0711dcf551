package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.LogHistogram;

import java.util.ArrayList;
import java.util.List;
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
    /** The jobs timed one by one, or null; what a job is called. */
    private LogHistogram jobs;
    private String jobName = "job";

    /** A split that leaves out the first {@code skipTicks} ticks. */
    TurnSplit(int skipTicks) {
        this.skip = skipTicks;
    }

    /**
     * Takes a job's cost from {@code timed}, each job's time (cleared when the skipped ticks end),
     * and counts the ticks past {@code budgetMillis} (NaN: a budget of jobs) by more than their
     * own longest job; the summary calls a job {@code job} ("search"). Returns this.
     */
    TurnSplit timedJobs(LogHistogram timed, double budgetMillis, String job) {
        this.jobs = timed;
        this.jobName = job;
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
     * The summary, in lines: the turns without a batch start (median, p99, max), the ticks that
     * started a batch, what a job costs and, for a time budget, how many turns ran past it plus a
     * job and what to conclude ({@link BudgetVerdict}); then the ticks left out. {@code turns} names
     * whose turns they are ("decision turns"), {@code budget} is the budget's text and
     * {@code budgetMillis} its milliseconds a tick (NaN for a budget that counts jobs, not milliseconds).
     * No line nests parentheses.
     */
    String summary(String turns, String budget, double budgetMillis) {
        double job = jobs != null ? jobs.percentileMillis(99) : tickMeanJob.percentileMillis(50);
        String jobText = jobs != null ? String.format(Locale.ROOT, "a %s's p99 %s ms, each %s timed", jobName,
                millis(job), jobName) : "a job " + millis(job) + " ms, the median over the ticks of each turn over its jobs";
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%s in the %d ticks without a batch start: median %s ms, p99 %s, max %s",
                turns, without.count(), millis(without.percentileMillis(50)), millis(without.percentileMillis(99)),
                millis(without.maxMillis())));
        lines.add(with.count() == 0 ? "no measured tick started a batch"
                : String.format(Locale.ROOT, "%s in the %d ticks that started a batch: p99 %s ms, of which the batch"
                        + " start alone p99 %s, one piece no time budget divides", turns, with.count(),
                millis(with.percentileMillis(99)), millis(batchStart.percentileMillis(99))));
        if (Double.isNaN(budgetMillis)) {
            lines.add("budget " + budget + ", " + jobText + "; the budget counts jobs, not milliseconds, so no turn is"
                    + " counted against it");
        } else {
            long over = without.count() == 0 ? 0 : without.countAbove(budgetMillis + (Double.isNaN(job) ? 0 : job));
            String count = String.format(Locale.ROOT, "%d of the %d turns without a batch start took longer than the"
                    + " budget plus %s", over, without.count(), jobs != null ? "that" : "a job");
            if (withLongestJob > 0) {
                count += String.format(Locale.ROOT, ", %d of %d longer than the budget plus their own longest %s",
                        pastTheirLongestJob, withLongestJob, jobName);
            }
            lines.add("budget " + budget + ", " + jobText + ": " + count);
            lines.add(jobs != null ? BudgetVerdict.timedJobs(jobName, over, withLongestJob > 0 ? pastTheirLongestJob : -1,
                    without.count())
                    : BudgetVerdict.smallJobs(budgetMillis, job, over, without.count(), without.percentileMillis(50),
                    without.percentileMillis(99)));
        }
        lines.add(skip == 0 ? "no tick left out: the run is 2 game seconds or shorter"
                : skip == 1 ? "left out: the first tick, the JIT's warm-up"
                : String.format(Locale.ROOT, "left out: the first %d ticks, the JIT's warm-up", skip));
        return String.join(System.lineSeparator(), lines);
    }

    private static String millis(double value) {
        return BudgetVerdict.number(value);
    }
}
