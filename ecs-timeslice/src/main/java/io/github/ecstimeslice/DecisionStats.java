package io.github.ecstimeslice;

/**
 * What a {@link TimeslicedSystem} has done: its ticks and game time, the jobs it ran, its batches,
 * the rate at which its entities decide and how old the decisions the game sees are, in all and
 * per significance tier. One per system, reached by {@link TimeslicedSystem#stats()}; read-only,
 * on the world's thread. Every getter is O(1) but the ages, which are measured on request.
 *
 * <p>Inside the library the system marks the tick's and the batch's boundaries and the job
 * runners add the jobs they start to {@code jobsThisTick}.
 */
public final class DecisionStats {

    /** The system whose stats these are: named when they print. */
    final Object system;
    final Batch batch;
    final TierSchedule schedule;
    /** The system's histories, which the ages are measured from; set once they are made. */
    Histories<?> histories;

    /** The current tick's index: 0 during the first processed tick. */
    long tick;
    /** True from a tick's start to its end. */
    private boolean inTick;
    /** Game time at the end of the current tick: the sum of the processed ticks' deltas. */
    double gameSeconds;
    /** Jobs started in this tick so far. */
    int jobsThisTick;
    int jobsRunLastTick;
    long jobsRunTotal;
    long batchesCompleted;
    long lastBatchJobs;
    long lastBatchTicks;
    double lastBatchSeconds;
    /**
     * Game time from the start of the tick the current batch started in to the start of this
     * tick, summed from the ticks' deltas: a difference of two game times would lose them once the
     * game time is so large that adding a delta leaves it unchanged.
     */
    double batchSeconds;
    /** How long the batch that ended last lasted (one that held no job too), summed likewise. */
    double endedBatchSeconds;
    private float tickDelta;
    private long batchStartJobs;
    long batchStartTick;
    /** Wall time of the last batch start. */
    long lastBatchStartNanos;
    /** Urgent jobs ({@link TimeslicedSystem#decideSoon}) started so far, and in this tick. */
    long urgentJobsTotal;
    int urgentJobsThisTick;
    /** Asks to decide soon that no job will serve: no live entity had the id, it did not join in time, or it left first. */
    long urgentAsksDropped;
    /** Why each entity's latest ask was dropped, for {@link #explain}. */
    final AskDrops askDrops = new AskDrops();
    /** Where the system's spans go ({@link #setJobTimeline}), and the index they carry; null: nowhere, nothing timed. */
    JobTimeline timeline;
    int timelineIndex;
    /** Told of each turn ({@link #setTurnWatcher}), read as a turn starts; null: nobody, nothing measured. */
    TurnWatcher turnWatcher;
    /** The watcher's summary, made when the first watcher is set. */
    TurnSummary turnSummary;
    /** The system's urgent jobs and asks before a join, for the asks waiting. */
    UrgentJobs<?, ?> urgent;
    EarlyAsks early;

    DecisionStats(Object system, Batch batch, TierSchedule schedule) {
        this.system = system;
        this.batch = batch;
        this.schedule = schedule;
    }

    /**
     * The world's delta, rounded to a float and checked (a tick needs one that is finite and at
     * least 0): a browser holds floats as doubles (GWT makes {@code 1 / 60f} the double 1/60), and
     * the rounding gives every platform the same game time, so the same ticks for every batch. It
     * is checked once rounded, as a browser's float can hold a double past a float's range, which
     * rounds to infinity.
     *
     * @throws IllegalArgumentException naming the value and the system, if it is not
     */
    static float checkedDelta(float delta, Object system) {
        float rounded = Platform.roundedToFloat(delta);
        if (!(rounded >= 0) || rounded == Float.POSITIVE_INFINITY) { // NaN fails the first test
            throw new IllegalArgumentException(system.getClass().getName()
                    + ": world.delta must be finite and at least 0, was " + delta);
        }
        return rounded;
    }

    /** A tick of {@code delta} seconds begins. */
    void tickStarted(float delta) {
        inTick = true;
        gameSeconds += delta;
        tickDelta = delta;
        jobsThisTick = 0;
        urgentJobsThisTick = 0;
    }

    /**
     * A batch of {@code size} slots ended (its last job finished) and the next starts in this tick.
     * The jobs this tick counted so far are the ended batch's: next-tick jobs finished this turn.
     */
    void batchTurnedOver(int size) {
        long batchJobsSoFar = jobsRunTotal + jobsThisTick - urgentJobsTotal - urgentJobsThisTick;
        if (size > 0) {
            batchesCompleted++;
            lastBatchJobs = batchJobsSoFar - batchStartJobs;
            lastBatchTicks = tick - batchStartTick;
            lastBatchSeconds = batchSeconds;
        }
        endedBatchSeconds = batchSeconds;
        batchSeconds = 0;
        batchStartJobs = batchJobsSoFar;
        batchStartTick = tick;
    }

