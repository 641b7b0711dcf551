package io.github.ecstimeslice;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A crew's generation with a deadline: chunks are claimed only while it is ahead (the first
 * always), the rest never run, and the waiting thread learns where they begin.
 */
class WorkerCrewDeadlineTest {

    /** Two workers, as this machine's cores. */
    private final ForkJoinPool pool = new ForkJoinPool(2);

    @AfterEach
    void stopThePool() {
        pool.shutdownNow();
    }

    /** A crew of four chunks per thread on the pool. */
    private WorkerCrew crewOnThePool(Workers.Work work) {
        WorkerCrew crew = new WorkerCrew(work, 4);
        crew.setExecutor(pool);
        return crew;
    }

    /** Spins {@code nanos} per item, counting each item's runs and when each began. */
    private static final class Timed implements Workers.Work {
        final long nanos;
        AtomicIntegerArray runs = new AtomicIntegerArray(0);
        AtomicLongArray began = new AtomicLongArray(0);

        Timed(long nanos) {
            this.nanos = nanos;
        }

        void reset(int items) {
            runs = new AtomicIntegerArray(items);
            began = new AtomicLongArray(items);
        }

        @Override
        public void run(int from, int to) {
            for (int i = from; i < to; i++) {
                began.set(i, System.nanoTime());
                long until = System.nanoTime() + nanos;
                while (System.nanoTime() - until < 0) {
                    Thread.onSpinWait();
                }
                runs.incrementAndGet(i);
            }
        }

        /** Items [0, ran) ran once, the rest never: what ran is a prefix. */
        void assertPrefixRan(int ran, int items, String when) {
            for (int i = 0; i < items; i++) {
                assertEquals(i < ran ? 1 : 0, runs.get(i), when + ": item " + i + " of the " + ran + " that ran");
            }
        }
    }

    /** A sealed generation of {@code items} instant items in chunks of at most {@code chunk}, its deadline passed. */
    private WorkerCrew pastItsDeadline(Timed work, int items, boolean worldThreadHelps, int chunk) {
        WorkerCrew crew = crewOnThePool(work);
        work.reset(items);
        crew.openUntil(items, worldThreadHelps, chunk, System.nanoTime() - 1);
        crew.seal(items);
        return crew;
    }

    @Test
    void chunksOfAFixedSizeThatDoesNotDivideTheItemsAreEvenedBelowIt() {
        // 4 items in chunks of at most 3: two of 2, so a first chunk alone runs 2 items, not 3
        Timed work = new Timed(0);
        WorkerCrew crew = pastItsDeadline(work, 4, false, 3);
        crew.await();
        assertEquals(2, crew.chunkSize());
        assertEquals(2, crew.chunkCount());
        assertEquals(1, crew.chunksRun());
        work.assertPrefixRan(crew.chunksRun() * crew.chunkSize(), 4, "deadline passed");
    }

    @Test
    void aGenerationWhoseDeadlinePassedRunsItsFirstChunkAlone() {
        Timed work = new Timed(0);
        WorkerCrew crew = pastItsDeadline(work, 10, true, 2);
        assertTrue(crew.awaitChunk(0), "the first chunk runs whatever the time");
        assertFalse(crew.awaitChunk(1), "the second never does");
        assertFalse(crew.awaitChunk(4));
        crew.await();
        assertEquals(1, crew.chunksRun());
        work.assertPrefixRan(2, 10, "deadline passed");
        assertFalse(crew.busy());
    }

    @Test
    void noChunkStartsAfterTheDeadlineAndTheOnesLeftNeverRun() {
        // 100 chunks of one 1 ms item, a 5 ms deadline, two workers and the world's thread: about
        // 15 run; without the deadline all 100 would, the last ones starting 15 to 30 ms late
        Timed work = new Timed(1_000_000);
        WorkerCrew crew = crewOnThePool(work);
        for (int round = 0; round < 5; round++) {
            work.reset(100);
            long deadline = System.nanoTime() + 5_000_000;
            crew.openUntil(100, true, 1, deadline);
            crew.seal(100);
            int awaited = 0;
            while (awaited < 100 && crew.awaitChunk(awaited)) {
                awaited++;
            }
            crew.await();
            int ran = crew.chunksRun();
            assertEquals(awaited, ran, "awaitChunk and chunksRun agree");
            assertTrue(ran >= 1 && ran < 100, "round " + round + ": " + ran + " ran");
            work.assertPrefixRan(ran, 100, "round " + round);
            for (int i = 1; i < ran; i++) {
                // 10 ms for a thread switched out between its claim and its item (a busy machine)
                assertTrue(work.began.get(i) - deadline < 10_000_000, "round " + round + ": chunk " + i
                        + " began " + (work.began.get(i) - deadline) / 1e6 + " ms past the deadline");
            }
        }
    }

    @Test
    void aGenerationLeftToTheWorkersStopsAtItsDeadlineAndTheWaiterSeesWhere() {
        // joined next tick: the world's thread only publishes, and awaits after the deadline
        Timed work = new Timed(200_000);
        WorkerCrew crew = crewOnThePool(work);
        for (int round = 0; round < 5; round++) {
            work.reset(200);
            crew.openUntil(200, false, 2, System.nanoTime() + 2_000_000);
            for (int ready = 2; ready <= 200; ready += 2) {
                crew.publish(ready);
            }
            crew.seal(200);
            LockSupport.parkNanos(10_000_000); // the next tick
            int awaited = 0;
            while (awaited < 100 && crew.awaitChunk(awaited)) {
                awaited++;
            }
            crew.await();
            assertEquals(awaited, crew.chunksRun());
            assertTrue(awaited < 100, "round " + round + ": the workers ran all 200 items of 0.2 ms in 2 ms");
            work.assertPrefixRan(2 * awaited, 200, "round " + round);
        }
    }

    @Test
    void deadlinesAtEveryMomentOfAGenerationLeaveAPrefixThatRanOnce() {
        // tasks that start late, deadlines from before the first chunk to after the last
        ExecutorService threads = Executors.newFixedThreadPool(3);
        Random random = new Random(11);
        try {
            Timed work = new Timed(20_000);
            WorkerCrew crew = new WorkerCrew(work, 4);
            crew.setExecutor(task -> {
                long delay = random.nextInt(3) == 0 ? random.nextInt(100_000) : 0;
                threads.execute(() -> {
                    LockSupport.parkNanos(delay);
                    task.run();
                });
            });
            for (int round = 0; round < 300; round++) {
                int items = 1 + random.nextInt(40);
                int chunk = 1 + random.nextInt(3);
                boolean helps = random.nextBoolean();
                work.reset(items);
                crew.openUntil(items, helps, chunk, System.nanoTime() + random.nextInt(600_000));
                crew.seal(items);
                crew.await();
                int ran = crew.chunksRun();
                assertTrue(ran >= 1, "round " + round + ": the first chunk always runs");
                // the crew's chunks, not the size asked: 4 items asked in 3s run in two 2s
                work.assertPrefixRan(Math.min(items, ran * crew.chunkSize()), items, "round " + round);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aGenerationWithNoDeadlineRunsEveryChunk() {
        Timed work = new Timed(0);
        WorkerCrew crew = crewOnThePool(work);
        work.reset(50);
        crew.open(50, true);
        crew.seal(50);
        crew.await();
        assertTrue(crew.chunkCount() > 1, "chunks: " + crew.chunkCount());
        assertEquals(crew.chunkCount(), crew.chunksRun());
        work.assertPrefixRan(50, 50, "no deadline");
    }
}
