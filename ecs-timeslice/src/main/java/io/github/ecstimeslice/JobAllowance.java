package io.github.ecstimeslice;

/**
 * A system's running account of the jobs its {@link Budget} has released and it has not yet run:
 * the carried fraction, the jobs left over when a batch ran out, and the last normal tick's delta
 * for long ticks. One per system; O(1) per tick, no allocation.
 */
final class JobAllowance {

    private Budget budget = Budget.jobsPerTick(1);
    private double credit;
    private double lastRelease;
    private double lastNormalDelta = -1;

    /**
     * How many jobs the budget lets this tick run (at most; the batch may have fewer), for a tick of
     * {@code delta} seconds and a current batch of {@code batchSize} entities. A time-sliced budget
     * answers {@link Integer#MAX_VALUE}: the clock stops it.
     */
    int release(Budget budget, float delta, int batchSize) {
        this.budget = budget;
        switch (budget.kind()) {
            case JOBS_PER_TICK:
                return (int) budget.amount();
            case MILLIS_PER_TICK:
                return Integer.MAX_VALUE;
            default:
                double perSecond = budget.kind() == Budget.Kind.JOBS_PER_SECOND
                        ? budget.amount()
                        : batchSize / budget.amount();
                lastRelease = creditedJobs(perSecond, delta);
                credit += lastRelease;
                return credit >= Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) credit;
        }
    }

    /** Starts afresh: no credit, no normal tick seen. Called when the system's budget changes. */
    void reset() {
        credit = 0;
        lastRelease = 0;
        lastNormalDelta = -1;
    }

    /**
     * Records that {@code jobs} of this tick's release ran. The rest carries to the next tick, up to
     * this tick's release plus one job: enough for what a batch left unused when it ran out
     * mid-tick, never a backlog built up while there was less work than the budget allowed.
     */
    void spent(int jobs) {
        if (budget.releasesWithGameTime()) {
            credit = Math.min(credit - jobs, lastRelease + 1);
        }
    }

    /**
     * The jobs a tick earns at {@code perSecond}: for its delta, or, for a long tick, what the last
     * normal tick earned (one job if there was none yet, so a game whose ticks are all long still
     * progresses, slowly: raise the threshold for it).
     */
    private double creditedJobs(double perSecond, float delta) {
        if (!(delta >= 0)) {
            return 0;
        }
        if (delta > budget.longTickSeconds()) {
            return lastNormalDelta >= 0 ? perSecond * lastNormalDelta : Math.min(1, perSecond * delta);
        }
        lastNormalDelta = delta;
        return perSecond * delta;
    }
}