    /** The tick is over, however it ended: its jobs count. */
    void tickEnded() {
        jobsRunLastTick = jobsThisTick;
        jobsRunTotal += jobsThisTick;
        urgentJobsTotal += urgentJobsThisTick;
        batchSeconds += tickDelta;
        tick++;
        inTick = false;
    }

    /** The index of the latest tick: the one in progress during a tick, else the last processed; -1 before any. */
    long latestTick() {
        return inTick ? tick : tick - 1;
    }


    /** The current tick's index: 0 during the first processed tick. Saves record it. */
    public long tick() {
        return tick;
    }

    /** Game time in seconds at the end of the current tick: the sum of the processed ticks' deltas. */
    public double gameSeconds() {
        return gameSeconds;
    }

    /**
     * How many jobs the last processed tick started (and, but for next-tick workers, finished),
     * urgent ones included. Next-tick workers under a time budget start jobs after the turn, until
     * the deadline: their jobs count in the turn that finishes them.
     */
    public int jobsRunLastTick() {
        return jobsRunLastTick;
    }

    /**
     * How many jobs the system has started in all (as {@link #jobsRunLastTick()} counts them), urgent
     * ones included; also the next-tick jobs that ran as the world was disposed, whose outputs were dropped.
     */
    public long jobsRunTotal() {
        return jobsRunTotal;
    }

    /** How many urgent jobs ({@link TimeslicedSystem#decideSoon}) the system has started in all. */
    public long urgentJobsTotal() {
        return urgentJobsTotal;
    }

    /**
     * How many entities wait for an urgent job ({@link TimeslicedSystem#decideSoon}) now: asked and
     * not yet served, each once however often asked, those not joined yet included.
     */
    public int urgentAsksWaiting() {
        return urgent.waiting() + early.waiting;
    }

    /**
     * How many asks to decide soon no urgent job served, in all: asks for an id no live entity holds
     * (deleted, or never made), for an entity that did not join before the system's next turn, and
     * for one that left before its job.
     */
    public long urgentAsksDropped() {
        return urgentAsksDropped;
    }

    /** An ask to decide {@code entityId} soon was dropped, for {@code reason} ({@link AskDrops}). */
    void askDropped(int entityId, byte reason) {
        urgentAsksDropped++;
        askDrops.dropped(entityId, reason);
    }

    /**
     * Why {@code entityId} has or has not decided, in one line: in the system or not (and an ask
     * waiting for its join), its tier and period, its last decision (tick and age, with a
     * history), where it stands in the batch in progress and about when its next job is due at
     * the present pace (a jobs-per-tick budget's, else the last tick's), its urgent ask waiting, and
     * why its latest ask was dropped, if it was. For a debugger or a log line, on the world's
     * thread; allocates the line.
     */
    public String explain(int entityId) {
        return EntityExplanation.of(this, entityId);
    }

    /** The timeline the system's spans go to, or null. */
    public JobTimeline jobTimeline() {
        return timeline;
    }

    /**
     * Records the system's turns and jobs into {@code timeline} from the next turn on; null: none
     * (the default). On the world's thread, between ticks. Attached, the jobs on the world's thread
     * run in a timed loop (a few clock reads a job more), allocation-free.
     */
    public void setJobTimeline(JobTimeline timeline) {
        if (timeline != null) {
            timelineIndex = timeline.indexOf((TimeslicedSystem<?, ?>) system);
        }
        this.timeline = timeline;
    }

    /** The watcher told of each turn, or null. */
    public TurnWatcher turnWatcher() {
        return turnWatcher;
    }

    /**
     * Tells {@code watcher} of each turn from the next on, with a {@link TurnSummary}; null: nobody
     * (the default). On the world's thread. Watched, a turn reads the clock twice more and
     * allocates nothing; unwatched, it measures nothing for it.
     */
    public void setTurnWatcher(TurnWatcher watcher) {
        if (watcher != null && turnSummary == null) {
            turnSummary = new TurnSummary();
        }
        turnWatcher = watcher;
    }

    /** How many non-empty batches have finished (all their jobs run). */
    public long batchesCompleted() {
        return batchesCompleted;
    }

    /** How many batches have started, the current one included (empty batches too). */
    public long batchesStarted() {
        return batch.batchesStarted;
    }

    /** How many entities the current batch started with. */
    public int batchSize() {
        return batch.size;
    }

    /** Position in the current batch: its slots started or dropped so far, 0 to {@link #batchSize()}. */
    public int batchPosition() {
        return batch.position;
    }

