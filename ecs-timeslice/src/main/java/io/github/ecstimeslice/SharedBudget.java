package io.github.ecstimeslice;

/**
 * One tick's budget shared by several {@link TimeslicedSystem}s: perception, targeting, paths and
 * ambient behaviour taking their jobs (or milliseconds) from one pool. Give each system a
 * {@link #share(double)} as its budget; a share with a higher weight is how a game says "combat AI
 * before ambient AI".
 *
 * <p>Each tick, when the first system holding a share begins its turn, the pool is split:
 * <ul>
 * <li>between the systems that have work, in proportion to their weights, none given more than it
 *     wants (its batch's jobs left, or the next batch's, and its urgent jobs; with a millis pool,
 *     times its measured cost per job): what one cannot use goes to the others, whatever their
 *     order in the world;</li>
 * <li>every system with work gets a job, if the pool holds one for each;</li>
 * <li>what a system leaves of its part all the same (a job that failed, a batch that ended) goes
 *     to the systems after it in the same tick;</li>
 * <li>a jobs pool never runs more than its jobs in a tick (an urgent allowance runs on top and
 *     asks the pool for nothing);</li>
 * <li>a millis pool's systems stop starting jobs once their part is spent, and what one runs past
 *     its part is taken from the parts of the systems after it: the pool overshoots by at most one
 *     job;</li>
 * <li>a system that takes a share, or gives it up ({@code setBudget}), joins or leaves the split
 *     from its next turn.</li>
 * </ul>
 * O(shares²) once a tick; no allocation once the shares are known.
 */
public final class SharedBudget {

    private final boolean millis;
    private final double amount;
    private final ShareSplit split = new ShareSplit();
    /** The systems holding a share, {@code systems[0, count)}, with their shares. */
    private TimeslicedSystem<?, ?>[] systems = new TimeslicedSystem<?, ?>[0];
    private Budget[] shares = new Budget[0];
    private int count;
    private double[] weights = new double[0];
    private double[] wants = new double[0];
    /** Per system: its part this tick, the tick it last took a turn in, and its measured cost per job. */
    private double[] parts = new double[0];
    private long[] turnRound = new long[0];
    private double[] nanosPerJob = new double[0];
    /** Per system: jobs and nanoseconds in its latest turn. */
    private int[] lastJobs = new int[0];
    private long[] lastNanos = new long[0];
    /** The tick (a round of turns) in progress, -1 before the first. */
    private long round = -1;
    /** What the systems that took their turn this tick left of their parts. */
    private double leftOver;

    private SharedBudget(boolean millis, double amount) {
        this.millis = millis;
        this.amount = amount;
    }

