package io.github.ecstimeslice;

import com.artemis.utils.BitVector;

import java.util.Arrays;
import java.util.concurrent.Executor;

/**
 * The entities a {@link TimeslicedSystem} was asked to decide soon ({@link TimeslicedSystem#decideSoon}),
 * first asked, first served, and their jobs: each an AIAO job of its own on the world's thread,
 * its input read as it starts and its output saved as it finishes, whatever the batch's policy;
 * under worker threading, two or more in a turn run as an {@link UrgentGroup} on the workers.
 *
 * <p>An entity waits once however often it is asked (a bit per id), and leaves the queue when it
 * leaves the system. A turn serves only those asked before it began: one asked during the turn
 * waits for the next. The entity keeps its slot in the batch in progress, unless that slot's
 * decision would be older than the urgent one (its input was read in an earlier tick, or its
 * output waits for the batch's end): that slot is dropped once the urgent job runs, so the game
 * never sees a decision replaced by one made from older input. An urgent job whose input fails
 * leaves the slot as it was. O(1) a job; the queue grows only when more entities wait
 * than ever before.
 */
final class UrgentJobs<I, O> {

    private final TimeslicedSystem<I, O> system;
    private final Batch batch;
    private final Histories<O> histories;
    private final TierSchedule schedule;
    private final TickFailures failures;
    private final DecisionStats stats;
    /** The waiting entities in a ring: {@code queue[(head + i) % length]} for i below {@link #waiting}. */
    private int[] queue = new int[16];
    private int head;
    private int waiting;
    /** The ids in the queue. */
    private final BitVector asked = new BitVector();
    /** How many of the queue's first entities this turn may serve: those asked before it began. */
    private int servable;
    /** The input every urgent job reads (read right before its job), and with no history the output it writes. */
    private I input;
    private O output;
    /** The jobs of a turn run together on workers; made by the first such turn (never in a browser). */
    private UrgentGroup<I, O> group;
    /** The turn's calls (on top of the budget, then within it), for a DecisionLog: asks taken << 1, | 1 if grouped. */
    final int[] calls = new int[2];
    private int callCount;

    UrgentJobs(TimeslicedSystem<I, O> system, Batch batch, Histories<O> histories, TierSchedule schedule,
               TickFailures failures, DecisionStats stats) {
        this.system = system;
        this.batch = batch;
        this.histories = histories;
        this.schedule = schedule;
        this.failures = failures;
        this.stats = stats;
    }

    /**
     * Queues the entity, one the system was told of, unless it waits already (an id the system was
     * not told of goes to {@link EarlyAsks} instead: {@code Timeslicer.ask}). O(1); allocates only
     * when the queue grows.
     */
    void ask(int entityId) {
        if (asked.get(entityId)) {
            return;
        }
        stats.askDrops.kept(entityId);
        if (waiting == queue.length) {
            grow();
        }
        queue[(head + waiting++) % queue.length] = entityId;
        asked.set(entityId);
    }

    /** Doubles the queue, its entities first in it. */
    private void grow() {
        int[] grown = new int[queue.length * 2];
        for (int i = 0; waiting > i; i++) {
            grown[i] = queue[(head + i) % queue.length];
        }
        queue = grown;
        head = 0;
    }

