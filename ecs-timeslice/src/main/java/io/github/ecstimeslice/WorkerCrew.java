package io.github.ecstimeslice;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a tick's work items (a timesliced system's jobs, a parallel system's entities) on an executor's
 * threads, in chunks claimed from a shared counter by a few reusable tasks and by the world's thread.
 *
 * <p>Each {@link #open} starts a generation of chunks. The world's thread {@link #publish}es chunks
 * as their items become ready, so workers start on the first while it prepares the rest, then
 * {@link #seal}s the generation with the final count. A task that runs out of published chunks
 * waits up to a millisecond for the next, then ends: it never holds a pool thread for long (the
 * world's thread may be waiting on that pool). While the world's thread waits, for one chunk
 * ({@link #awaitChunk}, to take results in order) or all ({@link #await}), it runs chunks nobody
 * claimed, so a tick never depends on a worker starting (a busy pool, an executor that rejects
 * tasks or runs them on the caller). A {@link ForkJoinPool} gets the reusable tasks as they are
 * (no allocation per tick); another executor gets them as {@link Runnable}s.
 */
final class WorkerCrew implements Workers.Crew {

    private static final int SPINS_BEFORE_PARKING = 2_000;
    /** How long a task waits for the next chunk to be published before it ends: about a chunk's input reads. */
    private static final long PUBLICATION_WAIT_NANOS = 1_000_000;
    private static final long PARK_NANOS = 50_000;
    /** A chunk index that no generation has: a closed generation has nothing to claim. */
    private static final int CLOSED = Integer.MAX_VALUE;
    /**
     * Set in the next chunk to claim once a timed generation's deadline passed: that chunk and the
     * ones after it never run. Chunk indices stay below it.
     */
    private static final int STOPPED = 1 << 30;
    /** Waiting for every chunk, not one. */
    private static final int ALL_CHUNKS = -1;

    private final Workers.Work work;
    private final int chunksPerThread;
    /** Whose work the crew runs (a system): named by a {@link WorldEditCheck} that refuses an edit of it. */
    Object owner = this;
    private Executor executor;
    private ForkJoinPool pool;
    private int threads;
    private CrewTask[] tasks = new CrewTask[0];
    /** Per chunk, the generation in which it was last done. */
    private AtomicIntegerArray doneIn = new AtomicIntegerArray(0);

    /** Generation in the high 32 bits, the next chunk to claim in the low 32. */
    private final AtomicLong claims = new AtomicLong();
    private final AtomicInteger doneChunks = new AtomicInteger();
    /** Chunks whose items are ready: claimers take only chunks below it. */
    private volatile int published;
    /** True once the open generation is sealed: no more chunks will be published. */
    private volatile boolean sealed = true;
    /** The thread that opened the generation: it never waits for its own publication. */
    private Thread publisher;
    private volatile Thread waiter;
    private int generation;
    /** The items of the open generation: an upper bound until sealed, then the count. */
    private int jobs;
    private int chunkSize;
    /** The open generation's chunks: an upper bound until sealed, then the count. */
    private int chunkCount;
    /** True if the open generation has a {@link #deadline}. */
    private boolean timed;
    /** With {@link #timed}, the {@code System.nanoTime()} past which no chunk but the first is claimed. */
    private long deadline;
    /** The chunks the last generation {@link #await}ed ran: all of them unless its deadline stopped it. */
    private int chunksRun;
    /** Tasks worth handing out for the open generation: no more than its chunks others can take. */
    private int dispatchLimit;
    private boolean busy;
    /** The first Error the executor threw since {@link #takeExecutorError()}; only the world's thread submits. */
    private Error executorError;

    /** A crew that cuts each generation into about {@code chunksPerThread} chunks per thread taking part. */
    WorkerCrew(Workers.Work work, int chunksPerThread) {
        this.work = work;
        this.chunksPerThread = chunksPerThread;
    }

    /** Finishes a generation its owner left open (a VM error between {@link #open} and {@link #await}). */
    private void finishLeftover() {
        if (busy) {
            if (!sealed) {
                seal(published * chunkSize);
            }
            await();
        }
    }

    /** Uses {@code executor} from the next generation on (finishing one left open first); O(1) if it is the one in use. */
    @Override
    public void setExecutor(Executor executor) {
        if (executor == this.executor) {
            return;
        }
        finishLeftover();
        ForkJoinPool newPool = executor instanceof ForkJoinPool ? (ForkJoinPool) executor : null;
        int newThreads = newPool != null ? newPool.getParallelism() : Runtime.getRuntime().availableProcessors();
        CrewTask[] newTasks = new CrewTask[newThreads];
        for (int i = 0; i < newTasks.length; i++) {
            newTasks[i] = new CrewTask(this);
        }
        doneIn = new AtomicIntegerArray(chunksPerThread * (newThreads + 1));
        pool = newPool;
        threads = newThreads;
        tasks = newTasks;
        this.executor = executor; // last: if making the above failed, the next call tries again
    }

    /** True between {@link #open} (or {@link #start}) and {@link #await}. */
    boolean busy() {
        return busy;
    }

    /**
     * Runs items [0, {@code jobs}) on the workers, all ready now; with {@code worldThreadHelps}, the
     * calling thread claims chunks too before returning. {@link #await} ends it.
     */
    @Override
    public void start(int jobs, boolean worldThreadHelps) {
        open(jobs, worldThreadHelps);
        seal(jobs);
        if (worldThreadHelps && busy) {
            claimChunks();
        }
    }

    /**
     * Opens a generation of at most {@code maxJobs} items, none ready yet; with
     * {@code worldThreadHelps} the calling thread gets a share of the chunks. Then {@link #publish}
     * as items become ready, and {@link #seal} once. Nothing happens for 0 items.
     */
    void open(int maxJobs, boolean worldThreadHelps) {
        open(maxJobs, worldThreadHelps, 0, false, 0);
    }

    /**
     * As {@link #open(int, boolean)}, in the fewest chunks of at most {@code fixedChunkSize} items
     * (all but the last of {@link #chunkSize()}), with a {@code deadline} ({@code System.nanoTime()}):
     * any thread claims a chunk only while it is ahead (the first always), so what runs past it is
     * the chunk each thread is in. Chunks not claimed by then never run: after {@link #awaitChunk}
     * says so, or {@link #await}, {@link #chunksRun()} tells where they begin. A clock read a claim.
     */
    void openUntil(int maxJobs, boolean worldThreadHelps, int fixedChunkSize, long deadline) {
        open(maxJobs, worldThreadHelps, fixedChunkSize, true, deadline);
    }

    /**
     * Opens a generation: in the fewest chunks of at most {@code fixedChunkSize} items (0: about
     * {@code chunksPerThread} chunks a thread), claimed only until {@code deadline} if
     * {@code timed}. Allocates only when a generation has more chunks than any before.
     */
    private void open(int maxJobs, boolean worldThreadHelps, int fixedChunkSize, boolean timed, long deadline) {
        finishLeftover();
        if (maxJobs <= 0) {
            return;
        }
        int helpers = worldThreadHelps ? 1 : 0;
        int chunks = fixedChunkSize > 0 ? (maxJobs + fixedChunkSize - 1) / fixedChunkSize
                : Math.min(maxJobs, chunksPerThread * (threads + helpers));
        if (chunks > doneIn.length()) {
            doneIn = new AtomicIntegerArray(chunks); // before the generation opens: no claimer sees the old one
        }
        if (++generation == 0) {
            generation = 1; // 0 is what a chunk never done holds
        }
        // closed first: a late claimer of an older generation must not pair its claim with the fields below
        claims.set((long) generation << 32 | CLOSED);
        this.jobs = maxJobs;
        this.chunkSize = (maxJobs + chunks - 1) / chunks;
        this.chunkCount = (maxJobs + chunkSize - 1) / chunkSize;
        this.dispatchLimit = Math.min(tasks.length, chunkCount - helpers);
        this.timed = timed;
        this.deadline = deadline;
        doneChunks.set(0);
        published = 0;
        sealed = false;
        publisher = Thread.currentThread();
        claims.set((long) generation << 32); // opens the generation, publishing the fields above
        busy = true;
    }

    /** Published chunks of the open generation no thread has claimed yet. */
    int unclaimed() {
        int next = (int) claims.get();
        return next >= STOPPED ? 0 : Math.max(0, published - next);
    }

    /** True if the open generation's deadline stopped it before {@code chunk}, which will never run. */
    private boolean neverRuns(int chunk) {
        return chunk >= stoppedBefore();
    }

    /** The chunk before which the open generation's deadline stopped it (none after it runs); {@link Integer#MAX_VALUE} if it was not. */
    private int stoppedBefore() {
        int next = (int) claims.get();
        return next != CLOSED && next >= STOPPED ? next & ~STOPPED : Integer.MAX_VALUE;
    }

    /** The chunks the generation last {@link #await}ed ran, from the first: the rest never ran (its deadline passed). */
    int chunksRun() {
        return chunksRun;
    }

    /** The threads the executor gives the crew. */
    int threads() {
        return threads;
    }

    /** On the world's thread: claims and runs one published chunk, if one is unclaimed; true if it ran one. */
    boolean helpOne() {
        return busy && claimOne();
    }

    /** Items per chunk in the open generation: chunk {@code c} holds items from {@code c * chunkSize()}. */
    int chunkSize() {
        return chunkSize;
    }

    /** Chunks of the open generation; the final count once sealed. */
    int chunkCount() {
        return chunkCount;
    }

    /**
     * Items [0, {@code readyJobs}) are ready: publishes every whole chunk among them and hands the
     * free tasks to the executor. Items' data must be written before this call.
     */
    void publish(int readyJobs) {
        if (!busy) {
            return;
        }
        int ready = Math.min(readyJobs / chunkSize, chunkCount);
        if (ready > published) {
            published = ready;
            dispatch();
        }
    }

    /**
     * The open generation has {@code jobs} items, all ready: publishes the last chunks (with 0
     * items, the generation ends here).
     *
     * @throws IllegalArgumentException if {@code jobs} is more than opened for, or fewer than published
     */
    void seal(int jobs) {
        if (!busy) {
            return;
        }
        if (jobs > this.jobs || jobs < published * chunkSize) {
            throw new IllegalArgumentException("sealed with " + jobs + " items, opened for " + this.jobs
                    + " with " + published * chunkSize + " published");
        }
        this.jobs = jobs;
        this.chunkCount = (jobs + chunkSize - 1) / chunkSize;
        if (chunkCount == 0) {
            claims.set((long) generation << 32 | CLOSED);
            sealed = true;
            busy = false;
            return;
        }
        boolean more = chunkCount > published;
        published = chunkCount; // publishes jobs and chunkCount too
        sealed = true;
        if (more) {
            dispatch();
        }
    }

    /** Submits the tasks that are free (never submitted, or run to their end), up to the dispatch limit. */
    private void dispatch() {
        for (int i = 0; i < dispatchLimit; i++) {
            CrewTask task = tasks[i];
            // a task still queued or running takes the new chunks when it gets to them
            if (task.reusable(pool != null) && !submit(task)) {
                break; // refused: the world's thread will claim what it would have
            }
        }
    }

    /**
     * Hands a task to the executor; false if it refused (threw; an {@code Error} is kept for
     * {@link #takeExecutorError()}): the task is free again and the calling thread does its work.
     */
    private boolean submit(CrewTask task) {
        task.submitted = true;
        task.running = true;
        try {
            if (pool != null) {
                task.reinitialize();
                pool.execute((ForkJoinTask<?>) task);
            } else {
                executor.execute(task);
            }
            return true;
        } catch (RuntimeException | Error e) {
            task.submitted = false; // never ran: free again
            task.running = false;
            if (e instanceof Error && executorError == null) {
                executorError = (Error) e;
            }
            return false;
        }
    }

    /**
     * The first {@code Error} the executor threw since the last call (no native thread, say), or
     * null; forgets it. The work went on without the refused tasks.
     */
    @Override
    public Error takeExecutorError() {
        Error thrown = executorError;
        executorError = null;
        return thrown;
    }

    /** True if chunk {@code chunk} of the open generation is done; its items' results are visible then. */
    boolean chunkDone(int chunk) {
        return doneIn.get(chunk) == generation;
    }

    /**
     * Waits until chunk {@code chunk} of the sealed generation is done, running unclaimed chunks
     * meanwhile; false if it will never run (its deadline stopped the generation before it).
     */
    boolean awaitChunk(int chunk) {
        if (!busy || !sealed || chunk < 0 || chunk >= chunkCount) {
            throw new IllegalArgumentException("chunk " + chunk + " is not one of the "
                    + (busy && sealed ? chunkCount : 0) + " chunks of a sealed generation");
        }
        int spins = 0;
        while (!chunkDone(chunk)) {
            if (claimOne()) {
                continue;
            }
            if (neverRuns(chunk)) {
                return false;
            }
            spins = pause(spins, chunk);
        }
        return true;
    }

    /** Claims the chunks nobody has claimed yet, then waits until every chunk is done. Needs a sealed generation. */
    @Override
    public void await() {
        if (!busy) {
            return;
        }
        claimChunks();
        int spins = 0;
        while (waitingFor(ALL_CHUNKS)) {
            spins = pause(spins, ALL_CHUNKS);
        }
        chunksRun = doneChunks.get();
        claims.set((long) generation << 32 | CLOSED);
        busy = false;
    }

    /** True while the given chunk, or with {@link #ALL_CHUNKS} any chunk that will run, is not done. */
    private boolean waitingFor(int chunk) {
        if (chunk != ALL_CHUNKS) {
            return !chunkDone(chunk) && !neverRuns(chunk);
        }
        return doneChunks.get() != Math.min(chunkCount, stoppedBefore()); // the chunks claimed, all if not stopped
    }

    /**
     * One step of waiting for {@code chunk} (or {@link #ALL_CHUNKS}): spins a while, then parks
     * briefly. A spin has no {@code Thread.onSpinWait} (Java 9, past the library's Java 8), which
     * gained nothing measured (docs/benchmarks.md, "Java 8 for every platform").
     */
    private int pause(int spins, int chunk) {
        if (spins < SPINS_BEFORE_PARKING) {
            return spins + 1;
        }
        waiter = Thread.currentThread();
        if (waitingFor(chunk)) { // checked after registering: a chunk finishing now unparks us
            LockSupport.parkNanos(this, PARK_NANOS);
        }
        waiter = null;
        return spins;
    }

    /** Claims and runs published chunks of the open generation until none is left. */
    void claimChunks() {
        while (claimOne()) {
            // next
        }
    }

    /**
     * Claims and runs one published chunk, if any is unclaimed. A claim is a CAS on (generation,
     * chunk), so it succeeds only while that generation is open, and the generation cannot end,
     * nor its fields change, before the claimed chunk is done.
     */
    private boolean claimOne() {
        int waited = 0;
        long waitingSince = 0;
        while (true) {
            long claim = claims.get();
            int chunk = (int) claim;
            if (chunk >= STOPPED) {
                return false; // closed, or stopped by its deadline
            }
            if (chunk >= published) {
                // more may come: a worker waits a little, unless this thread is the one publishing
                // (an executor that runs tasks on the calling thread); sealed is read before
                // published again, as seal writes them the other way round
                if (Thread.currentThread() == publisher || sealed && chunk >= published) {
                    return false;
                }
                if ((++waited & 63) == 0) {
                    long now = System.nanoTime();
                    if (waitingSince == 0) {
                        waitingSince = now;
                    } else if (now - waitingSince > PUBLICATION_WAIT_NANOS) {
                        return false;
                    }
                }
                continue; // spinning (see pause)
            }
            if (timed && chunk > 0 && deadline - System.nanoTime() <= 0) {
                claims.compareAndSet(claim, claim | STOPPED); // if it fails, another thread claimed or stopped: look again
                continue;
            }
            if (claims.compareAndSet(claim, claim + 1)) {
                int from = chunk * chunkSize;
                try {
                    WorkThreads.run(work, from, Math.min(jobs, from + chunkSize), owner);
                } finally {
                    doneIn.set(chunk, (int) (claim >>> 32));
                    doneChunks.incrementAndGet();
                    Thread w = waiter;
                    if (w != null) {
                        LockSupport.unpark(w);
                    }
                }
                return true;
            }
        }
    }
}
