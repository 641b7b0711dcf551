package io.github.ecstimeslice;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The worker machinery on its own: every job exactly once per start, and no wait that never ends. */
class WorkerCrewTest {

    /** Counts, per start, how often each job index ran. */
    private static final class Counting implements Workers.Work {
        AtomicIntegerArray runs = new AtomicIntegerArray(1);

        void reset(int jobs) {
            runs = new AtomicIntegerArray(jobs);
        }

        @Override
        public void run(int from, int to) {
            for (int i = from; i < to; i++) {
                runs.incrementAndGet(i);
            }
        }

        void assertEachRanOnce(int jobs, String when) {
            for (int i = 0; i < jobs; i++) {
                assertEquals(1, runs.get(i), when + ": job " + i);
            }
        }
    }

    /** A crew of four chunks per thread on {@code executor}. */
    private static WorkerCrew crewOn(Executor executor, Workers.Work work) {
        WorkerCrew crew = new WorkerCrew(work, 4);
        crew.setExecutor(executor);
        return crew;
    }

    private static void startsOfVaryingSizes(WorkerCrew crew, Counting work, boolean worldThreadHelps) {
        Random random = new Random(5);
        for (int start = 0; start < 3000; start++) {
            int jobs = 1 + random.nextInt(start % 2 == 0 ? 3 : 60);
            work.reset(jobs);
            crew.start(jobs, worldThreadHelps);
            crew.await();
            work.assertEachRanOnce(jobs, "start " + start);
        }
    }