    /** Puts {@code entities[from, to)} back at the queue's front, in that order, unless asked again meanwhile. */
    private void askFirst(int[] entities, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            int entityId = entities[i];
            if (asked.get(entityId)) {
                continue;
            }
            if (waiting == queue.length) {
                grow();
            }
            head = head == 0 ? queue.length - 1 : head - 1;
            queue[head] = entityId;
            waiting++;
            asked.set(entityId);
        }
    }

    /** The entity left: it no longer waits. O(waiting) if it did, else O(1). */
    void forget(int entityId) {
        if (!asked.get(entityId)) {
            return;
        }
        asked.clear(entityId);
        stats.askDropped(entityId, AskDrops.LEFT_BEFORE_ITS_JOB);
        int kept = 0;
        for (int i = 0; waiting > i; i++) {
            int id = queue[(head + i) % queue.length];
            if (id == entityId) {
                if (servable > i) {
                    servable--;
                }
                continue;
            }
            queue[(head + kept++) % queue.length] = id;
        }
        waiting = kept;
    }

    /** A turn begins: it may serve the entities waiting now. */
    void turnStarted() {
        servable = waiting;
        calls[0] = 0;
        calls[1] = 0;
        callCount = 0;
    }

    /** The place of {@code entityId} in the queue, 0 first, or -1 if it does not wait. O(waiting). */
    int placeOf(int entityId) {
        if (!asked.get(entityId)) {
            return -1;
        }
        for (int i = 0; waiting > i; i++) {
            if (queue[(head + i) % queue.length] == entityId) {
                return i;
            }
        }
        return -1;
    }

    /** How many entities wait, this turn's and the next's. */
    int waiting() {
        return waiting;
    }

    /** How many entities this turn may still serve. */
    int servable() {
        return servable;
    }

    /** Makes the input and (with no history) output objects, once; the game's factories may throw. */
    void makeObjects() {
        if (input == null) {
            input = system.newInput();
        }
        if (output == null && histories.depth == TimeslicedSystem.NO_HISTORY) {
            output = system.newOutput();
        }
    }

    /**
     * Runs up to {@code maxJobs} of the servable jobs; returns how many started. Given the turn's
     * {@code workers} (null: the world's thread), two or more run as an {@link UrgentGroup}.
     */
    int run(int maxJobs, Executor workers) {
        return take(maxJobs, Integer.MAX_VALUE, Math.min(maxJobs, servable) >= 2 ? workers : null);
    }

    /**
     * Plays back a call {@link #calls} noted: takes as many asks, as a group on {@code workers} if
     * the call ran one and there are workers, else one by one on this thread.
     */
    void replay(int call, Executor workers) {
        take(Integer.MAX_VALUE, call >>> 1, (call & 1) != 0 ? workers : null);
    }

    /**
     * Runs up to {@code maxJobs} servable jobs, taking at most {@code maxAsks} asks: as a group on
     * {@code groupOn}'s threads if it is given and the platform has workers, else one by one on this
     * thread. Notes the call; returns how many jobs started.
     */
    private int take(int maxJobs, int maxAsks, Executor groupOn) {
        int before = servable;
        Workers platform = Platform.workers();
        boolean grouped = groupOn != null && platform != null;
        int ran = 0;
        if (grouped) {
            ran = runOnWorkers(maxJobs, maxAsks, groupOn, platform);
        } else {
            for (int taken = 0; maxJobs > ran && servable > 0 && taken < maxAsks; taken++) {
                ran += runNext();
            }
        }
        noteCall(before - servable, grouped);
        return ran;
    }

    private void noteCall(int asks, boolean grouped) {
        if (callCount < calls.length) {
            calls[callCount++] = asks << 1 | (grouped ? 1 : 0);
        }
    }

    /**
     * Runs up to {@code maxJobs} of the servable jobs, taking at most {@code maxAsks} asks, together
     * on {@code workers}; returns how many started.
     */
    @SuppressWarnings("unchecked")
    private int runOnWorkers(int maxJobs, int maxAsks, Executor workers, Workers platform) {
        if (group == null) {
            group = new UrgentGroup<>(system, histories, failures, stats, platform);
        }
        UrgentGroup<I, O> jobs = group;
        jobs.count = 0;
        jobs.ensureCapacity(Math.min(maxJobs, servable));
        for (int taken = 0; maxJobs > jobs.count && servable > 0 && taken < maxAsks; taken++) {
            int entityId = takeNext();
            if (schedule.tier(entityId) < 0) {
                stats.askDropped(entityId, AskDrops.LEFT_BEFORE_ITS_JOB);
                continue; // no entity of the system has the id now
            }
            try {
                jobs.setUp(entityId);
                jobs.add(Arrays.binarySearch(batch.keys, 0, batch.size, entityId));
            } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
                if (Platform.isFatal(thrown)) {
                    askFirst(jobs.entities, 0, jobs.count); // read, not run: they wait for the next turn
                }
                failures.record(entityId, thrown);
            }
        }
        for (int job = 0; job < jobs.count; job++) {
            if (staged(jobs.slots[job])) {
                batch.drop(jobs.slots[job]); // older, and in the spare this job writes
            }
        }
        stats.jobsThisTick += jobs.count;
        stats.urgentJobsThisTick += jobs.count;
        if (jobs.count > 0) {
            jobs.runAll(workers);
        }
        for (int job = 0; job < jobs.count; job++) {
            if (jobs.failureOf(job) != null) {
                jobs.recordFailure(job); // a VM error leaves: the jobs behind it ran, and get nothing, as a batch's
                continue;
            }
            int entityId = jobs.entities[job];
            try {
                if (readEarlier(jobs.slots[job])) {
                    failures.dropUnrun(batch, jobs.slots[job]); // decided now: its batch job's input is older
                }
                histories.save(entityId, (O) jobs.outputs[job]);
            } catch (Throwable thrown) {
                failures.record(entityId, thrown);
            }
        }
        return jobs.count;
    }

    /** The executor error of the group's crew since the last call, or null. */
    Error takeExecutorError() {
        return group == null ? null : group.crew.takeExecutorError();
    }

    /** Runs servable jobs until {@code deadline} ({@code System.nanoTime()}), at least one; returns how many started. */
    int runUntil(long deadline) {
        int before = servable;
        int ran = 0;
        while (servable > 0 && (ran == 0 || deadline - System.nanoTime() > 0)) {
            ran += runNext();
        }
        noteCall(before - servable, false);
        return ran;
    }

    /** Takes the first servable entity off the queue and runs its job; returns 1 if the job started, else 0. */
    @SuppressWarnings("unchecked")
    private int runNext() {
        int entityId = takeNext();
        if (schedule.tier(entityId) < 0) {
            stats.askDropped(entityId, AskDrops.LEFT_BEFORE_ITS_JOB);
            return 0; // no entity of the system has the id now
        }
        boolean started = false;
        JobTimeline timeline = stats.timeline;
        long start = timeline != null ? System.nanoTime() : 0;
        long read = start;
        long done = start;
        try {
            makeObjects();
            system.setUpInput(entityId, input);
            O written = output;
            if (histories.depth != TimeslicedSystem.NO_HISTORY) { // the entity's spare, made at its first job
                histories.store.ensureEntity(entityId);
                written = (O) histories.jobOutput(entityId);
            }
            int slot = Arrays.binarySearch(batch.keys, 0, batch.size, entityId);
            if (staged(slot)) {
                batch.drop(slot); // older, and in the spare this job writes
            }
            started = true;
            stats.jobsThisTick++;
            stats.urgentJobsThisTick++;
            read = timeline != null ? System.nanoTime() : 0;
            system.runJob(entityId, input, written);
            done = timeline != null ? System.nanoTime() : 0;
            if (readEarlier(slot)) {
                failures.dropUnrun(batch, slot); // decided now: its batch job's input is older
            }
            histories.save(entityId, written);
        } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
            failures.record(entityId, thrown);
        } finally {
            if (timeline != null && started) {
                long end = System.nanoTime();
                timeline.record(stats.timelineIndex, entityId, JobTimeline.Kind.URGENT_JOB, stats.tick, start, read,
                        Math.max(done, read), end);
            }
        }
        return started ? 1 : 0;
    }

    /** Takes the first servable entity off the queue. */
    private int takeNext() {
        int entityId = queue[head];
        head = head + 1 == queue.length ? 0 : head + 1;
        waiting--;
        servable--;
        asked.clear(entityId);
        return entityId;
    }

    /**
     * True if {@code slot} (a binary search's answer) is the entity's in the batch in progress, and
     * its output waits for the batch's end (sync output): its job ran in an earlier tick, so its
     * decision is older than an urgent one.
     */
    private boolean staged(int slot) {
        Batch b = batch;
        return slot >= 0 && slot < b.position && !b.isDropped(slot) && b.policy.syncOutput() && slot >= b.stagedSaved;
    }

    /**
     * True if {@code slot} is the entity's in the batch in progress, not started yet, with its input
     * read at a batch start in an earlier tick (sync input): older than an urgent decision.
     */
    private boolean readEarlier(int slot) {
        Batch b = batch;
        return slot >= b.position && !b.isDropped(slot) && b.policy.syncInput() && stats.batchStartTick != stats.tick;
    }

}
