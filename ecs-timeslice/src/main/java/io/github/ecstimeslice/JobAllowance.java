package io.github.ecstimeslice;

/**
 * How many jobs a system's {@link Budget} lets a tick start. Game-time budgets earn jobs with each
 * tick's delta and carry the unspent fraction (and what a batch left unused when it ran out) to
 * the next tick; a long tick earns what the last normal tick did. A millis budget is the clock's
 * (the runners read it); the measured cost per job on workers sizes their chunks. One per system;
 * O(1) per tick, no allocation.
 */
final class JobAllowance {

    /** The system whose budget this is: the one a {@link SharedBudget} splits its pool for; may be null in tests. */
    private final TimeslicedSystem<?, ?> system;
    private Budget budget = Budget.jobsPerTick(1);
    /** With a share, its part this turn: jobs, or nanoseconds from a millis pool. */
    private double part;
    private double credit;
    private double lastRelease;
    private double lastNormalDelta = -1;
    /** Wall time per job on the workers, smoothed over ticks; below 0 until a tick measured it. */
    private double nanosPerJob = -1;

    JobAllowance(TimeslicedSystem<?, ?> system) {
        this.system = system;
    }

    /**
     * Budgets this tick with {@code budget}; a budget other than the last tick's starts afresh. A
     * share takes its part of its pool now, and a share given up leaves its pool.
     */
    void use(Budget budget) {
        if (budget != this.budget) {
            leavePool();
            this.budget = budget;
            credit = 0;
            lastRelease = 0;
            lastNormalDelta = -1;
        }
        if (budget.pool() != null) {
            part = budget.pool().turnStarted(system, budget);
        }
    }

    /**
     * A tick of {@code delta} seconds began with this budget: a normal one is what a later long tick
     * earns as, even if this one ends before it releases a job (its batch start failed).
     */
    void tickStarted(float delta) {
        if (delta <= budget.longTickSeconds()) {
            lastNormalDelta = delta;
        }
    }

    /** True if the budget is a share of a pool: no job runs past its part. */
    boolean shared() {
        return budget.pool() != null;
    }

    /** The turn of a share ended having started {@code jobs} in {@code nanos}: its pool passes on what is left. */
    void turnEnded(int jobs, long nanos) {
        budget.pool().turnEnded(system, jobs, nanos);
    }

    /** The system no longer uses a share of its pool, if it did. */
    void leavePool() {
        if (budget.pool() != null) {
            budget.pool().leave(system);
        }
    }

    /** True if the budget is units of work a tick, for a sliced system's pieces. */
    boolean workBudget() {
        return budget.kind() == Budget.Kind.WORK_PER_TICK;
    }

    /** True if the budget is wall-clock time: {@code millisPerTick}, or a share of a millis pool. */
    boolean timeBudget() {
        return budget.kind() == Budget.Kind.MILLIS_PER_TICK || budget.pool() != null && budget.pool().millis();
    }

    /**
     * True if a batch that held no job and started {@code seconds} of game time ago is not over:
     * a {@link Budget#batchEvery} batch lasts its period. O(1).
     */
    boolean holdsEmptyBatch(double seconds) {
        // a millionth of the period to spare: the seconds are summed from float deltas
        return budget.kind() == Budget.Kind.BATCH_EVERY && seconds < budget.amount() * (1 - 1e-6);
    }

    /** The budget's time per tick, in nanoseconds, at most 10<sup>18</sup> (a cast saturates on the JVM alone). */
    long nanosPerTick() {
        return (long) Math.min(budget.pool() != null ? part : budget.amount() * 1_000_000, 1e18);
    }

    /**
     * How many jobs this tick may start (the batch may have fewer), for a tick of {@code delta}
     * seconds and a batch of {@code batchSize} entities. A {@link #timeBudget()} answers
     * {@link Integer#MAX_VALUE}: the clock stops it.
     */
    int release(float delta, int batchSize) {
        switch (budget.kind()) {
            case JOBS_PER_TICK:
            case WORK_PER_TICK: // units of work, for a sliced system's pieces
                return (int) budget.amount();
            case MILLIS_PER_TICK:
                return Integer.MAX_VALUE;
            case JOBS_PER_SECOND:
                return earn(budget.amount(), delta);
            case SHARE:
                return budget.pool().millis() ? Integer.MAX_VALUE : (int) part;
            default:
                return earn(batchSize / budget.amount(), delta); // BATCH_EVERY
        }
    }

    /** Credits what a tick of {@code delta} earns at {@code perSecond}; returns the whole jobs credited. */
    private int earn(double perSecond, float delta) {
        lastRelease = creditedJobs(perSecond, delta);
        credit += lastRelease;
        return credit >= Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) credit;
    }

    /**
     * Records that {@code jobs} of this tick's release ran. The rest carries to the next tick, up to
     * this tick's release plus one job: enough for what a batch left unused when it ran out
     * mid-tick, never a backlog built up while there was less work than the budget allowed. Urgent
     * jobs beyond the release are owed as far back, no further: later ticks earn them back first.
     */
    void spent(int jobs) {
        if (budget.releasesWithGameTime()) {
            double carried = lastRelease + 1;
            credit = Math.max(-carried, Math.min(credit - jobs, carried));
        }
    }

    /** Wall time per job on the workers, smoothed; below 0 until a tick measured it. */
    double nanosPerJob() {
        return nanosPerJob;
    }

    /** Notes that {@code jobs} jobs took {@code nanos} of summed wall time on the workers. */
    void measured(long nanos, int jobs) {
        double perJob = (double) nanos / jobs;
        nanosPerJob = nanosPerJob < 0 ? perJob : 0.75 * nanosPerJob + 0.25 * perJob;
    }

    /**
     * The jobs a tick earns at {@code perSecond}: for its delta, or, for a long tick, what the last
     * normal tick earned (one job if there was none yet, so a game whose ticks are all long still
     * progresses, slowly: raise the threshold for it).
     */
    private double creditedJobs(double perSecond, float delta) {
        if (delta > budget.longTickSeconds()) {
            return lastNormalDelta >= 0 ? earned(perSecond, lastNormalDelta) : Math.min(1, perSecond * delta);
        }
        return earned(perSecond, delta);
    }

    /** Jobs earned at {@code perSecond} in {@code seconds}: none in no time, even at a rate a double makes infinite. */
    private static double earned(double perSecond, double seconds) {
        return seconds == 0 ? 0 : perSecond * seconds;
    }
}
