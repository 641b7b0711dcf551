package io.github.ecstimeslice;

/**
 * How much decision work a {@link TimeslicedSystem} may do in one tick.
 *
 * <p>Immutable; one instance can be shared by many systems. Make one with a factory such as
 * {@link #jobsPerTick(int)}.
 */
public final class Budget {

    private final int jobsPerTick;

    private Budget(int jobsPerTick) {
        this.jobsPerTick = jobsPerTick;
    }

    /**
     * A fixed number of jobs started (and, single-threaded, finished) every tick, the seed's
     * {@code maxJobsPerUpdate}. A batch that runs out of jobs leaves the rest of the tick's budget
     * unused.
     *
     * @param jobs jobs per tick, at least 1
     * @throws IllegalArgumentException if {@code jobs} is zero or negative
     */
    public static Budget jobsPerTick(int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs per tick must be at least 1, was " + jobs);
        }
        return new Budget(jobs);
    }

    /** The most jobs this budget lets a system start in one tick. O(1). */
    int jobsThisTick() {
        return jobsPerTick;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Budget && ((Budget) o).jobsPerTick == jobsPerTick;
    }

    @Override
    public int hashCode() {
        return jobsPerTick;
    }

    @Override
    public String toString() {
        return "jobsPerTick(" + jobsPerTick + ")";
    }
}
