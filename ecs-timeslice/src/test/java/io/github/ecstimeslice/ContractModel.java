package io.github.ecstimeslice;

import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.Aspect;
import io.github.ecstimeslice.ContractComponents.Stamp;
import io.github.ecstimeslice.ContractScript.ContractSystem;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the timing contract promises about one {@link TimeslicedSystem} of a contract script, kept
 * from what the script did (entities joining and leaving, settings set, faults thrown) and what the
 * system's callbacks showed, and checked against the system inside its callbacks, at the end of each
 * of its turns and between ticks. Expected values come from the contract (rules 1 to 9 of
 * {@link ContractModelTest}), never from what the system reports; a broken promise is handed to
 * {@link ContractScript#violate}.
 */
final class ContractModel {

    enum State { PENDING, STARTED, RAN, FAILED, SAVED, LEFT }

    /** One stay of one entity (serial) in the aspect: from artemis's insert to its leave. */
    static final class Membership {
        final int id;
        final long serial;
        final int number;
        boolean active = true;
        /** 2 x the turn before which artemis delivered the leave (2 x turn + 1 stands for "during the turn"). */
        long leftAt = Long.MAX_VALUE;
        /** Saved outputs, newest first (all of them, trimmed to the depth). */
        final ArrayDeque<Saved> history = new ArrayDeque<>();
        int saves;

        Membership(int id, long serial, int number) {
            this.id = id;
            this.serial = serial;
            this.number = number;
        }

        @Override
        public String toString() {
            return "entity " + id + " (serial " + serial + ", membership " + number + ")";
        }
    }

    record Saved(long serial, int membership, long readTick, double readSeconds, long readBatch, long tick,
                 double seconds) {
    }

    /** A batch member's job. */
    static final class Job {
        final Membership who;
        State state = State.PENDING;
        /** The turn the job started in, or -1 if not seen (sync input on workers). */
        long startTurn = -1;
        /** The turn a worker saw while running it. */
        long runSeen = -1;

        Job(Membership who) {
            this.who = who;
        }
    }

    static final class Batch {
        final long number;
        final IoPolicy policy;
        final long startTurn;
        final TreeMap<Integer, Job> jobs = new TreeMap<>();
        /** Subscribed entities when it started, deleted ones among them too. */
        int snapshot;
        int lastSyncRead = -1;
        /** runJob calls on inputs read for it, as seen so far: the jobs it started, whichever turn ran them. */
        int runs;

        Batch(long number, IoPolicy policy, long startTurn) {
            this.number = number;
            this.policy = policy;
            this.startTurn = startTurn;
        }

        boolean hasPending() {
            for (Job job : jobs.values()) {
                if (job.state == State.PENDING) {
                    return true;
                }
            }
            return false;
        }

        Integer firstPending() {
            for (Map.Entry<Integer, Job> e : jobs.entrySet()) {
                if (e.getValue().state == State.PENDING) {
                    return e.getKey();
                }
            }
            return null;
        }
    }

    /** A runJob call, as a worker saw it. */
    record Run(int id, long serial, int membership, long readBatch, long seen, boolean worldThread, Throwable fault) {
    }

    /** A failure the system must report with a JobFailedException in a turn from {@code from} to {@code to}. */
    record Due(int entity, Throwable cause, long from, long to, String where) {
    }

    final String name;
    final ContractScript script;
    final ContractSystem system;
    final int depth;
    final ComponentMapper<? extends DecisionHistory<Stamp>> historyMapper;
    final EntitySubscription historySubscription;

    // settings: as last set, and as in force for the turn under way
    IoPolicy policySet;
    Budget budgetSet;
    Threading threadingSet = Threading.WORLD_THREAD;
    ContractExecutors.Named executorSet;
    Threading turnThreading;
    Budget turnBudget;
    IoPolicy turnPolicy;
    final List<Threading> threadingOf = new ArrayList<>();
    /** Per turn, whether its budget was a time budget. */
    final List<Boolean> timedOf = new ArrayList<>();

    // turn state
    boolean inTurn;
    boolean badDelta;
    float delta;
    /** The turn under way (during a turn) or next (between turns): the system's tick(). */
    long modelTick;
    double modelSeconds;
    volatile long turnSeen;
    boolean lost;
    boolean maybeStart;
    boolean resolvedLate;
    Batch closedThisTurn;
    Batch batch;
    Batch previous;
    long batches;
    long completed;
    final List<Membership> beginActives = new ArrayList<>();
    final List<Job> startedThisTurn = new ArrayList<>();
    final List<Job> awaitingSave = new ArrayList<>();
    Job pendingSave;
    int asyncStarts;

    // stats
    final AtomicLong runs = new AtomicLong();
    long totalBefore;
    long statTick;
    double statSeconds;
    long statBatches;
    long statTotal;
    int statLast;
    /** Game seconds from the start of the turn the batch under way started in to the end of the last turn. */
    double batchSeconds;
    /** The game seconds of the last non-empty batch that ended, from its start to the next batch's. */
    double lastBatchSeconds;
    /** batchesCompleted() when the last turn ended: the rate is checked when it grows. */
    long completedBefore;

    // rate budgets
    Budget epochBudget;
    double releaseSum;
    long jobsSum;
    double lastNormalDelta = -1;

    final Map<Integer, Membership> current = new HashMap<>();
    final ConcurrentLinkedQueue<Run> runsToSee = new ConcurrentLinkedQueue<>();
    final List<Due> dues = new ArrayList<>();
    final List<Error> executorErrors = new ArrayList<>();
    Throwable createFailure;

    ContractModel(String name, ContractScript script, ContractSystem system, IoPolicy policy, Budget budget,
                  Class<? extends DecisionHistory<Stamp>> historyType, int depth) {
        this.name = name;
        this.script = script;
        this.system = system;
        this.depth = depth;
        this.policySet = policy;
        this.budgetSet = budget;
        this.historyMapper = depth == 0 ? null : script.world.getMapper(historyType);
        this.historySubscription = depth == 0 ? null
                : script.world.getAspectSubscriptionManager().get(Aspect.all(historyType));
    }

    /** What left process() in the turn being ended, for messages. */
    private Throwable turnThrown;

    static final boolean TRACE = Boolean.getBoolean("contract.trace");

    void trace(String event) {
        if (TRACE) {
            System.out.println("[trace] " + name + " t" + modelTick + " " + event);
        }
    }

    private void violate(String rule, String message) {
        script.violate(rule, name + " at tick " + modelTick + ": " + message
                + (turnThrown == null ? "" : " [this turn threw " + turnThrown + "]")
                + " [" + policySummary() + "]");
    }

    private String policySummary() {
        return "batch policy " + (batch == null ? "-" : batch.policy) + ", " + turnThreading
                + (executorSet == null ? "" : " on " + executorSet) + ", " + turnBudget + ", depth " + depth;
    }

    Threading threadingOf(long turn) {
        return turn >= 0 && turn < threadingOf.size() ? threadingOf.get((int) turn) : Threading.WORLD_THREAD;
    }

    /**
     * True if the turn ran its jobs on workers under a time budget: a thread starts a chunk only
     * while the time lasts, and the jobs whose inputs were read but that no thread started go back
     * to the batch when the turn (joined in it) or the next (joined next tick) finishes them.
     */
    boolean timedOnWorkers(long turn) {
        return threadingOf(turn) != Threading.WORLD_THREAD && turn >= 0 && turn < timedOf.size() && timedOf.get((int) turn);
    }

    /** True if the turn's jobs ran on workers joined next tick under a time budget: they count in the next turn. */
    boolean countedNextTurn(long turn) {
        return timedOnWorkers(turn) && threadingOf(turn) == Threading.WORKERS_NEXT_TICK;
    }

    private static boolean timeBudget(Budget b) {
        return b.kind() == Budget.Kind.MILLIS_PER_TICK || b.kind() == Budget.Kind.SHARE && b.pool().millis();
    }

    /**
     * The jobs handed back by now: those whose input was read in an earlier turn joined next tick
     * under a time budget, or ({@code turnOver}) in this one joined in it, and that did not run, are
     * pending again, to be read and run later in the batch's order.
     */
    private void settleHandedBack(boolean turnOver) {
        drain();
        if (lost || batch == null) {
            return;
        }
        for (Job job : batch.jobs.values()) {
            if (job.state == State.STARTED && timedOnWorkers(job.startTurn) && (job.startTurn < modelTick
                    || turnOver && threadingOf(modelTick) == Threading.WORKERS_SAME_TICK)) {
                job.state = State.PENDING;
                if (job.startTurn == modelTick && startedThisTurn.remove(job)) {
                    asyncStarts--;
                }
            }
        }
    }

    // ---- membership, told by the script ----

    void joined(int id, long serial, int number) {
        trace("joined " + id + " serial " + serial + " membership " + number);
        Membership old = current.get(id);
        if (old != null && old.active) {
            violate("harness", "joined twice: " + old);
        }
        current.put(id, new Membership(id, serial, number));
    }

    /** The entity left, as artemis delivers it: between systems, also for a deletion in this system's own turn. */
    void left(int id) {
        trace("left " + id);
        Membership m = current.get(id);
        if (m == null || !m.active) {
            return;
        }
        m.active = false;
        m.leftAt = 2 * modelTick;
        m.history.clear();
        for (Batch b : new Batch[]{batch, previous}) {
            if (b != null) {
                Job job = b.jobs.get(id);
                if (job != null && job.who == m && job.state != State.FAILED && job.state != State.SAVED) {
                    job.state = State.LEFT;
                }
            }
        }
    }

    Membership active(int id) {
        Membership m = current.get(id);
        return m != null && m.active ? m : null;
    }

    // ---- turns ----

    void begin() {
        trace("begin, delta " + delta + ", threading " + threadingSet + ", budget " + budgetSet + ", policy " + policySet);
        inTurn = true;
        script.turnOwner = this;
        createFailure = null;
        if (script.disposed) {
            return;
        }
        if (badDelta) {
            statTick = system.stats().tick();
            statSeconds = system.stats().gameSeconds();
            statBatches = system.stats().batchesStarted();
            statTotal = system.stats().jobsRunTotal();
            statLast = system.stats().jobsRunLastTick();
            return;
        }
        drain();
        if (system.stats().tick() != modelTick) {
            violate("7 stats", "tick() is " + system.stats().tick() + " at the start of turn " + modelTick);
        }
        turnThreading = threadingSet;
        turnBudget = budgetSet;
        turnPolicy = policySet;
        threadingOf.add(turnThreading);
        timedOf.add(timeBudget(turnBudget));
        turnSeen = modelTick;
        modelSeconds += delta;
        startedThisTurn.clear();
        closedThisTurn = null;
        maybeStart = false;
        resolvedLate = false;
        pendingSave = null;
        asyncStarts = 0;
        beginActives.clear();
        for (Membership m : current.values()) {
            if (m.active) {
                beginActives.add(m);
            }
        }
        checkHistoryComponents();
        if (lost) {
            return;
        }
        if (batch != null && !batch.hasPending() && mayBeHandedBack()) {
            maybeStart = true; // jobs read last tick may not have run: they come back, or the batch is done
        } else if (batch == null || !batch.hasPending()) {
            openBatch();
        } else if (batch.policy.syncInput() && threadingOf(modelTick - 1) == Threading.WORKERS_NEXT_TICK) {
            maybeStart = true; // jobs started last tick are not all seen yet: the batch may be done
        }
    }

    /** True if a job of the batch was read in the last turn, joined next tick under a time budget, and not seen to run. */
    private boolean mayBeHandedBack() {
        if (!countedNextTurn(modelTick - 1)) {
            return false;
        }
        for (Job job : batch.jobs.values()) {
            if (job.state == State.STARTED && job.startTurn == modelTick - 1) {
                return true;
            }
        }
        return false;
    }

    private void openBatch() {
        maybeStart = false;
        if (batch != null) {
            if (batch.snapshot > 0) {
                completed++;
                lastBatchSeconds = batchSeconds;
            }
        }
        batchSeconds = 0;
        previous = batch;
        closedThisTurn = batch;
        batch = new Batch(++batches, turnPolicy, modelTick);
        beginActives.sort((a, b) -> Integer.compare(a.id, b.id));
        batch.snapshot = beginActives.size();
        for (Membership m : beginActives) {
            Job job = new Job(m);
            if (!m.active) {
                job.state = State.LEFT;
            }
            batch.jobs.put(m.id, job);
        }
    }

    /** A callback shows that a batch started in a turn where the model could not tell in advance. */
    private void resolveStart() {
        if (maybeStart) {
            resolvedLate = true;
            openBatch();
        }
    }

    /** Ends the turn: {@code thrown} is what left world.process() during it, or null. */
    void end(Throwable thrown) {
        trace("end, threw " + thrown);
        turnThrown = thrown;
        inTurn = false;
        script.turnOwner = null;
        if (script.disposed) {
            if (!(thrown instanceof IllegalStateException) || thrown instanceof JobFailedException) {
                violate("9 exceptions", "process() after dispose() threw " + describe(thrown)
                        + ", not an IllegalStateException");
            }
            return;
        }
        if (badDelta) {
            endBadDelta(thrown);
            return;
        }
        drain();
        checkPendingSave(null);
        settleHandedBack(true);
        if (maybeStart && system.stats().batchesStarted() == batches + 1) {
            resolveStart();
        }
        maybeStart = false;
        if (!lost && resolvedLate && previous != null && previous.hasPending()) {
            violate("3 one job per batch", "batch " + batches + " started while entity " + previous.firstPending()
                    + " of batch " + previous.number + " never got its job");
        }
        long turn = modelTick;
        checkExceptions(thrown, turn);
        checkWorkerSaves(turn);
        modelTick++;
        batchSeconds += delta; // after any batch start of the turn: the turn is the new batch's
        checkStats(turn);
        turnThrown = null;
        for (Iterator<Due> it = dues.iterator(); it.hasNext(); ) {
            Due due = it.next();
            if (due.to <= turn) {
                it.remove();
            }
        }
    }

    private void endBadDelta(Throwable thrown) {
        String value = Float.toString(delta);
        String wide = Double.toString((double) delta);
        if (!(thrown instanceof IllegalArgumentException) || thrown.getMessage() == null
                || !(thrown.getMessage().contains(value) || thrown.getMessage().contains(wide))) {
            violate("9 exceptions", "world.delta " + value + " should throw an IllegalArgumentException naming it, threw "
                    + describe(thrown));
        }
        if (system.stats().tick() != statTick || Double.doubleToLongBits(system.stats().gameSeconds()) != Double.doubleToLongBits(statSeconds)
                || system.stats().batchesStarted() != statBatches || system.stats().jobsRunTotal() != statTotal
                || system.stats().jobsRunLastTick() != statLast) {
            violate("9 exceptions", "a tick with world.delta " + value + " changed the system: tick " + statTick + " -> "
                    + system.stats().tick() + ", gameSeconds " + statSeconds + " -> " + system.stats().gameSeconds() + ", batches "
                    + statBatches + " -> " + system.stats().batchesStarted() + ", jobs " + statTotal + " -> " + system.stats().jobsRunTotal());
        }
    }

    static String describe(Throwable t) {
        return t == null ? "nothing" : t.toString();
    }

    // ---- callbacks (world thread unless said) ----

    private void enterCallback(String what, int entityId) {
        drain();
        if (!inTurn) {
            violate("9 exceptions", what + " for entity " + entityId + " outside the system's turn");
        } else if (badDelta) {
            violate("9 exceptions", what + " for entity " + entityId + " in a tick whose world.delta " + delta
                    + " is invalid: the system must change nothing");
        } else if (script.disposed) {
            violate("9 exceptions", what + " for entity " + entityId + " after dispose()");
        }
    }

    /** setUpInput: fills the input, checks when and for whom it is read. */
    void setUpInput(int entityId, Stamp input) {
        trace("setUpInput " + entityId);
        enterCallback("setUpInput", entityId);
        checkPendingSave(null);
        Membership m = active(entityId);
        ContractComponents.Tag tag = script.tags.get(entityId);
        input.entityId = entityId;
        input.serial = tag == null ? -1 : tag.serial;
        input.membership = tag == null ? -1 : tag.membership;
        input.readTick = system.stats().tick();
        input.readSeconds = system.stats().gameSeconds();
        input.otherTick = script.otherTick(this, entityId);
        if (m == null) {
            Membership gone = current.get(entityId);
            violate("1 no job after leaving", "setUpInput for " + (gone == null ? "entity " + entityId : gone)
                    + ", which is not subscribed" + (gone == null ? "" : leftWhen(gone)));
        }
        if (system.stats().tick() != modelTick) {
            violate("7 stats", "tick() is " + system.stats().tick() + " during turn " + modelTick);
        }
        if (lost || m == null) {
            input.readBatch = batch == null ? -1 : batch.number;
            return;
        }
        boolean syncRead;
        if (countedNextTurn(modelTick - 1)) {
            settleHandedBack(false); // the last turn's jobs are finished: the ones not run are read again
        }
        if (maybeStart && (batch.policy.syncInput() || !batch.hasPending())) {
            resolveStart(); // only a new batch reads inputs here, or the jobs handed back
        }
        maybeStart = false;
        syncRead = batch.startTurn == modelTick && batch.policy.syncInput();
        input.readBatch = batch.number;
        Job job = batch.jobs.get(entityId);
        if (job == null || job.who != m) {
            violate("3 one job per batch", "setUpInput for " + m + ", which joined batch " + batch.number
                    + " after it started");
            return;
        }
        if (syncRead) {
            if (entityId <= batch.lastSyncRead) {
                violate("4 policy timing", "sync input read for entity " + entityId + " after entity "
                        + batch.lastSyncRead + " (twice, or out of order)");
            }
            batch.lastSyncRead = entityId;
            if (job.state != State.PENDING) {
                violate("4 policy timing", "sync input read for " + m + " whose job is " + job.state);
            }
        } else {
            if (batch.policy.syncInput()) {
                violate("4 policy timing", "input of " + m + " read outside its batch's start with sync input ("
                        + batch.policy + ")");
                return;
            }
            Integer first = batch.firstPending();
            if (job.state != State.PENDING) {
                violate("3 one job per batch", "a second job for " + m + " in batch " + batch.number
                        + " (its job is " + job.state + ")");
                return;
            }
            if (first != null && first < entityId) {
                violate("3 one job per batch", "job for entity " + entityId + " started before entity " + first
                        + " of batch " + batch.number + " (skipped, or out of order)");
            }
            job.state = State.STARTED;
            job.startTurn = modelTick;
            startedThisTurn.add(job);
            asyncStarts++;
        }
    }

    private String leftWhen(Membership m) {
        return m.leftAt == Long.MAX_VALUE ? "" : " (it left before turn " + m.leftAt / 2 + ")";
    }

    /** setUpInput threw {@code fault} (the script's fault): the entity gets no job from this batch. */
    void inputFailed(int entityId, Throwable fault) {
        dues.add(new Due(entityId, fault, modelTick, modelTick, "setUpInput"));
        if (lost || batch == null) {
            return;
        }
        Job job = batch.jobs.get(entityId);
        if (job != null && (job.state == State.PENDING || job.state == State.STARTED)) {
            job.state = State.FAILED;
            if (job.startTurn == modelTick) {
                startedThisTurn.remove(job);
                asyncStarts--;
            }
        }
    }

    /** runJob, on any thread: copies input to output, notes the run; the script decides its fault. */
    void runJob(int entityId, Stamp input, Stamp output, Throwable fault) {
        runs.incrementAndGet();
        output.copyFrom(input);
        if (input.entityId != entityId) {
            script.violate("2 no stale outputs", name + ": runJob for entity " + entityId + " was given the input of "
                    + "entity " + input.entityId);
        }
        boolean world = Thread.currentThread() == script.worldThread;
        runsToSee.add(new Run(entityId, input.serial, input.membership, input.readBatch, turnSeen, world, fault));
        if (world) {
            drain();
        }
    }

    /** Takes in the runs the workers reported. World thread. */
    void drain() {
        Run run;
        while ((run = runsToSee.poll()) != null) {
            see(run);
        }
    }

    private Batch batchNumbered(long number) {
        if (batch != null && batch.number == number) {
            return batch;
        }
        if (previous != null && previous.number == number) {
            return previous;
        }
        return null;
    }

    private void see(Run run) {
        trace("ran " + run);
        long seen = run.seen;
        boolean nextTickAround = threadingOf(seen) == Threading.WORKERS_NEXT_TICK
                || threadingOf(seen - 1) == Threading.WORKERS_NEXT_TICK;
        if (run.fault != null) {
            dues.add(new Due(run.id, run.fault, seen, nextTickAround ? seen + 1 : seen, "runJob"));
        }
        if (run.worldThread && turnThreading == Threading.WORLD_THREAD
                && threadingOf(modelTick - 1) != Threading.WORKERS_NEXT_TICK) {
            seen = modelTick;
        }
        if (!run.worldThread && inTurn && turnThreading == Threading.WORLD_THREAD
                && threadingOf(modelTick - 1) != Threading.WORKERS_NEXT_TICK && seen == modelTick) {
            violate("8 settings once per turn", "runJob for entity " + run.id + " ran on a worker in a turn that began"
                    + " with WORLD_THREAD (threading changed mid-turn?)");
        }
        if (lost) {
            return;
        }
        Batch b = batchNumbered(run.readBatch);
        if (b == null) {
            violate("3 one job per batch", "runJob for entity " + run.id + " with an input of batch " + run.readBatch
                    + ", which is over (batch " + batches + " is under way)");
            return;
        }
        b.runs++;
        Job job = b.jobs.get(run.id);
        if (job == null) {
            violate("3 one job per batch", "runJob for entity " + run.id + ", not a member of batch " + b.number);
            return;
        }
        if (job.who.serial != run.serial || job.who.number != run.membership) {
            violate("2 no stale outputs", "runJob for " + job.who + " was given an input read for serial "
                    + run.serial + ", membership " + run.membership);
        }
        boolean startKnown = run.worldThread && turnThreading == Threading.WORLD_THREAD
                && threadingOf(modelTick - 1) != Threading.WORKERS_NEXT_TICK
                || !run.worldThread && turnThreading == Threading.WORKERS_SAME_TICK
                && threadingOf(modelTick - 1) != Threading.WORKERS_NEXT_TICK && seen == modelTick;
        if (b.policy.syncInput()) {
            long earliestStart = startKnown ? 2 * modelTick + 1 : 2 * (seen - (nextTickAround ? 1 : 0)) + 1;
            if (job.state == State.LEFT) {
                if (job.who.leftAt < earliestStart) {
                    violate("1 no job after leaving", "runJob for " + job.who + " started after it left"
                            + leftWhen(job.who));
                }
                return;
            }
            if (job.state != State.PENDING) {
                violate("3 one job per batch", "a second job for " + job.who + " in batch " + b.number
                        + " (its job is " + job.state + ")");
                return;
            }
            if (startKnown) {
                if (b != batch) {
                    violate("3 one job per batch", "a job of batch " + b.number + " started after batch "
                            + batch.number + " started");
                }
                if (run.worldThread) {
                    Integer first = b.firstPending();
                    if (first != null && first < run.id) {
                        violate("3 one job per batch", "job for entity " + run.id + " ran before entity " + first
                                + " of batch " + b.number + " (skipped, or out of order)");
                    }
                }
                job.startTurn = modelTick;
                startedThisTurn.add(job);
            }
        } else {
            if (job.state == State.LEFT) {
                return; // started (read its input) before it left; its output must not be saved
            }
            if (job.state != State.STARTED) {
                violate("4 policy timing", "runJob for " + job.who + " whose input was not read at its start (job "
                        + job.state + ")");
                return;
            }
        }
        job.runSeen = seen;
        if (run.fault != null) {
            job.state = State.FAILED;
            return;
        }
        job.state = State.RAN;
        if (!b.policy.syncOutput()) {
            awaitingSave.add(job);
            if (run.worldThread && turnThreading == Threading.WORLD_THREAD
                    && threadingOf(modelTick - 1) != Threading.WORKERS_NEXT_TICK) {
                pendingSave = job;
            }
        }
    }

    private void checkPendingSave(Job saving) {
        Job expected = pendingSave;
        pendingSave = null;
        if (expected != null && expected != saving && expected.state == State.RAN) {
            violate("4 policy timing", "async output of " + expected.who + " was not saved as its job finished");
        }
    }

    /** outputSaved: checks that the save is due, whose it is, and what the history shows. */
    void outputSaved(int entityId, Stamp output) {
        trace("outputSaved " + entityId + " " + output);
        enterCallback("outputSaved", entityId);
        Membership m = active(entityId);
        if (m == null) {
            Membership gone = current.get(entityId);
            violate("1 no save after leaving", "output saved for " + (gone == null ? "entity " + entityId : gone)
                    + ", which is not subscribed" + (gone == null ? "" : leftWhen(gone)) + ": " + output);
            checkPendingSave(null);
            return;
        }
        if (output.entityId != entityId || output.serial != m.serial || output.membership != m.number) {
            violate("2 no stale outputs", m + " was given " + output);
        }
        if (system.stats().tick() != modelTick) {
            violate("7 stats", "tick() is " + system.stats().tick() + " during turn " + modelTick);
        }
        Job job = null;
        if (!lost) {
            if (maybeStart && batch.number == output.readBatch && batch.policy.syncOutput()) {
                resolveStart(); // a sync save: the batch was done, the next one starts now
            }
            Batch b = batchNumbered(output.readBatch);
            job = b == null ? null : b.jobs.get(entityId);
            checkPendingSave(job);
            if (job == null || job.who != m) {
                violate("3 one job per batch", "saved " + output + " for " + m + ", which is no job of batch "
                        + output.readBatch + " (" + batches + " under way)");
                job = null;
            } else {
                checkSaveTiming(b, job);
            }
        }
        Saved saved = new Saved(output.serial, output.membership, output.readTick, output.readSeconds, output.readBatch,
                modelTick, modelSeconds);
        m.history.addFirst(saved);
        if (m.history.size() > Math.max(depth, 1)) {
            m.history.removeLast();
        }
        m.saves++;
        script.savedEver(this, entityId);
        checkHistory(m, output);
    }

    private void checkSaveTiming(Batch b, Job job) {
        if (job.state != State.RAN) {
            violate(job.state == State.SAVED ? "3 one job per batch" : "4 policy timing", "saved the output of "
                    + job.who + " whose job is " + job.state);
            return;
        }
        job.state = State.SAVED;
        awaitingSave.remove(job);
        if (b.policy.syncOutput()) {
            if (b != closedThisTurn) {
                violate("4 policy timing", "sync output of " + job.who + " (batch " + b.number
                        + ") saved in a turn that did not start the next batch");
            }
            return;
        }
        long due = dueTurn(job);
        if (job.startTurn >= 0 && modelTick != due) {
            violate(due > modelTick ? "8 settings once per turn" : "4 policy timing", "async output of " + job.who
                    + " whose job started in turn " + job.startTurn + " (" + threadingOf(job.startTurn)
                    + ") saved in turn " + modelTick + ", due in turn " + due);
        }
    }

    private long dueTurn(Job job) {
        if (job.startTurn >= 0) {
            return threadingOf(job.startTurn) == Threading.WORKERS_NEXT_TICK ? job.startTurn + 1 : job.startTurn;
        }
        return job.runSeen + 1;
    }

    /** The latest output and history the system shows for {@code m} match the model's saves. */
    private void checkHistory(Membership m, Stamp savedNow) {
        Stamp latest = system.latestOutput(m.id);
        DecisionHistory<Stamp> history = system.historyOf(m.id);
        if (depth == 0) {
            if (latest != null || history != null) {
                violate("5 histories", "a NO_HISTORY system shows a latest output or history for " + m);
            }
            return;
        }
        if (savedNow != null && latest != savedNow) {
            violate("5 histories", "the output just saved for " + m + " is not its latestOutput");
        }
        if (history == null) {
            violate("5 histories", "historyOf(" + m.id + ") is null right after a save");
            return;
        }
        if (history.size() != m.history.size() || history.depth() != depth) {
            violate("5 histories", "history of " + m + " holds " + history.size() + " of depth " + history.depth()
                    + ", expected " + m.history.size() + " of depth " + depth);
            return;
        }
        if (history.latest() != latest) {
            violate("5 histories", "history.latest() is not latestOutput() for " + m);
        }
        int age = 0;
        for (Saved s : m.history) {
            Stamp out = history.output(age);
            if (out.serial != s.serial || out.membership != s.membership || out.readTick != s.readTick
                    || out.readBatch != s.readBatch || out.entityId != m.id
                    || Double.compare(out.readSeconds, s.readSeconds) != 0) {
                violate(out.serial != m.serial || out.membership != m.number ? "2 no stale outputs" : "5 histories",
                        "history of " + m + " at age " + age + " is " + out + ", saved was " + s);
                return;
            }
            if (history.savedAtTick(age) != s.tick || Double.compare(history.savedAtSeconds(age), s.seconds) != 0) {
                violate("5 histories", "history of " + m + " at age " + age + " says saved at tick "
                        + history.savedAtTick(age) + " (" + history.savedAtSeconds(age) + " s), saved at tick "
                        + s.tick + " (" + s.seconds + " s)");
                return;
            }
            age++;
        }
    }

    /** Between ticks (and in the other system's turn): what the game sees for an alive entity. */
    void checkVisible(int id) {
        Membership m = active(id);
        if (m == null || m.history.isEmpty()) {
            Stamp latest = system.latestOutput(id);
            if (latest != null) {
                violate(m == null ? "2 no stale outputs" : "5 histories", "entity " + id + (m == null
                        ? " is not subscribed" : " has had no save since it joined") + " but latestOutput is " + latest);
            }
            if (system.historyOf(id) != null) {
                violate("5 histories", "historyOf(" + id + ") is not null but " + (m == null ? "the entity is not subscribed"
                        : m + " has had no save since it joined"));
            }
            return;
        }
        checkHistory(m, null);
    }

    /** The history components artemis holds match the saves (start of turn: changes delivered). */
    private void checkHistoryComponents() {
        if (depth == 0) {
            return;
        }
        for (Membership m : current.values()) {
            if (m.active && m.saves > 0 && !historySubscription.getActiveEntityIds().unsafeGet(m.id)) {
                violate("1 no history left behind", m + " has been saved but is not in the Aspect.all("
                        + system.historyType().getSimpleName() + ") subscription");
            }
        }
        script.checkNoLeakedHistory(this);
    }

    // ---- end-of-turn checks ----

    private void checkExceptions(Throwable thrown, long turn) {
        boolean createFailureWrapped = false;
        List<Due> dueNow = new ArrayList<>();
        for (Due due : dues) {
            if (due.from <= turn) {
                dueNow.add(due);
            }
        }
        List<Throwable> reported = new ArrayList<>();
        collect(thrown, reported, 0);
        // past four attached failures, the rest are counted, not kept, and which ones is not said: the
        // count is a credit that a failure never reported may draw on
        countedCredit += countedFailures(reported);
        boolean documented = thrown == null;
        for (Throwable t : reported) {
            if (t instanceof JobFailedException) {
                documented = true;
                JobFailedException failed = (JobFailedException) t;
                Due match = null;
                for (Due due : dueNow) {
                    if (due.cause == failed.getCause()) {
                        match = due;
                    }
                }
                if (match == null && failed.getCause() == createFailure && createFailure != null) {
                    createFailureWrapped = true; // createOutput failed in a first save: that job's failure
                    continue;
                }
                if (match == null) {
                    violate("9 exceptions", "JobFailedException for entity " + failed.entityId() + " caused by "
                            + failed.getCause() + ", which no callback threw in this turn (or it was reported before)");
                } else {
                    if (match.entity != failed.entityId()) {
                        violate("9 exceptions", "JobFailedException names entity " + failed.entityId() + ", the "
                                + match.where + " that threw was for entity " + match.entity);
                    }
                    dueNow.remove(match);
                    dues.remove(match);
                }
            }
        }
        if (!executorErrors.isEmpty()) { // the first is reported; later ones of the same turn add nothing
            Error first = executorErrors.get(0);
            if (!reported.contains(first)) {
                violate("9 exceptions", "the executor threw " + first + " in this turn, but process() threw "
                        + describe(thrown));
            } else {
                documented = true;
            }
        }
        executorErrors.clear();
        if (createFailure != null) {
            if (!reported.contains(createFailure) && !createFailureWrapped && countedCredit-- <= 0) {
                violate("9 exceptions", "createInput/createOutput threw " + createFailure + ", process() threw "
                        + describe(thrown));
            } else {
                documented = true;
            }
        }
        if (!documented) {
            violate("9 exceptions", "undocumented exception out of process(): " + describe(thrown)
                    + stackOf(thrown));
        }
        for (Due due : dueNow) { // also when an executor error or a failing factory ends the turn: attached to it
            if (due.to <= turn && countedCredit > 0) {
                countedCredit--;
                dues.remove(due);
                continue;
            }
            if (due.to <= turn) {
                violate("9 exceptions", "the " + due.where + " failure of entity " + due.entity + " (" + due.cause
                        + ") was never reported; process() threw " + describe(thrown));
                dues.remove(due);
            }
        }
    }

    /** Failures a tick counted without attaching them, not yet drawn on by a failure never reported. */
    private int countedCredit;

    /** The failures counted and not attached, by the notes among {@code reported}. */
    private static int countedFailures(List<Throwable> reported) {
        int counted = 0;
        for (Throwable t : reported) {
            java.util.regex.Matcher more = MORE_FAILURES.matcher(String.valueOf(t.getMessage()));
            if (t instanceof IllegalStateException && more.find()) {
                counted += Integer.parseInt(more.group(1));
            }
        }
        return counted;
    }

    /** The note a tick's first failure carries of the failures counted and not attached. */
    private static final java.util.regex.Pattern MORE_FAILURES =
            java.util.regex.Pattern.compile(": (\\d+) more failures in the same tick, counted, not attached$");

    static String stackOf(Throwable t) {
        if (t == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        StackTraceElement[] trace = t.getStackTrace();
        for (int i = 0; i < Math.min(6, trace.length); i++) {
            s.append("\n    at ").append(trace[i]);
        }
        return s.toString();
    }

    private static void collect(Throwable t, List<Throwable> into, int level) {
        if (t == null || level > 3 || into.contains(t)) {
            return;
        }
        into.add(t);
        for (Throwable s : t.getSuppressed()) {
            collect(s, into, level + 1);
        }
        if (!(t instanceof JobFailedException)) {
            collect(t.getCause(), into, level + 1);
        }
    }

    /** Async outputs that should have been saved by the end of this turn, and sync ones of a closed batch. */
    private void checkWorkerSaves(long turn) {
        if (lost) {
            return;
        }
        for (Job job : awaitingSave) {
            if (job.state == State.RAN && dueTurn(job) <= turn) {
                violate("4 policy timing", "async output of " + job.who + " (job started in turn " + job.startTurn
                        + ", ran seeing turn " + job.runSeen + ") not saved by the end of turn " + turn);
            }
        }
        awaitingSave.removeIf(job -> job.state != State.RAN || dueTurn(job) <= turn);
        if (closedThisTurn != null && closedThisTurn.policy.syncOutput() && createFailure == null) {
            for (Job job : closedThisTurn.jobs.values()) {
                if (job.state == State.RAN && job.who.active) {
                    violate("4 policy timing", "sync output of " + job.who + " (batch " + closedThisTurn.number
                            + ") not saved when batch " + batch.number + " started");
                }
            }
        }
        if (!batch.policy.syncOutput() && turnThreading != Threading.WORKERS_NEXT_TICK) {
            for (Job job : startedThisTurn) {
                if (job.state == State.RAN) {
                    violate("4 policy timing", "async output of " + job.who + " started in turn " + turn
                            + " on " + turnThreading + " not saved in that turn");
                }
            }
        }
    }

    private void checkStats(long turn) {
        if (system.stats().tick() != modelTick) {
            violate("7 stats", "tick() is " + system.stats().tick() + " after " + modelTick + " processed turns");
        }
        if (Double.doubleToLongBits(system.stats().gameSeconds()) != Double.doubleToLongBits(modelSeconds)) {
            violate("7 stats", "gameSeconds() is " + system.stats().gameSeconds() + ", the deltas sum to " + modelSeconds);
        }
        if (system.policy() != policySet) {
            violate("7 stats", "policy() is " + system.policy() + ", last set " + policySet);
        }
        long counted = runs.get();
        long total = system.stats().jobsRunTotal();
        boolean exact = turnThreading != Threading.WORKERS_NEXT_TICK;
        long jobs;
        if (exact) {
            if (counted < total && threadingSet != turnThreading) {
                violate("8 settings once per turn", (total - counted) + " jobs started in a turn that began with "
                        + turnThreading + " did not run in it; threading was set to " + threadingSet + " mid-turn");
            } else if (counted != total) {
                violate("7 stats", "jobsRunTotal() is " + total + ", runJob ran " + counted + " times");
            }
            jobs = counted - totalBefore;
            if (system.stats().jobsRunLastTick() != jobs) {
                violate("7 stats", "jobsRunLastTick() is " + system.stats().jobsRunLastTick() + ", " + jobs
                        + " jobs ran in the turn");
            }
        } else {
            // joined next tick, the last turn's jobs are finished; under a time budget this turn's
            // count in the next, which finishes them: runJob may have run more often than counted
            if (countedNextTurn(turn) ? counted < total : counted > total || counted < totalBefore) {
                violate("7 stats", "runJob ran " + counted + " times, jobsRunTotal() is " + total
                        + " (was " + totalBefore + " a turn ago; next-tick jobs of the last turn are finished)");
            }
            jobs = system.stats().jobsRunLastTick();
            if (total - totalBefore != jobs) {
                violate("7 stats", "jobsRunTotal() went from " + totalBefore + " to " + total
                        + ", jobsRunLastTick() is " + jobs);
            }
            if (!lost && !batch.policy.syncInput() && !countedNextTurn(turn - 1) && jobs > asyncStarts) {
                violate("7 stats", "jobsRunLastTick() is " + jobs + ", only " + asyncStarts + " inputs were read");
            }
        }
        totalBefore = total;
        if (lost) {
            return;
        }
        if (system.stats().batchesStarted() != batches) {
            violate(system.stats().batchesStarted() > batches ? "3 one job per batch" : "4 policy timing",
                    "batchesStarted() is " + system.stats().batchesStarted() + ", expected " + batches
                            + (system.stats().batchesStarted() > batches ? " (a batch started while entity "
                            + batch.firstPending() + " had no job yet)" : " (the batch was done)"));
            lost = true;
            return;
        }
        long done = system.stats().batchesCompleted();
        if (done != completed) {
            violate("7 stats", "batchesCompleted() is " + done + ", expected " + completed);
        } else if (done > completedBefore) {
            checkCompletedBatch();
        }
        completedBefore = done;
        if (system.batchPolicy() != batch.policy) {
            violate("8 settings once per turn", "batch " + batch.number + " started in turn " + batch.startTurn
                    + " runs " + system.batchPolicy() + ", the policy when its turn began was " + batch.policy);
        }
        int size = system.stats().batchSize();
        if (size != batch.snapshot) {
            violate("7 stats", "batchSize() is " + size + ", the batch started with " + batch.snapshot
                    + " subscribed entities");
        }
        int position = system.stats().batchPosition();
        boolean pendingKnown = !(batch.policy.syncInput() && turnThreading == Threading.WORKERS_NEXT_TICK);
        boolean pending = batch.hasPending();
        if (position < 0 || position > size || pendingKnown && !pending && position != size) {
            violate("7 stats", "batchPosition() is " + position + " of " + size + ", " + (pending
                    ? "entity " + batch.firstPending() + " has no job yet" : "every job has started"));
        }
        // joined next tick under a time budget, the jobs counted are the next turn's, or the last's
        checkBudget(jobs, pendingKnown && pending, !countedNextTurn(turn - 1) && !countedNextTurn(turn));
        if (turnThreading == Threading.WORKERS_SAME_TICK && batch.policy.syncInput() && pending) {
            Integer first = batch.firstPending();
            for (Job job : startedThisTurn) {
                if (job.who.id > first && batch.jobs.get(job.who.id) == job) {
                    violate("3 one job per batch", "job for entity " + job.who.id + " ran in turn " + turn
                            + " before entity " + first + " of batch " + batch.number);
                    break;
                }
            }
        }
    }

    /**
     * Batch {@code previous} ended in this turn: its length, and its rate, the jobs it started per
     * game second. A job started is a runJob call, on the world's thread or a worker, whichever turn
     * ran it: a job whose setUpInput (or output object) failed started none, one whose runJob threw
     * did, one a time budget handed back unrun did not until it ran. The scripts set no tiers and ask
     * no urgent job, so the rate is the batch's and every job is a batch's. Not checked once the model
     * is {@link #lost} (a failed createInput/createOutput): it no longer knows the batches.
     */
    private void checkCompletedBatch() {
        DecisionStats stats = system.stats();
        long ticks = batch.startTurn - previous.startTurn;
        if (stats.lastBatchTicks() != ticks
                || Double.doubleToLongBits(stats.lastBatchSeconds()) != Double.doubleToLongBits(lastBatchSeconds)) {
            violate("7 stats", "batch " + previous.number + " lasted " + ticks + " ticks, " + lastBatchSeconds
                    + " s; lastBatchTicks() is " + stats.lastBatchTicks() + ", lastBatchSeconds() " + stats.lastBatchSeconds());
        }
        if (stats.urgentJobsTotal() != 0) {
            violate("7 stats", "urgentJobsTotal() is " + stats.urgentJobsTotal() + ", no entity was asked to decide soon");
        }
        double rate = stats.decisionsPerSecond();
        double seconds = stats.lastBatchSeconds();
        if (seconds == 0 ? rate != 0 : !(Math.abs(rate * seconds - previous.runs) <= 1e-9 * Math.max(1, previous.runs))) {
            violate("7 stats", "decisionsPerSecond() is " + rate + " over the " + seconds + " s of batch "
                    + previous.number + " (" + rate * seconds + " jobs), runJob ran " + previous.runs + " times for it");
        }
    }

    /**
     * After {@code world.dispose()}: the jobs in flight have finished (next-tick ones under a time
     * budget too, which count only when finished), so every job started is counted.
     */
    void checkDisposed() {
        long counted = runs.get();
        long total = system.stats().jobsRunTotal();
        if (total != counted) {
            violate("7 stats", "jobsRunTotal() is " + total + " after dispose(), runJob ran " + counted + " times");
        }
    }

    /** Checks the turn's {@code jobs} against its budget; without {@code jobsKnown}, only earns its release. */
    private void checkBudget(long jobs, boolean pending, boolean jobsKnown) {
        Budget b = turnBudget;
        if (b != epochBudget) {
            epochBudget = b;
            releaseSum = 0;
            jobsSum = 0;
            lastNormalDelta = -1;
        }
        if (!jobsKnown) {
            jobs = 0;
            pending = false;
        }
        switch (b.kind()) {
            case JOBS_PER_TICK -> {
                if (jobs > b.amount()) {
                    violate("6 budgets", jobs + " jobs in a tick with " + b);
                }
                if (jobs < b.amount() && pending && createFailure == null) {
                    violate("6 budgets", "only " + jobs + " jobs with " + b + " while entity " + batch.firstPending()
                            + " of batch " + batch.number + " waits");
                }
            }
            case MILLIS_PER_TICK -> {
                if (jobs == 0 && pending && createFailure == null) {
                    violate("6 budgets", "no job with " + b + " while entity " + batch.firstPending() + " waits");
                }
            }
            default -> {
                double perSecond = b.kind() == Budget.Kind.JOBS_PER_SECOND ? b.amount() : batch.snapshot / b.amount();
                double release;
                if (delta > b.longTickSeconds()) {
                    release = lastNormalDelta >= 0 ? perSecond * lastNormalDelta : Math.min(1, perSecond * delta);
                } else {
                    lastNormalDelta = delta;
                    release = perSecond * delta;
                }
                releaseSum += release;
                jobsSum += jobs;
                if (jobsSum > releaseSum + 1 + 1e-6 * releaseSum) {
                    violate("6 budgets", jobsSum + " jobs since " + b + " was set, it released " + releaseSum);
                }
            }
        }
    }

    /** Between ticks: measureAges agrees with the saves. */
    void checkAges(com.artemis.utils.IntBag subscribed) {
        DecisionAges ages = system.stats().measureAges(new DecisionAges());
        int with = 0;
        long maxTicks = 0;
        double sumTicks = 0;
        for (int i = 0; i < subscribed.size(); i++) {
            Membership m = active(subscribed.get(i));
            if (depth > 0 && m != null && !m.history.isEmpty()) {
                with++;
                long age = modelTick - 1 - m.history.getFirst().tick;
                maxTicks = Math.max(maxTicks, age);
                sumTicks += age;
            }
        }
        if (ages.entities() != subscribed.size() || ages.withOutput() != with || ages.maxTicks() != maxTicks
                || Math.abs(ages.meanTicks() - (with == 0 ? 0 : sumTicks / with)) > 1e-6
                || ages.maxTicks() < 0 || ages.meanTicks() < 0 || ages.meanSeconds() < 0 || ages.maxSeconds() < 0) {
            violate("7 stats", "measureAges says " + ages + "; expected " + with + "/" + subscribed.size()
                    + " with output, max " + maxTicks + " ticks");
        }
    }
}
