package io.github.ecstimeslice;

/**
 * How much decision work a {@link TimeslicedSystem} may do in one tick: a count, a rate in game
 * time, a refresh period, or a time slice measured on the clock.
 *
 * <p>Immutable; one instance can be shared by many systems (each keeps its own running state).
 * Make one with a factory:
 * <ul>
 * <li>{@link #jobsPerTick(int)}: Chou's {@code maxJobsPerUpdate}, for a fixed tick rate;</li>
 * <li>{@link #jobsPerSecond(double)}: Chou's "10 Hz (10 NPC jobs per second)", at any tick
 *     rate;</li>
 * <li>{@link #batchEvery(double)}: "every NPC re-decides within half a second", whatever their
 *     number;</li>
 * <li>{@link #millisPerTick(double)}: "AI gets two milliseconds of each frame";</li>
 * <li>{@link #workPerTick(int)}: Factorio's "1,000 node expansions a tick", for a
 *     {@link SlicedSystem}, whose jobs go on over ticks.</li>
 * </ul>
 *
 * <p><b>Batches.</b> A tick never starts jobs of two batches. The time-based budgets
 * ({@code jobsPerSecond}, {@code batchEvery}) release jobs as game time passes and keep what a tick
 * could not use (the fraction of a job, and the jobs left over when a batch ran out) for the next
 * tick, so over a run the jobs run equal the rate × game time within one job; the tick after a batch
 * boundary may therefore run up to one tick's release more than usual.
 *
 * <p><b>Long ticks.</b> A tick whose {@code world.delta} exceeds the long-tick threshold (default
 * {@value #DEFAULT_LONG_TICK_SECONDS} s: a debugger pause, a hitch, a loading screen) releases only
 * what the last normal tick released: like the game-loop practice of frame-locking a tick that
 * resumes from a breakpoint, it lets no backlog burst out (a long tick before any normal one
 * releases at most one job). Time kept over from earlier ticks is
 * capped at one tick's release plus one job, so an idle system saves up nothing either.
 */
public final class Budget {

    /** Above this {@code world.delta}, in seconds, a tick counts as a long tick unless told otherwise. */
    public static final double DEFAULT_LONG_TICK_SECONDS = 1.0;

    enum Kind { JOBS_PER_TICK, JOBS_PER_SECOND, BATCH_EVERY, MILLIS_PER_TICK, SHARE, WORK_PER_TICK }

    private final Kind kind;
    private final double amount;
    private final double longTickSeconds;
    /** The pool of a {@link SharedBudget#share}; null for the other kinds. */
    private final SharedBudget pool;

    private Budget(Kind kind, double amount, double longTickSeconds) {
        this(kind, amount, longTickSeconds, null);
    }

    private Budget(Kind kind, double amount, double longTickSeconds, SharedBudget pool) {
        this.kind = kind;
        this.amount = amount;
        this.longTickSeconds = longTickSeconds;
        this.pool = pool;
    }

    /** A share of {@code pool} with {@code weight} (checked by the pool). */
    static Budget shareOf(SharedBudget pool, double weight) {
        return new Budget(Kind.SHARE, weight, DEFAULT_LONG_TICK_SECONDS, pool);
    }

