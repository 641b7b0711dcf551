package io.github.ecstimeslice;

import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a {@link TimeslicedSystem}'s jobs on worker threads. {@link #start} reads the inputs on the
 * world's thread (async input) and hands the jobs to a {@link WorkerCrew} chunk by chunk as their
 * inputs are ready; the workers {@link #run} them; {@link #finish}, on the world's thread, takes
 * the chunks back in order, dropping the failed jobs and saving the rest (async output) while the
 * workers still run later chunks. Under a time budget ({@link #startUntil}) the crew stops
 * claiming chunks at the deadline, and {@link #finish} hands the jobs it never started back to
 * the batch.
 */
final class WorkerJobs<I, O> implements Workers.Jobs<I, O> {

    /** Many chunks per thread, so that jobs of uneven cost (path searches) balance; a claim is one atomic add. */
    private static final int CHUNKS_PER_THREAD = 16;
    /** Under a time budget, a chunk holds about this much work (one job at least): what may run past the budget, a thread. */
    private static final long TIMED_CHUNK_NANOS = 20_000;
    /** Under a time budget, clock reads the world's thread waits for a worker to claim a chunk. */
    private static final int SPINS_BEFORE_HELPING = 400;
    /** Under a time budget, a tick hands out at most this many chunks (bigger ones if the time holds more). */
    private static final int TIMED_MOST_CHUNKS = 1024;
    /**
     * Joined next tick under a time budget, the jobs read ahead, against those the measured cost
     * says the threads get through by the deadline: room for costs that vary.
     */
    private static final int TIMED_READ_AHEAD = 2;

    final WorkerCrew crew = new WorkerCrew(this::run, CHUNKS_PER_THREAD);
    private final TimeslicedSystem<I, O> system;
    private final Batch batch;
    private final Histories<O> histories;
    private final TickFailures failures;
    private final DecisionStats stats;
    private final JobAllowance allowance;
    /** The slots of the started jobs, in slot order; {@code started[0, startedCount)}. */
    private int[] started = new int[0];
    /** Per started job, the output object it writes. */
    private Object[] startedOutputs = new Object[0];
    private int startedCount;
    /**
     * True if the started jobs count when they finish, not when they start: joined next tick under
     * a time budget, which ones start is known only then.
     */
    private boolean countedWhenFinished;
    /**
     * Per started job that a deadline may keep from starting, the tier its slot counted in if its
     * entity left meanwhile, else -1: handed back, its slot is one decision fewer.
     */
    private int[] leftInFlightTiers = new int[0];
    /** True if the started jobs had a deadline: some may be handed back, and {@link #leftInFlightTiers} is kept. */
    private boolean mayHandBack;
    /** Per started job, what it threw, or null; written by the workers. */
    private Throwable[] startedFailures = new Throwable[0];
    /** The started jobs the last {@link #finish} kept as run, or -1 if it had none to finish. */
    private int finishedRuns = -1;
    /** Summed wall time of the started jobs: the measured cost per job that sizes a time budget's chunks. */
    private final AtomicLong jobNanos = new AtomicLong();

    WorkerJobs(TimeslicedSystem<I, O> system, Batch batch, Histories<O> histories, TickFailures failures,
               DecisionStats stats, JobAllowance allowance) {
        this.system = system;
        this.batch = batch;
        this.histories = histories;
        this.failures = failures;
        this.stats = stats;
        this.allowance = allowance;
        crew.owner = system;
    }

    @Override
    public void setExecutor(Executor executor) {
        crew.setExecutor(executor);
    }

    @Override
    public Error takeExecutorError() {
        return crew.takeExecutorError();
    }

    /** Makes room for as many started jobs as the batch has slots. */
    @Override
    public void ensureCapacity(int slots) {
        if (started.length < slots) {
            started = new int[slots];
            leftInFlightTiers = new int[slots];
            startedOutputs = new Object[slots];
            startedFailures = new Throwable[slots];
        }
    }

    /**
     * Picks up to {@code maxJobs} jobs of the batch and hands them to the workers, reading their
     * inputs first with async input; with {@code worldThreadHelps} the world's thread runs chunks
     * too when it {@link #finish}es.
     */
    @Override
    public void start(int maxJobs, boolean worldThreadHelps) {
        start(maxJobs, worldThreadHelps, 0, 0, false);
    }

    /**
     * Starts {@code jobs} jobs joined next tick, as a recorded turn did: with {@code handsBack}, as
     * under a deadline (counted when finished, and {@link #finishKeeping} hands back what the
     * recording's deadline kept from starting). All of them run.
     */
    @Override
    public void startRecorded(int jobs, boolean handsBack) {
        start(jobs, false, 0, 0, handsBack);
    }

    /**
     * As {@link #start(int, boolean)}, under a time budget: the jobs go out in chunks (about
     * {@link #TIMED_CHUNK_NANOS} of work, one job at least), and a thread starts one only while
     * {@code deadline} ({@code System.nanoTime()}) is ahead, the first always; {@link #finish}
     * hands the jobs nobody started back to the batch. So when the time is spent, what still runs
     * is the chunk each thread is in: no count estimated ahead. With {@code worldThreadHelps}
     * (joined in the turn) the world's thread reads the next chunk's inputs once a thread claimed
     * the last, and runs it itself if no worker does within microseconds. Without (joined next
     * tick) it reads ahead {@link #TIMED_READ_AHEAD} times the jobs the threads would get through
     * at the measured cost (one chunk before any was measured); a job handed back reads its input
     * again when it starts.
     */
    @Override
    public void startUntil(long deadline, boolean worldThreadHelps) {
        double perJob = allowance.nanosPerJob();
        // the jobs the threads get through by the deadline at the measured cost
        double fitting = perJob > 0 ? (crew.threads() + (worldThreadHelps ? 1 : 0))
                * (double) Math.max(0, deadline - System.nanoTime()) / perJob : 1;
        int chunk = perJob > 0 ? (int) Math.max(1, Math.min(1 << 20,
                Math.max(TIMED_CHUNK_NANOS / perJob, TIMED_READ_AHEAD * fitting / TIMED_MOST_CHUNKS))) : 1;
        int most = TIMED_MOST_CHUNKS * chunk;
        if (!worldThreadHelps) {
            most = (int) Math.max(chunk, Math.min(most, TIMED_READ_AHEAD * fitting));
        }
        start(most, worldThreadHelps, chunk, deadline, true);
    }

    /**
     * Starts jobs; with a {@code timedChunk} (0: none), in chunks of it that start only until
     * {@code deadline}; with {@code handsBack}, jobs that {@link #finish} may hand back.
     */
    @SuppressWarnings("unchecked")
    private void start(int maxJobs, boolean worldThreadHelps, int timedChunk, long deadline, boolean handsBack) {
        TimeslicedSystem<I, O> decider = system;
        Batch b = batch;
        boolean syncInput = b.policy.syncInput();
        jobNanos.set(0);
        boolean timed = timedChunk > 0;
        int most = Math.min(maxJobs, b.size - b.position);
        if (timed) {
            crew.openUntil(most, worldThreadHelps, timedChunk, deadline);
        } else {
            crew.open(most, worldThreadHelps);
        }
        int chunkSize = crew.chunkSize();
        int nextChunkEnd = chunkSize;
        int count = 0;
        try {
            while (maxJobs > count && b.size > b.position) {
                if (timed && count > 0 && count == nextChunkEnd - chunkSize
                        && !(worldThreadHelps ? timeLeft(deadline) : deadline - System.nanoTime() > 0)) {
                    break; // a chunk's start: the time is spent
                }
                int slot = b.position++;
                if (b.isDropped(slot)) {
                    continue;
                }
                Object output;
                try {
                    if (!syncInput) {
                        decider.setUpInput(b.keys[slot], (I) b.inputs[slot]);
                    }
                    // with history the entity's spare (made at its first job), else the slot's
                    output = histories.depth != TimeslicedSystem.NO_HISTORY ? histories.jobOutput(b.keys[slot])
                            : b.outputs[slot];
                } catch (Throwable thrown) {
                    failures.jobNotRun(b, slot, thrown);
                    continue;
                }
                startedOutputs[count] = output;
                started[count++] = slot;
                if (count == nextChunkEnd) {
                    crew.publish(count); // workers start on this chunk while the next ones are read
                    nextChunkEnd += chunkSize;
                }
            }
        } finally {
            crew.seal(count); // also when a VM error leaves: no worker waits for chunks to come
            startedCount = count;
            countedWhenFinished = handsBack && !worldThreadHelps;
            mayHandBack = handsBack;
            if (handsBack) {
                Arrays.fill(leftInFlightTiers, 0, count, -1);
            }
            if (!countedWhenFinished) {
                stats.jobsThisTick += count;
            }
        }
        b.skipDropped();
    }

    /**
     * True if {@code deadline} is ahead once the chunk handed out last is claimed: by a worker
     * within a few microseconds, else by the world's thread, which runs it. One chunk waits at most.
     */
    private boolean timeLeft(long deadline) {
        for (int spins = 0; crew.unclaimed() > 0 && deadline - System.nanoTime() > 0; spins++) {
            if (spins == SPINS_BEFORE_HELPING) {
                crew.helpOne(); // the workers are busy: the world's thread runs it
                spins = 0;
            }
        }
        return deadline - System.nanoTime() > 0;
    }

    /** On the workers: runs started jobs [from, to), keeping what each failed job threw. */
    @SuppressWarnings("unchecked")
    private void run(int from, int to) {
        long begin = System.nanoTime();
        TimeslicedSystem<I, O> decider = system;
        int[] slots = started;
        Throwable[] thrown = startedFailures;
        Object[] outputs = startedOutputs;
        int[] keys = batch.keys;
        Object[] inputs = batch.inputs;
        JobTimeline timeline = stats.timeline;
        if (timeline != null) {
            runTimed(from, to, timeline);
            jobNanos.addAndGet(System.nanoTime() - begin);
            return;
        }
        for (int i = from; to > i; i++) {
            int slot = slots[i];
            try {
                decider.runJob(keys[slot], (I) inputs[slot], (O) outputs[i]);
            } catch (Throwable t) {
                thrown[i] = t;
            }
        }
        jobNanos.addAndGet(System.nanoTime() - begin);
    }

    /** As {@link #run}, each job's run timed into {@code timeline} (its input was read and its save comes on the world's thread). */
    @SuppressWarnings("unchecked")
    private void runTimed(int from, int to, JobTimeline timeline) {
        int index = stats.timelineIndex;
        long tick = stats.tick;
        for (int i = from; to > i; i++) {
            int slot = started[i];
            int entityId = batch.keys[slot];
            long start = System.nanoTime();
            try {
                system.runJob(entityId, (I) batch.inputs[slot], (O) startedOutputs[i]);
            } catch (Throwable t) {
                startedFailures[i] = t;
            }
            long end = System.nanoTime();
            timeline.record(index, entityId, JobTimeline.Kind.BATCH_JOB, tick, start, start, end, end);
        }
    }

    /** True while started jobs wait for {@link #finish}. */
    @Override
    public boolean busy() {
        return crew.busy();
    }

    @Override
    public int inFlight() {
        return startedCount;
    }

    @Override
    public boolean mayHandBack() {
        return mayHandBack;
    }

    @Override
    public int finishedRuns() {
        return finishedRuns;
    }

    @Override
    public int finish() {
        return finishKeeping(Integer.MAX_VALUE);
    }

    /**
     * Finishes the first {@code keep} started jobs chunk by chunk, in order: waits for each
     * (running it, or others nobody claimed, meanwhile), drops its failed jobs and saves the rest
     * with async output. The jobs a deadline kept from starting, and those past {@code keep} (a
     * playback's, whose recording's deadline kept them), go back to the batch; a start without a
     * deadline keeps them all, whatever {@code keep} says.
     *
     * @return the jobs counted now that an earlier turn started (joined next tick under a time
     *         budget): not this turn's budget's
     */
    @Override
    public int finishKeeping(int keep) {
        int count = startedCount;
        startedCount = 0;
        finishedRuns = count == 0 ? -1 : 0;
        if (count == 0) {
            crew.await();
            return 0;
        }
        boolean syncOutput = batch.policy.syncOutput();
        int chunkSize = crew.chunkSize();
        int finished = 0;
        // the started jobs that run: all, unless a deadline came before some (a playback keeps what its
        // recording's did; a start without one keeps all, whatever a damaged recording says)
        int runs = mayHandBack ? Math.min(count, keep) : count;
        try {
            for (int chunk = 0, chunks = crew.chunkCount(); chunks > chunk && runs > finished; chunk++) {
                if (!crew.awaitChunk(chunk)) {
                    runs = finished; // this chunk and the ones after it never start
                    break;
                }
                // Take the chunk's results while the workers run later chunks
                for (int end = Math.min(runs, finished + chunkSize); end > finished; finished++) {
                    int slot = started[finished];
                    Throwable thrown = startedFailures[finished];
                    if (thrown != null) {
                        startedFailures[finished] = null;
                        failures.jobFailedOnWorkers(batch, slot, thrown);
                    } else if (!syncOutput) {
                        histories.saveReportingFailure(slot);
                    }
                }
            }
        } finally {
            crew.await();
            int ran = Math.min(runs, crew.chunksRun() * chunkSize); // whole chunks run, those kept
            stats.jobsThisTick += countedWhenFinished ? ran : ran - count;
            if (finished < runs) { // a VM error is leaving: the jobs not finished get nothing from this batch
                for (int i = finished; count > i; i++) {
                    if (i >= ran) { // never ran (the deadline came first): a decision fewer
                        dropUnrun(i);
                    } else {
                        batch.drop(started[i]);
                    }
                    startedFailures[i] = null;
                }
            }
        }
        if (runs < count) {
            handBack(runs, count);
        }
        if (runs > 0) {
            allowance.measured(jobNanos.get(), runs);
        }
        finishedRuns = runs;
        return countedWhenFinished ? runs : 0;
    }


    /**
     * Started jobs [{@code from}, {@code count}) count as never run: the batch goes back to the
     * first, so they start again (the slots in between that were dropped stay so).
     */
    private void handBack(int from, int count) {
        batch.position = started[from];
        batch.skipDropped();
        for (int i = from; count > i; i++) {
            system.slicer.schedule.slotDroppedFrom(leftInFlightTiers[i]); // left meanwhile: never decided
            startedFailures[i] = null; // a playback's job past those kept may have run and failed
        }
    }

    /** Drops started job {@code i}, which never ran: a decision fewer in the tier its slot counted in. */
    private void dropUnrun(int i) {
        if (leftInFlightTiers[i] >= 0) { // its entity left: its slot is dropped already
            system.slicer.schedule.slotDroppedFrom(leftInFlightTiers[i]);
        } else if (!batch.isDropped(started[i])) {
            failures.dropUnrun(batch, started[i]);
        }
    }

    /**
     * The entity, counted in {@code tier}, left while its job was in flight: if a deadline keeps the
     * job from starting, its slot is a decision fewer when handed back. O(log jobs in flight).
     */
    @Override
    public void droppedInFlight(int entityId, int tier) {
        if (!mayHandBack) {
            return;
        }
        int slot = Arrays.binarySearch(batch.keys, 0, batch.size, entityId);
        int job = slot < 0 ? -1 : Arrays.binarySearch(started, 0, startedCount, slot);
        if (job >= 0) {
            leftInFlightTiers[job] = tier;
        }
    }

    /**
     * Lets the jobs in flight finish and forgets them: the world is going away. The ones counted
     * when finished count now, in {@code jobsRunTotal} alone: they ran, though nothing is saved.
     */
    @Override
    public void abandon() {
        crew.await();
        if (countedWhenFinished && startedCount > 0) {
            stats.jobsRunTotal += Math.min(startedCount, crew.chunksRun() * crew.chunkSize());
        }
        startedCount = 0;
    }
}
