package io.github.ecstimeslice;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The worker machinery on its own: every job exactly once per start, and no wait that never ends. */
class WorkerCrewTest {

    /** Counts, per start, how often each job index ran. */
    private static final class Counting implements WorkerCrew.Work {
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
            WorkerCrew crew = new WorkerCrew(work, 4);
            crew.setExecutor(pool);
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
        WorkerCrew dropping = new WorkerCrew(work, 4);
        dropping.setExecutor(task -> { });
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (WorkerCrew crew : new WorkerCrew[]{rejecting, dropping}) {
                startsOfVaryingSizes(crew, work, false);
            }
        });
    }
}