    /**
     * A pool of {@code jobs} jobs a tick.
     *
     * @throws IllegalArgumentException naming the value if {@code jobs} is below 1
     */
    public static SharedBudget jobsPerTick(int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs per tick must be at least 1, was " + jobs);
        }
        return new SharedBudget(false, jobs);
    }

    /**
     * A pool of {@code millis} milliseconds a tick, of wall-clock time on the world's thread, each
     * system's part counted from the start of its turn (see {@link Budget#millisPerTick}).
     *
     * @throws IllegalArgumentException naming the value if {@code millis} is not positive and finite
     */
    public static SharedBudget millisPerTick(double millis) {
        return new SharedBudget(true, Budget.positive("milliseconds per tick", millis));
    }

    /**
     * A share of this pool with {@code weight}: the budget of one system (each system its own
     * share; two systems holding one share are refused at the second's turn).
     *
     * @throws IllegalArgumentException naming the value if {@code weight} is not positive and finite
     */
    public Budget share(double weight) {
        return Budget.shareOf(this, Budget.positive("share weight", weight));
    }

    /** True for a millis pool, false for a jobs pool. */
    boolean millis() {
        return millis;
    }

    /**
     * {@code system} begins its turn holding {@code share}: a new tick if it took one already in
     * this one (the pool is split then), and its part, with what the systems before it left.
     * Jobs for a jobs pool, nanoseconds for a millis pool.
     *
     * @throws IllegalStateException if another system holds the same share
     */
    double turnStarted(TimeslicedSystem<?, ?> system, Budget share) {
        int at = indexOf(system, share);
        if (round < 0 || turnRound[at] == round) {
            newRound();
        }
        turnRound[at] = round;
        double part = parts[at] + leftOver;
        leftOver = 0;
        parts[at] = part;
        return part;
    }

    /** {@code system} ended its turn, having started {@code jobsRun} jobs in {@code turnNanos}. */
    void turnEnded(TimeslicedSystem<?, ?> system, int jobsRun, long turnNanos) {
        int at = indexOf(system);
        if (at < 0) {
            return;
        }
        lastJobs[at] = jobsRun;
        lastNanos[at] = turnNanos;
        // a millis part overrun is taken from the systems after it: the pool overshoots by one job at most
        leftOver = millis ? parts[at] - turnNanos : Math.max(0, parts[at] - jobsRun);
        if (jobsRun > 0) {
            double perJob = (double) turnNanos / jobsRun;
            nanosPerJob[at] = nanosPerJob[at] > 0 ? 0.75 * nanosPerJob[at] + 0.25 * perJob : perJob;
        }
    }

    /** {@code system} no longer holds a share of this pool (its budget changed, its world went away). */
    void leave(TimeslicedSystem<?, ?> system) {
        int at = indexOf(system);
        if (at < 0) {
            return;
        }
        count--;
        systems[at] = systems[count];
        shares[at] = shares[count];
        weights[at] = weights[count];
        parts[at] = parts[count];
        turnRound[at] = turnRound[count];
        nanosPerJob[at] = nanosPerJob[count];
        lastJobs[at] = lastJobs[count];
        lastNanos[at] = lastNanos[count];
        systems[count] = null;
        shares[count] = null;
    }

    /** A tick begins: the last one's counts are kept, and the pool is split by what each system wants now. */
    private void newRound() {
        round++;
        leftOver = 0;
        for (int i = 0; count > i; i++) {
            double wanted = systems[i].isEnabled() ? systems[i].slicer.jobsWanted() : 0;
            wants[i] = !millis || wanted == 0 ? wanted
                    : nanosPerJob[i] > 0 ? wanted * nanosPerJob[i] : Double.POSITIVE_INFINITY;
        }
        split.split(millis ? amount * 1e6 : amount, weights, wants, count, !millis);
        System.arraycopy(split.parts, 0, parts, 0, count);
    }

    private int indexOf(TimeslicedSystem<?, ?> system) {
        for (int i = 0; count > i; i++) {
            if (systems[i] == system) {
                return i;
            }
        }
        return -1;
    }

    /** The system's place, made at its first turn with {@code share}; it has no part until the next tick. */
    private int indexOf(TimeslicedSystem<?, ?> system, Budget share) {
        int at = indexOf(system);
        if (at >= 0 && shares[at] == share) {
            return at;
        }
        for (int i = 0; count > i; i++) {
            if (shares[i] == share && systems[i] != system) {
                throw new IllegalStateException(system.getClass().getName() + " and " + systems[i].getClass().getName()
                        + " hold the same share of " + this + ": give each system a share of its own");
            }
        }
        if (at >= 0) { // another share of this pool: its new weight from the next tick
            shares[at] = share;
            weights[at] = share.amount();
            return at;
        }
        grow();
        at = count++;
        systems[at] = system;
        shares[at] = share;
        weights[at] = share.amount();
        parts[at] = 0;
        turnRound[at] = -1;
        nanosPerJob[at] = 0;
        lastJobs[at] = 0;
        lastNanos[at] = 0;
        return at;
    }

    private void grow() {
        if (count < systems.length) {
            return;
        }
        int grown = Math.max(4, 2 * count);
        systems = java.util.Arrays.copyOf(systems, grown);
        shares = java.util.Arrays.copyOf(shares, grown);
        weights = java.util.Arrays.copyOf(weights, grown);
        wants = java.util.Arrays.copyOf(wants, grown);
        parts = java.util.Arrays.copyOf(parts, grown);
        turnRound = java.util.Arrays.copyOf(turnRound, grown);
        nanosPerJob = java.util.Arrays.copyOf(nanosPerJob, grown);
        lastJobs = java.util.Arrays.copyOf(lastJobs, grown);
        lastNanos = java.util.Arrays.copyOf(lastNanos, grown);
    }

    /** How many systems hold a share of this pool. */
    public int systems() {
        return count;
    }

    /**
     * Jobs the pool's systems started in their latest turns (between ticks: the tick just run) on
     * the pool, in all: not those of an urgent allowance, on top.
     */
    public int jobsLastTick() {
        int sum = 0;
        for (int i = 0; count > i; i++) {
            sum += lastJobs[i];
        }
        return sum;
    }

    /** Milliseconds the pool's systems' latest turns took, in all, less their urgent allowances' jobs. */
    public double millisLastTick() {
        long sum = 0;
        for (int i = 0; count > i; i++) {
            sum += lastNanos[i];
        }
        return sum / 1e6;
    }

    /** Decisions per game second of the pool's systems, in all (see {@link DecisionStats#decisionsPerSecond()}). */
    public double decisionsPerSecond() {
        double sum = 0;
        for (int i = 0; count > i; i++) {
            sum += systems[i].stats().decisionsPerSecond();
        }
        return sum;
    }

    /**
     * Jobs the system holding {@code share} started in its latest turn.
     *
     * @throws IllegalArgumentException if no system holds {@code share} of this pool
     */
    public int jobsLastTick(Budget share) {
        return lastJobs[held(share)];
    }

    /**
     * Milliseconds the latest turn of the system holding {@code share} took.
     *
     * @throws IllegalArgumentException if no system holds {@code share} of this pool
     */
    public double millisLastTick(Budget share) {
        return lastNanos[held(share)] / 1e6;
    }

    /**
     * Decisions per game second of the system holding {@code share}.
     *
     * @throws IllegalArgumentException if no system holds {@code share} of this pool
     */
    public double decisionsPerSecond(Budget share) {
        return systems[held(share)].stats().decisionsPerSecond();
    }

    private int held(Budget share) {
        for (int i = 0; count > i; i++) {
            if (shares[i] == share) {
                return i;
            }
        }
        throw new IllegalArgumentException("no system holds " + share + " of " + this + " (yet: from its first turn)");
    }

    @Override
    public String toString() {
        return millis ? "SharedBudget.millisPerTick(" + amount + ")" : "SharedBudget.jobsPerTick(" + (int) amount + ")";
    }
}
