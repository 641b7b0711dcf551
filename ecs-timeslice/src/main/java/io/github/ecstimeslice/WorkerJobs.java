package io.github.ecstimeslice;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a {@link TimeslicedSystem}'s jobs on worker threads. {@link #start} reads the inputs on the
 * world's thread (async input) and hands the jobs to a {@link WorkerCrew} chunk by chunk as their
 * inputs are ready; the workers {@link #run} them; {@link #finish}, on the world's thread, takes
 * the chunks back in order, dropping the failed jobs and saving the rest (async output) while the
 * workers still run later chunks.
 */
final class WorkerJobs<I, O> {

    /**
     * Many chunks per thread, so uneven jobs balance: with 32 path searches a tick (0.1 to 10 ms
     * each) on two threads, 16 (chunks of one search) kept the threads busy 91% of the tick against
     * 87% with 4; a claim is one atomic add, nothing beside a job.
     */
    private static final int CHUNKS_PER_THREAD = 16;
    /** Under a time budget, a chunk holds about this much work (one job at least): what may run past the budget, a thread. */
    private static final long TIMED_CHUNK_NANOS = 20_000;
    /** Under a time budget, clock reads (about 25 ns each) the world's thread waits for a worker to claim a chunk. */
    private static final int SPINS_BEFORE_HELPING = 400;
    /** Under a time budget, a tick hands out at most this many chunks. */
    private static final int TIMED_MOST_CHUNKS = 1024;

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
    /** Per started job, what it threw, or null; written by the workers. */
    private Throwable[] startedFailures = new Throwable[0];
    /** Summed wall time of the started jobs, for a millis budget's estimate. */
    private final AtomicLong jobNanos = new AtomicLong();

    WorkerJobs(TimeslicedSystem<I, O> system, Batch batch, Histories<O> histories, TickFailures failures,
               DecisionStats stats, JobAllowance allowance) {
        this.system = system;
        this.batch = batch;
        this.histories = histories;
        this.failures = failures;
        this.stats = stats;
        this.allowance = allowance;
    }

    /** Makes room for as many started jobs as the batch has slots. */
    void ensureCapacity(int slots) {
        if (started.length < slots) {
            started = new int[slots];
            startedOutputs = new Object[slots];
            startedFailures = new Throwable[slots];
        }
    }

    /**
     * Picks up to {@code maxJobs} jobs of the batch and hands them to the workers, reading their
     * inputs first with async input; with {@code worldThreadHelps} the world's thread runs chunks
     * too when it {@link #finish}es.
     */
    void start(int maxJobs, boolean worldThreadHelps) {
        start(maxJobs, worldThreadHelps, 0, 0);
    }

    /**
     * As {@link #start(int, boolean)} (with the world's thread helping), under a time budget: jobs
     * are read and handed out a chunk at a time (about {@link #TIMED_CHUNK_NANOS} of work, one job
     * at least) only while {@code deadline} ({@code System.nanoTime()}) is ahead, and the next only
     * once a thread claimed the last (the world's thread runs it if no worker does within
     * microseconds). So when the time is spent, what still runs is the chunk each thread is in
     * and at most one more: no count estimated ahead. At least one chunk.
     */
    void startUntil(long deadline) {
        double perJob = allowance.nanosPerJob();
        int chunk = perJob > 0 ? (int) Math.max(1, Math.min(1 << 20, TIMED_CHUNK_NANOS / perJob)) : 1;
        start(TIMED_MOST_CHUNKS * chunk, true, chunk, deadline);
    }

    @SuppressWarnings("unchecked")
    /** Starts jobs; with a {@code timedChunk} (0: none), hands them out in chunks of it only until {@code deadline}. */
    private void start(int maxJobs, boolean worldThreadHelps, int timedChunk, long deadline) {
        TimeslicedSystem<I, O> decider = system;
        Batch b = batch;
        boolean syncInput = b.policy.syncInput();
        jobNanos.set(0);
        boolean timed = timedChunk > 0;
        crew.open(Math.min(maxJobs, b.size - b.position), worldThreadHelps, timedChunk);
        int chunkSize = crew.chunkSize();
        int nextChunkEnd = chunkSize;
        int count = 0;
        try {
            while (maxJobs > count && b.size > b.position) {
                if (timed && count > 0 && count == nextChunkEnd - chunkSize && !timeLeft(deadline)) {
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
            stats.jobsThisTick += count;
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

    /** True while started jobs wait for {@link #finish}. */
    boolean busy() {
        return crew.busy();
    }

    /**
     * Finishes the started jobs chunk by chunk, in order: waits for each (running it, or others
     * nobody claimed, meanwhile), drops its failed jobs and saves the rest with async output.
     */
    void finish() {
        int count = startedCount;
        startedCount = 0;
        if (count == 0) {
            crew.await();
            return;
        }
        boolean syncOutput = batch.policy.syncOutput();
        int chunkSize = crew.chunkSize();
        int finished = 0;
        try {
            for (int chunk = 0, chunks = crew.chunkCount(); chunks > chunk; chunk++) {
                crew.awaitChunk(chunk);
                // Take the chunk's results while the workers run later chunks
                for (int end = Math.min(count, finished + chunkSize); end > finished; finished++) {
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
            if (finished < count) { // a VM error is leaving: the jobs not finished get nothing from this batch
                crew.await();
                for (int i = finished; count > i; i++) {
                    batch.drop(started[i]);
                    startedFailures[i] = null;
                }
            }
        }
        crew.await();
        allowance.measured(jobNanos.get(), count);
    }

    /** Lets the jobs in flight finish and forgets them: the world is going away. */
    void abandon() {
        crew.await();
        startedCount = 0;
    }
}