    /**
     * A fixed number of jobs every tick, Chou's {@code maxJobsPerUpdate}. A batch that runs out
     * of jobs leaves the rest of the tick's budget unused.
     *
     * @param jobs jobs per tick, at least 1
     * @throws IllegalArgumentException if {@code jobs} is zero or negative
     */
    public static Budget jobsPerTick(int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs per tick must be at least 1, was " + jobs);
        }
        return new Budget(Kind.JOBS_PER_TICK, jobs, DEFAULT_LONG_TICK_SECONDS);
    }

    /**
     * A rate in game time: {@code jobs} × {@code world.delta} jobs a tick, fractions carried over, so
     * over a run the jobs run equal {@code jobs} × the game seconds elapsed, within one job, at any
     * tick rate and with a varying delta (as long as the system has entities to decide for).
     *
     * @param jobs jobs per second of game time, positive and finite
     * @throws IllegalArgumentException if {@code jobs} is NaN, infinite, zero or negative
     */
    public static Budget jobsPerSecond(double jobs) {
        return new Budget(Kind.JOBS_PER_SECOND, positive("jobs per second", jobs), DEFAULT_LONG_TICK_SECONDS);
    }

    /**
     * A refresh period: every entity is decided at least once every {@code seconds} of game time,
     * whatever their number. A batch of N entities releases N / {@code seconds} jobs per second, so a
     * batch takes {@code seconds} (plus up to a tick at its boundary), and an entity waits about that
     * long between decisions.
     *
     * @param seconds the period, positive and finite
     * @throws IllegalArgumentException if {@code seconds} is NaN, infinite, zero or negative
     */
    public static Budget batchEvery(double seconds) {
        return new Budget(Kind.BATCH_EVERY, positive("batch period in seconds", seconds), DEFAULT_LONG_TICK_SECONDS);
    }

    /**
     * A time slice: jobs run until {@code millis} of wall-clock time ({@link System#nanoTime()}) are
     * spent, counted from the start of the system's turn on the world's thread (so a batch start's
     * saves and reads count too: see {@link DecisionStats#lastBatchStartMillis()}), at least one job
     * per tick so a batch always progresses. The clock is read after the first job and then after
     * strides sized to fill half the remaining time at the tick's measured job cost, so small jobs
     * pay for few clock reads; with jobs of steady cost no more than one job runs past the budget.
     * On workers a thread starts a chunk of jobs (one job, or about 20 µs of small ones) only while
     * the turn's time lasts, so a tick runs past it by the chunk each thread is in; the jobs not
     * started go back to the batch. Under {@link Threading#WORKERS_NEXT_TICK} the workers go on
     * after the turn until the same deadline, and their jobs count in the turn that finishes them.
     *
     * @param millis milliseconds per tick, positive and finite
     * @throws IllegalArgumentException if {@code millis} is NaN, infinite, zero or negative
     */
    public static Budget millisPerTick(double millis) {
        return new Budget(Kind.MILLIS_PER_TICK, positive("milliseconds per tick", millis), DEFAULT_LONG_TICK_SECONDS);
    }

    /**
     * A fixed amount of work every tick, in the units a {@link SlicedSystem}'s jobs count (node
     * expansions, candidates scored): the tick runs pieces of jobs, going on with the job a tick
     * left unfinished, until {@code units} are used, the last piece ending at the budget. Counted,
     * not timed: every run, platform and threading finishes the same jobs in the same ticks.
     *
     * @param units units of work per tick, at least 1
     * @throws IllegalArgumentException if {@code units} is zero or negative
     */
    public static Budget workPerTick(int units) {
        if (units < 1) {
            throw new IllegalArgumentException("work per tick must be at least 1 unit, was " + units);
        }
        return new Budget(Kind.WORK_PER_TICK, units, DEFAULT_LONG_TICK_SECONDS);
    }

    /**
     * {@code budget}, checked for {@code system}: not null, and a {@link #workPerTick} budget only
     * for a {@link SlicedSystem}.
     */
    static Budget checkedFor(TimeslicedSystem<?, ?> system, Budget budget) {
        if (budget == null) {
            throw new IllegalArgumentException("budget must not be null, was null");
        }
        if (budget.kind == Kind.WORK_PER_TICK && !(system instanceof SlicedSystem)) {
            throw new IllegalArgumentException(budget + " counts the pieces of a SlicedSystem's jobs; "
                    + system.getClass().getName() + "'s jobs are whole: give it jobsPerTick or another");
        }
        return budget;
    }

    /**
     * This budget with another long-tick threshold: a tick whose {@code world.delta} exceeds
     * {@code seconds} releases only what the last normal tick released. Matters for
     * {@code jobsPerSecond} and {@code batchEvery}.
     *
     * @throws IllegalArgumentException if {@code seconds} is NaN, infinite, zero or negative
     */
    public Budget withLongTickSeconds(double seconds) {
        return new Budget(kind, amount, positive("long-tick threshold in seconds", seconds), pool);
    }

    static double positive(String what, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be positive and finite, was " + value);
        }
        return value;
    }

    Kind kind() {
        return kind;
    }

    /** True if the budget needs the turn's clock: a time slice, or a share (its pool reports the time). */
    boolean readsTheClock() {
        return kind == Kind.MILLIS_PER_TICK || kind == Kind.SHARE;
    }

    /** The pool of a share, or null. */
    SharedBudget pool() {
        return pool;
    }

    /** Jobs per tick, jobs per second, period seconds, milliseconds, a share's weight or units of work, by {@link #kind()}. */
    double amount() {
        return amount;
    }

    /** The long-tick threshold in seconds. */
    public double longTickSeconds() {
        return longTickSeconds;
    }

    /** True if this budget releases jobs with game time ({@code jobsPerSecond}, {@code batchEvery}). */
    boolean releasesWithGameTime() {
        return kind == Kind.JOBS_PER_SECOND || kind == Kind.BATCH_EVERY;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Budget)) {
            return false;
        }
        Budget other = (Budget) o;
        if (kind == Kind.SHARE || other.kind == Kind.SHARE) {
            return this == other; // each share is one system's
        }
        return kind == other.kind && amount == other.amount && longTickSeconds == other.longTickSeconds;
    }

    @Override
    public int hashCode() {
        return (kind.hashCode() * 31 + PortableMath.hashOf(amount)) * 31 + PortableMath.hashOf(longTickSeconds);
    }

    @Override
    public String toString() {
        String base;
        switch (kind) {
            case JOBS_PER_TICK:
                base = "jobsPerTick(" + (int) amount + ")";
                break;
            case JOBS_PER_SECOND:
                base = "jobsPerSecond(" + amount + ")";
                break;
            case BATCH_EVERY:
                base = "batchEvery(" + amount + ")";
                break;
            case SHARE:
                base = pool + ".share(" + amount + ")";
                break;
            case WORK_PER_TICK:
                base = "workPerTick(" + (int) amount + ")";
                break;
            default:
                base = "millisPerTick(" + amount + ")";
                break;
        }
        return longTickSeconds == DEFAULT_LONG_TICK_SECONDS ? base : base + ".withLongTickSeconds(" + longTickSeconds + ")";
    }
}
