package io.github.ecstimeslice;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a tick's started jobs on an executor's threads, in chunks claimed from a shared counter by a
 * few reusable tasks (and, if asked, by the world's thread), then waits for all of them. With a
 * {@link ForkJoinPool} the tasks are submitted as they are, so a tick allocates nothing; another
 * executor gets them as {@link Runnable}s and may allocate per task (a queue node, say).
 */
final class WorkerCrew {

    /** The work: runs the started jobs with indices in [from, to). Must not throw. */
    interface Work {
        void runJobs(int from, int to);
    }

    private static final int CHUNKS_PER_THREAD = 4;
    private static final int SPINS_BEFORE_PARKING = 2_000;
    private static final long PARK_NANOS = 50_000;

    private final Work work;
    private Executor executor;
    private ForkJoinPool pool;
    private int threads;
    private Task[] tasks = new Task[0];

    private final AtomicInteger nextChunk = new AtomicInteger();
    private final AtomicInteger runningTasks = new AtomicInteger();
    private volatile Thread waiter;
    private int jobs;
    private int chunkSize;
    private int chunkCount;
    private int dispatched;
    private boolean busy;

    WorkerCrew(Work work) {
        this.work = work;
    }

    /** Uses {@code executor} from the next start on. Not while busy. */
    void setExecutor(Executor executor) {
        this.executor = executor;
        this.pool = executor instanceof ForkJoinPool ? (ForkJoinPool) executor : null;
        this.threads = pool != null ? pool.getParallelism() : Runtime.getRuntime().availableProcessors();
        if (tasks.length < threads) {
            Task[] grown = new Task[threads];
            System.arraycopy(tasks, 0, grown, 0, tasks.length);
            for (int i = tasks.length; i < threads; i++) {
                grown[i] = new Task();
            }
            tasks = grown;
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
     * Starts running jobs [0, {@code jobs}) on the workers; with {@code worldThreadHelps}, the
     * calling thread claims chunks too before returning.
     */
    void start(int jobs, boolean worldThreadHelps) {
        if (jobs == 0) {
            return;
        }
        int helpers = worldThreadHelps ? 1 : 0;
        this.jobs = jobs;
        this.chunkCount = Math.min(jobs, CHUNKS_PER_THREAD * (threads + helpers));
        this.chunkSize = (jobs + chunkCount - 1) / chunkCount;
        this.chunkCount = (jobs + chunkSize - 1) / chunkSize;
        nextChunk.set(0);
        dispatched = Math.min(threads, chunkCount - helpers);
        runningTasks.set(dispatched);
        busy = true;
        for (int i = 0; i < dispatched; i++) {
            Task task = tasks[i];
            if (pool != null) {
                task.reinitialize();
                pool.execute((ForkJoinTask<?>) task);
            } else {
                executor.execute(task);
            }
        }
        if (worldThreadHelps) {
            claimChunks();
        }
    }

    /** Waits until every task of the last start has finished. No-op if not busy. */
    void await() {
        if (!busy) {
            return;
        }
        int spins = 0;
        while (runningTasks.get() != 0) {
            if (spins < SPINS_BEFORE_PARKING) {
                spins++;
                Thread.onSpinWait();
            } else {
                waiter = Thread.currentThread();
                if (runningTasks.get() != 0) {
                    LockSupport.parkNanos(this, PARK_NANOS);
                }
                waiter = null;
            }
        }
        if (pool != null) {
            // the count drops inside exec(); the pool marks the task done just after it returns
            for (int i = 0; i < dispatched; i++) {
                while (!tasks[i].isDone()) {
                    Thread.onSpinWait();
                }
            }
        }
        busy = false;
    }

    private void claimChunks() {
        for (int chunk = nextChunk.getAndIncrement(); chunkCount > chunk; chunk = nextChunk.getAndIncrement()) {
            int from = chunk * chunkSize;
            work.runJobs(from, Math.min(jobs, from + chunkSize));
        }
    }

    private void taskDone() {
        if (runningTasks.decrementAndGet() == 0) {
            Thread w = waiter;
            if (w != null) {
                LockSupport.unpark(w);
            }
        }
    }

    /** A reusable task: claims chunks until none is left. */
    private final class Task extends ForkJoinTask<Void> implements Runnable {
        private static final long serialVersionUID = 1L;

        @Override
        public void run() {
            try {
                claimChunks();
            } finally {
                taskDone();
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