    @Test
    void tasksThatStartLateNeverRunAJobTwiceOrLoseOne() {
        // a plain executor whose tasks start after a random delay, often after their start ended
        ExecutorService threads = Executors.newFixedThreadPool(3);
        Random delays = new Random(9);
        try {
            Counting work = new Counting();
            WorkerCrew crew = new WorkerCrew(work, 4);
            crew.setExecutor(task -> {
                long delay = delays.nextInt(4) == 0 ? delays.nextInt(200_000) : 0;
                threads.execute(() -> {
                    LockSupport.parkNanos(delay);
                    task.run();
                });
            });
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                startsOfVaryingSizes(crew, work, false);
                startsOfVaryingSizes(crew, work, true);
            });
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aForkJoinPoolRunsEveryJobOnceAcrossThousandsOfStarts() {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            Counting work = new Counting();
            WorkerCrew crew = crewOn(pool, work);
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                startsOfVaryingSizes(crew, work, false);
                startsOfVaryingSizes(crew, work, true);
            });
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anExecutorThatRejectsOrNeverRunsTasksLeavesTheWorkToTheWaitingThread() {
        Counting work = new Counting();
        WorkerCrew rejecting = new WorkerCrew(work, 4);
        rejecting.setExecutor(task -> {
            throw new RejectedExecutionException("full");
        });
        WorkerCrew dropping = crewOn(task -> { }, work);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (WorkerCrew crew : new WorkerCrew[]{rejecting, dropping}) {
                startsOfVaryingSizes(crew, work, false);
            }
        });
    }

    /** Records a job that ran before its item was published. */
    private static final class Publishing implements Workers.Work {
        int[] ready = new int[1];
        AtomicIntegerArray runs = new AtomicIntegerArray(1);
        final AtomicIntegerArray early = new AtomicIntegerArray(1);

        void reset(int jobs) {
            ready = new int[jobs];
            runs = new AtomicIntegerArray(jobs);
        }

        @Override
        public void run(int from, int to) {
            for (int i = from; i < to; i++) {
                if (ready[i] != 1) { // a plain write before publish: visible if publication works
                    early.incrementAndGet(0);
                }
                runs.incrementAndGet(i);
            }
        }
    }

    /**
     * Items made ready one by one and published as they are, sealed with fewer items than opened
     * for at times; each chunk awaited in order has all its items run, once, and none ran before
     * it was published.
     */
    private static void publishedStarts(WorkerCrew crew, Publishing work, boolean worldThreadHelps) {
        publishedStarts(crew, work, worldThreadHelps, 3000);
    }

    /** {@code starts} generations of random sizes, each published item by item, then sealed and awaited chunk by chunk. */
    private static void publishedStarts(WorkerCrew crew, Publishing work, boolean worldThreadHelps, int starts) {
        Random random = new Random(13);
        for (int start = 0; start < starts; start++) {
            int max = 1 + random.nextInt(start % 2 == 0 ? 5 : 300);
            int jobs = random.nextBoolean() ? max : random.nextInt(max + 1);
            work.reset(max);
            crew.open(max, worldThreadHelps);
            for (int i = 0; i < jobs; i++) {
                work.ready[i] = 1;
                crew.publish(i + 1);
                if (random.nextInt(50) == 0) {
                    LockSupport.parkNanos(20_000); // the workers catch up and wait
                }
            }
            crew.seal(jobs);
            if (jobs > 0) {
                int chunkSize = crew.chunkSize();
                for (int chunk = 0; chunk < crew.chunkCount(); chunk++) {
                    crew.awaitChunk(chunk);
                    for (int i = chunk * chunkSize; i < Math.min(jobs, (chunk + 1) * chunkSize); i++) {
                        assertEquals(1, work.runs.get(i), "start " + start + ": job " + i + " after its chunk");
                    }
                }
            }
            crew.await();
            for (int i = 0; i < max; i++) {
                assertEquals(i < jobs ? 1 : 0, work.runs.get(i), "start " + start + ": job " + i + " of " + jobs);
            }
        }
        assertEquals(0, work.early.get(0), "jobs that ran before they were published");
    }

    @Test
    void chunksPublishedOneByOneRunOnceEachAndNeverEarly() {
        ForkJoinPool pool = new ForkJoinPool(2);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        Random delays = new Random(3);
        try {
            Publishing work = new Publishing();
            WorkerCrew onPool = crewOn(pool, work);
            WorkerCrew late = new WorkerCrew(work, 4);
            late.setExecutor(task -> {
                long delay = delays.nextInt(4) == 0 ? delays.nextInt(200_000) : 0;
                threads.execute(() -> {
                    LockSupport.parkNanos(delay);
                    task.run();
                });
            });
            WorkerCrew callerRuns = crewOn(Runnable::run, work);
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                for (WorkerCrew crew : new WorkerCrew[]{onPool, late, callerRuns}) {
                    publishedStarts(crew, work, false);
                    publishedStarts(crew, work, true);
                }
            });
        } finally {
            pool.shutdownNow();
            threads.shutdownNow();
        }
    }

    @Test
    void anExecutorThatRunsTasksOnTheCallingThreadNeverDeadlocks() {
        Counting work = new Counting();
        WorkerCrew crew = crewOn(Runnable::run, work);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            startsOfVaryingSizes(crew, work, false);
            startsOfVaryingSizes(crew, work, true);
        });
    }

    /** A one-thread executor whose submit blocks the caller while its thread is busy. */
    private static ThreadPoolExecutor blockingWhenFull() {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new SynchronousQueue<>(),
                (task, full) -> {
                    try {
                        full.getQueue().put(task);
                    } catch (InterruptedException e) {
                        throw new RejectedExecutionException(e);
                    }
                });
        executor.prestartAllCoreThreads();
        return executor;
    }

    @Test
    void anExecutorThatBlocksWhenFullNeverDeadlocksWithChunksStillToBePublished() {
        ThreadPoolExecutor executor = blockingWhenFull();
        try {
            Publishing work = new Publishing();
            WorkerCrew crew = crewOn(executor, work);
            // each hand-out waits for the one thread to end its task, up to a millisecond: 200
            // generations of up to 300 items cover the sizes and publication patterns in a second or two
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> publishedStarts(crew, work, false, 200));
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void theWorldThreadMayWaitOnTheSamePoolBetweenPublications() {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            Counting work = new Counting();
            WorkerCrew crew = crewOn(pool, work);
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                for (int start = 0; start < 300; start++) {
                    work.reset(100);
                    crew.open(100, false);
                    for (int ready = crew.chunkSize(); ready <= 100; ready += crew.chunkSize()) {
                        crew.publish(ready);
                        // say setUpInput reads through an async API served by the same pool
                        assertEquals(1, CompletableFuture.supplyAsync(() -> 1, pool).join());
                    }
                    crew.seal(100);
                    crew.await();
                    work.assertEachRanOnce(100, "start " + start);
                }
            });
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void workersRunPublishedChunksBeforeTheGenerationIsSealed() {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            Publishing work = new Publishing();
            work.reset(1000);
            WorkerCrew crew = crewOn(pool, work);
            crew.open(1000, false);
            int chunk = crew.chunkSize();
            for (int i = 0; i < chunk; i++) {
                work.ready[i] = 1;
            }
            crew.publish(chunk);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (work.runs.get(0) == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(1, work.runs.get(0), "a worker ran the first chunk while the rest was not ready");
            assertEquals(0, work.runs.get(chunk), "and nothing of the second");
            for (int i = chunk; i < 1000; i++) {
                work.ready[i] = 1;
            }
            crew.seal(1000);
            crew.await();
            for (int i = 0; i < 1000; i++) {
                assertEquals(1, work.runs.get(i), "job " + i);
            }
            assertEquals(0, work.early.get(0));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anExecutorThatThrowsIsRefusingAndNoItemIsLostOrRunTwice() {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Counting work = new Counting();
            WorkerCrew crew = crewOn(failingOn(threads, call -> call % 3 == 0, () -> {
                throw new IllegalStateException("executor failure, not a rejection");
            }), work);
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                startsOfVaryingSizes(crew, work, false);
                startsOfVaryingSizes(crew, work, true);
            });
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void anExecutorErrorIsARefusalKeptForTheOwnerToReportOnce() {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        OutOfMemoryError refusal = new OutOfMemoryError("unable to create native thread (simulated)");
        try {
            Counting work = new Counting();
            WorkerCrew crew = crewOn(failingOn(threads, call -> call == 2, () -> {
                throw refusal;
            }), work);
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                work.reset(64);
                crew.start(64, true); // the error does not leave: the calling thread runs what was refused
                crew.await();
                work.assertEachRanOnce(64, "the generation whose task was refused");
                assertSame(refusal, crew.takeExecutorError());
                assertNull(crew.takeExecutorError(), "reported once");
                startsOfVaryingSizes(crew, work, true); // and the crew works on as usual
                assertNull(crew.takeExecutorError());
            });
        } finally {
            threads.shutdownNow();
        }
    }

    /** An executor on {@code threads} that runs {@code failure} (which throws) on the submissions {@code failsOn} picks, counted from 1. */
    private static Executor failingOn(ExecutorService threads, IntPredicate failsOn, Runnable failure) {
        AtomicInteger calls = new AtomicInteger();
        return task -> {
            if (failsOn.test(calls.incrementAndGet())) {
                failure.run();
            }
            threads.execute(task);
        };
    }

    private static int sum(AtomicIntegerArray runs) {
        int total = 0;
        for (int i = 0; i < runs.length(); i++) {
            total += runs.get(i);
        }
        return total;
    }
}