    /**
     * Wall-clock milliseconds the last batch start took: saving the finished batch's staged outputs
     * (sync output) and reading every input of the new one (sync input), O(entities). A
     * {@link Budget#millisPerTick} budget counts it, but cannot divide it: a tick whose batch start
     * alone spends the budget runs one job. 0 before a batch started.
     */
    public double lastBatchStartMillis() {
        return lastBatchStartNanos / 1e6;
    }

    /** How many ticks the last completed batch took, from its start to the next batch's start. */
    public long lastBatchTicks() {
        return lastBatchTicks;
    }

    /**
     * How many jobs the last completed batch ran, urgent ones not counted: with no tiers, what
     * {@link #decisionsPerSecond()} divides by {@link #lastBatchSeconds()}; 0 before one.
     */
    public long lastBatchJobs() {
        return lastBatchJobs;
    }

    /** How many game seconds the last completed batch took, from its start to the next batch's start. */
    public double lastBatchSeconds() {
        return lastBatchSeconds;
    }

    /**
     * Decisions per game second over the last completed batch (its start to the next's): the
     * batch's jobs, whichever tick ran them, urgent ones not counted; 0 before one, or if the batch
     * lasted no game time. With tiers, the sum of {@link #decisionsPerSecond(int)}: a batch holds
     * only the entities due.
     */
    public double decisionsPerSecond() {
        if (!schedule.tiered()) {
            return lastBatchSeconds > 0 ? lastBatchJobs / lastBatchSeconds : 0;
        }
        double sum = 0;
        for (double perTier : schedule.decisionsPerSecond) {
            sum += perTier;
        }
        return sum;
    }

    /**
     * Decisions per game second for {@code tier}'s entities, over the last (longest period)
     * batches completed, which hold every phase of every tier; 0 before a batch completed. With
     * one tier, {@link #decisionsPerSecond()}.
     *
     * @throws IllegalArgumentException if {@code tier} is not a tier of the system's tiers
     */
    public double decisionsPerSecond(int tier) {
        checkedTier(tier);
        return schedule.tiered() ? schedule.decisionsPerSecond[tier] : decisionsPerSecond(); // one tier: all
    }

    /**
     * How many subscribed entities are in {@code tier} now.
     *
     * @throws IllegalArgumentException if {@code tier} is not a tier of the system's tiers
     */
    public int entitiesInTier(int tier) {
        return schedule.entities[checkedTier(tier)];
    }

    /**
     * Measures the ages of the subscribed entities' latest outputs into {@code ages} (returned): the
     * entities the system was told of, also while artemis tells of a change. O(entity ids / 64 +
     * entities).
     */
    public DecisionAges measureAges(DecisionAges ages) {
        return histories.measureAges(ages, schedule, -1);
    }

    /** As {@link #measureAges(DecisionAges)}, for the subscribed entities in {@code tier}. */
    public DecisionAges measureAges(int tier, DecisionAges ages) {
        return histories.measureAges(ages, schedule, checkedTier(tier));
    }

    /**
     * The figures to look at first, in one line: the system and its ticks, the decisions a second,
     * the last completed batch (decisions, ticks, game seconds), the batch in progress (position,
     * size, what its start cost), the jobs of the last tick and in all, and each tier's entities if
     * tiered. For a log or a debugger; it allocates.
     */
    @Override
    public String toString() {
        String name = system.getClass().getName();
        StringBuilder line = new StringBuilder(name.substring(name.lastIndexOf('.') + 1))
                .append(" after ").append(tick).append(" ticks (").append(DecisionAges.fixed(gameSeconds, 2))
                .append(" s): ").append(Math.round(decisionsPerSecond())).append(" decisions/s");
        if (batchesCompleted > 0) {
            line.append("; last batch ").append(lastBatchJobs).append(" decisions in ").append(lastBatchTicks)
                    .append(" ticks (").append(DecisionAges.fixed(lastBatchSeconds, 2)).append(" s)");
        }
        line.append("; batch now ").append(batch.position).append(" of ").append(batch.size).append(", its start took ")
                .append(DecisionAges.fixed(lastBatchStartMillis(), 3)).append(" ms")
                .append("; last tick ").append(jobsRunLastTick).append(" jobs; in all ").append(jobsRunTotal)
                .append(" jobs (").append(urgentJobsTotal).append(" urgent), ").append(batchesCompleted)
                .append(" batches");
        if (schedule.tiered()) {
            line.append("; entities by tier");
            for (int tier = 0; tier < schedule.tiers.count(); tier++) {
                line.append(tier == 0 ? " " : " / ").append(schedule.entities[tier]);
            }
        }
        return line.toString();
    }

    private int checkedTier(int tier) {
        if (tier < 0 || tier >= schedule.tiers.count()) {
            throw new IllegalArgumentException("tier must be from 0 to " + (schedule.tiers.count() - 1) + ", was " + tier);
        }
        return tier;
    }
}
