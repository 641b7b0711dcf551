package io.github.ecstimeslice;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a tick's work items (a timesliced system's started jobs, a parallel system's entities) on an
 * executor's threads, in chunks claimed from a shared counter by a few reusable tasks and by the
 * world's thread, then waits until every chunk is done.
 *
 * <p>Each start opens a new generation of chunks. The world's thread claims what is left when it
 * waits, so a tick never depends on a worker ever starting (a busy or empty pool, an executor that
 * rejects tasks). A task the pool has not started by the end of its tick is not replaced: when it
 * runs it helps whatever generation is open, or ends at once. With a {@link ForkJoinPool} the
 * tasks are submitted as they are and reused, so a tick allocates nothing; another executor gets
 * them as {@link Runnable}s and may allocate per task (a queue node, say).
 */
final class WorkerCrew {

    /** The work: runs the items with indices in [from, to). Must not throw. */
    interface Work {
        void run(int from, int to);
    }

    private static final int SPINS_BEFORE_PARKING = 2_000;
    private static final long PARK_NANOS = 50_000;
    /** A chunk index that no generation has: a closed generation has nothing to claim. */
    private static final int CLOSED = Integer.MAX_VALUE;

    private final Work work;
    private final int chunksPerThread;
    private Executor executor;
    private ForkJoinPool pool;
    private int threads;
    private Task[] tasks = new Task[0];

    /** Generation in the high 32 bits, the next chunk to claim in the low 32. */
    private final AtomicLong claims = new AtomicLong();
    private final AtomicInteger doneChunks = new AtomicInteger();
    private volatile Thread waiter;
    private int generation;
    private int jobs;
    private int chunkSize;
    private int chunkCount;
    private boolean busy;

    /**
     * A crew that cuts each start into about {@code chunksPerThread} chunks per thread taking part:
     * more chunks balance uneven threads better, fewer cost fewer claims.
     */
    WorkerCrew(Work work, int chunksPerThread) {
        this.work = work;
        this.chunksPerThread = chunksPerThread;
    }

    /** Uses {@code executor} from the next start on. Not while busy. */
    void setExecutor(Executor executor) {
        this.executor = executor;
        this.pool = executor instanceof ForkJoinPool ? (ForkJoinPool) executor : null;
        this.threads = pool != null ? pool.getParallelism() : Runtime.getRuntime().availableProcessors();
        tasks = new Task[threads];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = new Task();
        }
    }

    Executor executor() {
        return executor;
    }

    /** True between {@link #start} and {@link #await}. */
    boolean busy() {
        return busy;
    }

    /**
     * Starts running items [0, {@code jobs}) on the workers; with {@code worldThreadHelps}, the
     * calling thread claims chunks too before returning.
     */
    void start(int jobs, boolean worldThreadHelps) {
        if (jobs == 0) {
            return;
        }
        int helpers = worldThreadHelps ? 1 : 0;
        int chunks = Math.min(jobs, chunksPerThread * (threads + helpers));
        this.generation++;
        // closed first: a late claimer of an older generation must never pair its stale claim
        // with the fields written next
        claims.set((long) generation << 32 | CLOSED);
        this.jobs = jobs;
        this.chunkSize = (jobs + chunks - 1) / chunks;
        this.chunkCount = (jobs + chunkSize - 1) / chunkSize;
        doneChunks.set(0);
        claims.set((long) generation << 32); // opens the generation, publishing the fields above
        busy = true;
        int dispatch = Math.min(threads, chunkCount - helpers);
        for (int i = 0; i < dispatch; i++) {
            Task task = tasks[i];
            // a task still queued from an earlier tick joins this one when it runs: no new task
            if (task.reusable() && !submit(task)) {
                break; // rejected: the world's thread will claim what it would have
            }
        }
        if (worldThreadHelps) {
            claimChunks();
        }
    }

    private boolean submit(Task task) {
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
        } catch (RejectedExecutionException e) {
            task.submitted = false; // never ran: free again
            task.running = false;
            return false;
        }
    }

    /** Claims the chunks nobody has claimed yet, then waits until every chunk is done. */
    void await() {
        if (!busy) {
            return;
        }
        claimChunks();
        int spins = 0;
        while (doneChunks.get() != chunkCount) {
            if (spins < SPINS_BEFORE_PARKING) {
                spins++;
                Thread.onSpinWait();
            } else {
                waiter = Thread.currentThread();
                if (doneChunks.get() != chunkCount) {
                    LockSupport.parkNanos(this, PARK_NANOS);
                }
                waiter = null;
            }
        }
        claims.set((long) generation << 32 | CLOSED);
        busy = false;
    }

    /**
     * Claims and runs chunks of the open generation until none is left. A claim is a CAS on
     * (generation, chunk), so it succeeds only while that generation is open, and the generation
     * cannot end, nor its fields change, before the claimed chunk is done.
     */
    private void claimChunks() {
        while (true) {
            long claim = claims.get();
            int chunk = (int) claim;
            if (chunk >= chunkCount) {
                return;
            }
            if (claims.compareAndSet(claim, claim + 1)) {
                int from = chunk * chunkSize;
                try {
                    work.run(from, Math.min(jobs, from + chunkSize));
                } finally {
                    if (doneChunks.incrementAndGet() == chunkCount) {
                        Thread w = waiter;
                        if (w != null) {
                            LockSupport.unpark(w);
                        }
                    }
                }
            }
        }
    }

    /** A reusable task: claims chunks of whatever generation is open when it runs. */
    private final class Task extends ForkJoinTask<Void> implements Runnable {
        private static final long serialVersionUID = 1L;

        boolean submitted;
        volatile boolean running;

        /** True if never submitted, or run to its end (and, in a pool, marked done). */
        boolean reusable() {
            return !running && (pool == null || isDone() || !submitted);
        }

        @Override
        public void run() {
            try {
                claimChunks();
            } finally {
                running = false;
            }
        }

        @Override
        protected boolean exec() {
            run();
            return true;
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void value) {
        }
    }
}
