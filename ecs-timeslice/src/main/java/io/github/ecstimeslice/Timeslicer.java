package io.github.ecstimeslice;

import com.artemis.World;
import com.artemis.utils.IntBag;

import java.util.concurrent.Executor;

/**
 * The machinery of one {@link TimeslicedSystem}, which runs its steps in the order the system's
 * javadoc lists: the batch, the urgent jobs, the budget, the tiers, the histories, the counters,
 * the failures, and the job runners, on the world's thread and (made by the first worker
 * threading, from the platform's {@link Workers}, never in a browser) on workers. Its system reads
 * the fields directly.
 */
final class Timeslicer<I, O> {

    final TimeslicedSystem<I, O> system;
    final Batch batch;
    final TickFailures failures;
    final JobAllowance allowance;
    final TierSchedule schedule;
    final DecisionStats stats;
    final Histories<O> histories;
    final UrgentJobs<I, O> urgent;
    final EarlyAsks early;
    /** The log this system's turns are recorded to or played back from, and its place there; null: none. */
    DecisionLog log;
    int logIndex;
    /** A sliced system's jobs in pieces on the world's thread; null for a system of whole jobs. */
    final SlicedJobs<I, O> sliced;
    /** The system's jobs on the world's thread, in its class's copy of the loop (read by tests). */
    final JobLoop worldThread;
    /** Made by the first worker threading (never in a browser); null until then. */
    Workers.Jobs<I, O> workers;
    private World world;
    /** When the turn began: a millis budget on the world's thread covers all of it, and a share reports it. */
    private long turnStart;
    /** Jobs this turn counted that the last one started (joined next tick under a time budget): not this turn's budget's. */
    int lateJobs;
    /** Of the jobs the last turn left in flight, those this turn finished as run; -1 if none were in flight. */
    int lateRuns;
    /** Urgent jobs a turn may run on top of its budget ({@link TimeslicedSystem#setUrgentAllowance}), read as it starts. */
    private int urgentAllowance;
    /** This turn's urgent jobs on top of the budget, and the wall time they took: neither counts against it. */
    private int onTopJobs;
    private long onTopNanos;
    /** The executor of this turn's workers, or null if its jobs run on the world's thread (see {@link #onWorkers}). */
    Executor turnWorkers;
    /** The jobs the budget released this turn, or -1 under a time budget. */
    int releasedJobs;
    /** True once this turn called {@code prepareJobs()} for async input: once a turn. */
    private boolean prepared;

    @SuppressWarnings("unchecked")
    Timeslicer(TimeslicedSystem<I, O> system, IoPolicy policy, Class<? extends DecisionHistory<O>> historyType,
               int historyDepth) {
        this.system = system;
        allowance = new JobAllowance(system);
        batch = new Batch(policy);
        failures = new TickFailures(system);
        schedule = new TierSchedule(system, failures);
        stats = new DecisionStats(system, batch, schedule);
        histories = new Histories<>(system, historyType, historyDepth, batch, failures, stats);
        stats.histories = histories;
        worldThread = JobLoops.of(system, batch, histories, failures, stats);
        urgent = new UrgentJobs<>(system, batch, histories, schedule, failures, stats);
        early = new EarlyAsks(stats);
        stats.urgent = urgent;
        stats.early = early;
        sliced = system instanceof SlicedSystem
                ? new SlicedJobs<>((SlicedSystem<I, O>) system, batch, histories, failures, stats) : null;
    }

    /** Joins the system's world: takes its history mapper, and listens to its deletions for asks before a join. */
    void bind(World world) {
        this.world = world;
        histories.bind(world);
        early.bind(world);
    }

    /** Makes the worker runner, the first time {@code threading} puts jobs on workers (never in a browser). */
    void prepareFor(Threading threading) {
        Workers platform = Platform.workers();
        if (threading != Threading.WORLD_THREAD && workers == null && platform != null) {
            Workers.Jobs<I, O> made = platform.jobs(system, batch, histories, failures, stats, allowance);
            made.ensureCapacity(batch.capacity());
            workers = made;
        }
    }

    /**
     * The system's turn, its steps in the order its javadoc lists, with the turn's settings: the
     * policy of the next batch to start, the budget, where jobs run and the urgent allowance.
     */
    void turn(float worldDelta, IoPolicy nextBatchPolicy, Budget budget, ThreadingSetting threading,
              int urgentAllowance) {
        float delta = DecisionStats.checkedDelta(worldDelta, system);
        DecisionLog logged = log;
        boolean playing = logged != null && logged.playsBack();
        int logFlags = 0;
        TurnWatcher watching = stats.turnWatcher;
        JobTimeline timeline = stats.timeline;
        long watchedFrom = watching != null || timeline != null ? System.nanoTime() : 0;
        turnStarted(budget, delta, urgentAllowance);
        stats.tickStarted(delta);
        try {
            if (playing) {
                logged.read(system, logIndex, stats.tick);
            }
            finishPreviousJobs(threading, playing ? logged.lateRuns : -1); // 1.
            if (playing) {
                logged.checkLateRuns(system, stats.tick, lateRuns);
            }
            batch.skipDropped();
            if (schedule.tiered()) {
                schedule.reassessSome(system.getSubscription().getEntities(), delta); // 2.
            }
            if (playing ? logged.due(system, stats.tick, batch.finished(), mayHoldEmptyBatch()) : batchOver()) {
                logFlags = DecisionLog.BATCH_DUE;
                startNextBatch(system.getSubscription().getEntities(), nextBatchPolicy); // 3.
                logFlags |= DecisionLog.BATCH_STARTED;
                if (playing) {
                    logged.checkBatch(system, stats.tick, batch);
                }
                if (timeline != null) {
                    long end = System.nanoTime();
                    long start = end - stats.lastBatchStartNanos;
                    timeline.record(stats.timelineIndex, -1, JobTimeline.Kind.BATCH_START, stats.tick, start, start, end, end);
                }
            }
            if (watching != null) {
                stats.turnSummary.demand = urgent.servable() + batch.size - batch.position;
            }
            if (playing) {
                logged.play(this, threading.threading());
            } else {
                runJobs(threading.threading(), delta); // 4. and 5.
            }
        } catch (Throwable thrown) {
            failures.attachTo(thrown, executorError()); // reported now, not in a later tick
            throw thrown;
        } finally {
            // every turn past the checks is a tick, and every job it started counts
            turnEnded();
            stats.tickEnded();
            if (logged != null && !playing) { // last: a stream that fails leaves the turn counted
                logged.write(this, logFlags);
            }
        }
        if (timeline != null) {
            long end = System.nanoTime();
            timeline.record(stats.timelineIndex, -1, JobTimeline.Kind.TURN, stats.tick - 1, watchedFrom, watchedFrom, end, end);
        }
        if (watching != null) {
            tell(watching, watchedFrom);
        }
        failures.throwIfAny(executorError());
    }

    /**
     * A turn of {@code delta} seconds begins under {@code budget}: budgets it and serves the urgent
     * jobs asked before it. A budget that reads the clock starts it now: a time budget counts
     * everything the turn does by it (finishing, saving and reading a batch, jobs).
     */
    private void turnStarted(Budget budget, float delta, int urgentAllowance) {
        if (budget.readsTheClock()) {
            turnStart = System.nanoTime();
        }
        this.urgentAllowance = urgentAllowance;
        lateJobs = 0;
        onTopJobs = 0;
        onTopNanos = 0;
        prepared = false;
        if (sliced != null) {
            sliced.workThisTurn = -1;
        }
        early.turnStarted();
        urgent.turnStarted();
        allowance.use(budget);
        allowance.tickStarted(delta);
    }

    /** Fills the summary of the turn that began at {@code from} and tells {@code watching}; what it throws fails the tick. */
    private void tell(TurnWatcher watching, long from) {
        TurnSummary turn = stats.turnSummary;
        turn.tick = stats.tick - 1;
        turn.jobsRun = stats.jobsRunLastTick - lateJobs;
        turn.urgentJobs = stats.urgentJobsThisTick;
        turn.urgentOnTop = onTopJobs;
        turn.released = releasedJobs;
        turn.budgetMillis = releasedJobs < 0 ? allowance.nanosPerTick() / 1e6 : Double.NaN;
        turn.turnNanos = System.nanoTime() - from;
        turn.smooth();
        try {
            watching.turnEnded(system, turn);
        } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
            if (Platform.isFatal(thrown)) {
                throw (Error) thrown;
            }
            failures.add(thrown instanceof RuntimeException ? (RuntimeException) thrown
                    : new IllegalStateException("a TurnWatcher failed", thrown));
        }
    }

    /** The turn ended, however: its jobs count against the budget, and a share reports them and its time. */
    private void turnEnded() {
        allowance.spent(stats.jobsThisTick - lateJobs - onTopJobs);
        if (allowance.shared()) {
            allowance.turnEnded(stats.jobsThisTick - onTopJobs, System.nanoTime() - turnStart - onTopNanos);
        }
    }

    /**
     * How many jobs the system would start now given the budget: its urgent jobs waiting and its
     * batch's jobs left, or, if the batch is over, every subscribed entity's (with tiers, at most
     * that). O(1).
     */
    int jobsWanted() {
        int batchJobs = batchOver() ? system.getSubscription().getEntities().size() : batch.size - batch.position;
        return Math.max(0, urgent.waiting() - system.urgentAllowance()) + batchJobs;
    }

    boolean onWorkers(Threading threading) {
        return threading != Threading.WORLD_THREAD && workers != null;
    }

    /** Finishes the last tick's jobs on workers (a playback keeps {@code keep}; -1: all), and sets this turn's executor. */
    private void finishPreviousJobs(ThreadingSetting threading, int keep) {
        turnWorkers = null;
        lateRuns = -1;
        if (workers != null) {
            if (workers.busy()) {
                lateJobs = workers.finishKeeping(keep < 0 ? Integer.MAX_VALUE : keep);
                lateRuns = workers.finishedRuns();
            }
            workers.setExecutor(threading.executor());
            turnWorkers = threading.threading() == Threading.WORLD_THREAD ? null : threading.executor();
        }
    }

    /** The first {@code Error} the executor threw since the last call, or null. */
    Error executorError() {
        if (workers == null) {
            return null;
        }
        Error refused = workers.takeExecutorError();
        return refused != null ? refused : urgent.takeExecutorError();
    }

    /**
     * True if every job of the batch has started and finished and the next may start: a batch
     * that held no job (with tiers, none was due) goes on, so that a batch lasts what its budget
     * says even then ({@link Budget#batchEvery} keeps it for its period).
     */
    boolean batchOver() {
        return batch.finished() && !(mayHoldEmptyBatch() && allowance.holdsEmptyBatch(stats.batchSeconds));
    }

    /** True if the finished batch held no job because with tiers none was due: a budget may hold it for its period. */
    private boolean mayHoldEmptyBatch() {
        return batch.size == 0 && batch.batchesStarted > 0 && schedule.tiered();
    }

    /**
     * Saves the finished batch's staged outputs (sync output) and starts the next batch with the
     * {@code entities} due. What may throw (a store that cannot grow, the game's factories) runs
     * first: a failure leaves the finished batch as it was, to be saved once by a later tick.
     */
    void startNextBatch(IntBag entities, IoPolicy nextPolicy) {
        long start = System.nanoTime(); // once a batch: what no time budget divides, measured
        if (nextPolicy.syncInput()) {
            system.prepareJobs(); // first: a throw leaves everything as it was, for the next tick to try again
        }
        int size = entities.size();
        if (size > 0) {
            histories.store.ensureEntity(entities.get(size - 1)); // ids ascend: the last is the largest
        }
        if (size > batch.capacity()) {
            worldThread.makeSharedObjects();
            batch.ensureCapacity(size, system::newInput,
                    histories.depth == TimeslicedSystem.NO_HISTORY ? system::newOutput : null);
        }
        if (workers != null) {
            workers.ensureCapacity(batch.capacity()); // O(1) unless the batch grew
        }
        if (batch.policy.syncOutput()) {
            histories.saveStaged();
        }
        stats.batchTurnedOver(batch.size);
        if (schedule.tiered()) {
            schedule.batchStarting(batch.nextIndex(), stats.endedBatchSeconds);
        }
        batch.start(entities, nextPolicy, schedule);
        if (nextPolicy.syncInput()) {
            worldThread.readInputs();
        }
        stats.lastBatchStartNanos = System.nanoTime() - start;
    }

    /**
     * Starts and finishes this tick's jobs where {@code threading} says, as many as the budget
     * allows: the urgent ones first (first asked, first served, at least one), then the batch's.
     */
    void runJobs(Threading threading, float delta) {
        boolean onWorkers = onWorkers(threading);
        if (urgentAllowance > 0 && urgent.servable() > 0) {
            runOnTop();
        }
        int waiting = urgent.servable();
        boolean inPieces = sliced != null && sliced.runsPieces(allowance, onWorkers); // else its job going on is cancelled
        if (allowance.timeBudget()) {
            releasedJobs = -1;
            runUntilSpent(onWorkers ? threading : Threading.WORLD_THREAD, waiting, inPieces);
            return;
        }
        if (inPieces) { // a work budget's units, after one urgent job unless the allowance ran one
            releasedJobs = -1;
            prepareIfJobsStart(waiting > 0 || !batch.finished());
            if (waiting > 0 && onTopJobs == 0) {
                urgent.run(1, turnWorkers);
            }
            sliced.run(allowance.release(delta, batch.size), 0);
            return;
        }
        int jobs = allowance.release(delta, batch.size);
        releasedJobs = jobs;
        // a share: its part alone; else at least one urgent job a tick, unless the allowance ran one
        int urgentJobs = Math.min(waiting, allowance.shared() || onTopJobs > 0 ? jobs : Math.max(1, jobs));
        prepareIfJobsStart(urgentJobs > 0 || jobs > 0 && !batch.finished());
        if (urgentJobs > 0) {
            jobs = Math.max(0, jobs - urgent.run(urgentJobs, turnWorkers));
        }
        runBatchJobs(jobs, onWorkers ? threading : Threading.WORLD_THREAD);
    }

    /** Starts {@code jobs} of the batch where {@code threading} says, and but for next-tick workers finishes them. */
    void runBatchJobs(int jobs, Threading threading) {
        if (threading == Threading.WORLD_THREAD) {
            worldThread.run(jobs);
        } else if (threading == Threading.WORKERS_NEXT_TICK) {
            workers.start(jobs, false);
        } else {
            try {
                workers.start(jobs, true);
            } finally {
                workers.finish(); // also when a VM error leaves: no job is finished a tick late
            }
        }
    }

    /**
     * Under a time budget, where {@code threading} says: jobs start while the time, counted from
     * the turn's start, lasts; the urgent ones first; at least one job (none for a share whose
     * part is spent). Workers joined next tick start jobs until then too, after the turn.
     */
    private void runUntilSpent(Threading threading, int waiting, boolean inPieces) {
        if (allowance.shared() && allowance.nanosPerTick() <= 0) {
            return; // the pool's time is spent: a share runs nothing past its part
        }
        long deadline = turnStart + onTopNanos + allowance.nanosPerTick(); // compared by difference: no overflow
        prepareIfJobsStart(waiting > 0 || !batch.finished());
        int ran = waiting > 0 ? urgent.runUntil(deadline) : 0;
        if (ran > 0 && deadline - System.nanoTime() <= 0) {
            return;
        }
        if (inPieces) {
            sliced.runUntil(deadline); // at least one piece
        } else if (threading == Threading.WORLD_THREAD) {
            worldThread.runFor(deadline - System.nanoTime()); // at least one job
        } else if (threading == Threading.WORKERS_NEXT_TICK) {
            workers.startUntil(deadline, false);
        } else {
            try {
                workers.startUntil(deadline, true);
            } finally {
                workers.finish();
            }
        }
    }

    /**
     * The turn's urgent jobs on top of its budget, first asked first served, up to the allowance:
     * neither their jobs nor their time count against the budget (or a share's part).
     */
    private void runOnTop() {
        long start = System.nanoTime();
        prepareIfJobsStart(true);
        onTopJobs = urgent.run(urgentAllowance, turnWorkers);
        onTopNanos = System.nanoTime() - start;
    }

    /** With async input, {@code prepareJobs()} before the first of this tick's jobs, if one starts; once a turn. */
    void prepareIfJobsStart(boolean jobsStart) {
        if (jobsStart && !prepared && !batch.policy.syncInput()) {
            prepared = true;
            system.prepareJobs();
        }
    }

    /** Asks to decide the entity soon: now if it is the system's, else when it joins. */
    void ask(int entityId) {
        if (schedule.tier(entityId) >= 0) {
            urgent.ask(entityId);
        } else {
            early.ask(entityId);
        }
    }

    /**
     * Schedules the entity that joined for the next batch, {@code soon} too if the system says so or
     * it was asked for before it joined, and with tiers asks its tier.
     */
    void join(int entityId, boolean soon) {
        schedule.joined(entityId);
        if (early.take(entityId) || soon) {
            urgent.ask(entityId);
        }
        if (schedule.tiered()) {
            schedule.assess(entityId);
        }
    }

    /** Drops the entity's jobs, its history and its tier, so nothing of it reaches its id's next entity. */
    void forget(int entityId) {
        if (batch.dropEntity(entityId)) {
            schedule.slotDropped(entityId); // a job fewer in its tier's decisions per second
        } else if (workers != null && workers.busy()) {
            workers.droppedInFlight(entityId, schedule.countedTier(entityId)); // its job may be handed back unrun
        }
        if (sliced != null) {
            sliced.left(entityId);
        }
        urgent.forget(entityId);
        histories.forget(entityId, world);
        schedule.left(entityId);
    }

    /** Lets the jobs in flight finish and drops their outputs: the world is going away. */
    void abandon() {
        if (workers != null) {
            workers.abandon();
        }
        if (sliced != null) {
            sliced.cancel();
        }
        allowance.leavePool();
    }
}
