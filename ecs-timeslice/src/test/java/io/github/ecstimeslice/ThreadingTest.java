package io.github.ecstimeslice;

import com.artemis.BaseSystem;
import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadingTest {

    @Test
    void theDefaultExecutorIsOnePoolOfDaemonThreadsSharedByEverySystem() throws Exception {
        StampSystem decisions = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10));
        ParallelIteratingSystem animation = new ParallelIteratingSystem(com.artemis.Aspect.all(io.github.ecstimeslice.facing.Position.class)) {
            @Override
            protected void process(int entityId) {
            }
        };
        assertSame(decisions.executor(), animation.executor());
        ForkJoinPool pool = assertInstanceOf(ForkJoinPool.class, decisions.executor());
        assertEquals(Math.max(1, Runtime.getRuntime().availableProcessors() - 1), pool.getParallelism());
        assertTrue(pool.submit(() -> Thread.currentThread().isDaemon()).get(), "a worker is a daemon thread");
        decisions.setThreading(Threading.WORKERS_SAME_TICK);
        assertSame(pool, decisions.executor());
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesOnWorkers")
    void onlyRunJobLeavesTheWorldThread(IoPolicy policy, Threading threading) {
        Set<String> inputThreads = ConcurrentHashMap.newKeySet();
        Set<String> jobThreads = ConcurrentHashMap.newKeySet();
        Set<String> saveThreads = ConcurrentHashMap.newKeySet();
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(400)) {
            @Override
            protected void setUpInput(int entityId, Stamp input) {
                inputThreads.add(Thread.currentThread().getName());
                super.setUpInput(entityId, input);
            }

            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                jobThreads.add(Thread.currentThread().getName());
                spin(20_000);
                super.runJob(entityId, input, output);
            }

            @Override
            protected void outputSaved(int entityId, Stamp output) {
                saveThreads.add(Thread.currentThread().getName());
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 1000);
        TestWorlds.run(world, 12, 0.1f);
        String me = Thread.currentThread().getName();
        assertEquals(Set.of(me), inputThreads);
        assertEquals(Set.of(me), saveThreads);
        assertTrue(jobThreads.stream().anyMatch(name -> !name.equals(me)), "jobs ran on " + jobThreads);
    }

    @Test
    void nextTickJobsRunWhileTheRestOfTheTickRuns() throws InterruptedException {
        // each job waits for a system that runs after the timesliced one in the same tick
        CountDownLatch laterSystemRan = new CountDownLatch(1);
        AtomicInteger tickZeroJobsSawLaterSystem = new AtomicInteger();
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(4)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                try {
                    if (laterSystemRan.await(10, TimeUnit.SECONDS) && input.tick == 0) {
                        tickZeroJobsSawLaterSystem.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.runJob(entityId, input, output);
            }
        };
        system.setThreading(Threading.WORKERS_NEXT_TICK);
        World world = TestWorlds.of(system, new BaseSystem() {
            @Override
            protected void processSystem() {
                laterSystemRan.countDown();
            }
        });
        int[] ids = TestWorlds.deciders(world, 4);
        TestWorlds.run(world, 1, 0.1f);
        assertNull(system.latestOutput(ids[0]), "started in tick 0, not finished yet");
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(4, tickZeroJobsSawLaterSystem.get(), "every job of tick 0 overlapped the later system");
        for (int id : ids) {
            assertEquals(0, system.latestTick(id), "finished and saved at the start of tick 1");
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aJobThatThrowsReachesTheWorldThreadNamingTheSystemAndEntityAndTheNextTickWorks(
            IoPolicy policy, Threading threading) {
        // 6 entities at 3 jobs a tick, batches start at ticks 0, 2, 4 (in every mode); the job for
        // the entity at index 1 throws in batch 1 only
        int[] ids = new int[6];
        RuntimeException boom = new IllegalStateException("boom");
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(3), 4) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                super.runJob(entityId, input, output);
                if (entityId == ids[1] && input.tick < 2) {
                    throw boom;
                }
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        System.arraycopy(TestWorlds.deciders(world, 6), 0, ids, 0, 6);
        int failingTick = threading == Threading.WORKERS_NEXT_TICK ? 1 : 0; // next-tick: seen when joined
        TestWorlds.run(world, failingTick, 0.1f);
        JobFailedException e = assertThrows(JobFailedException.class, world::process);
        assertSame(boom, e.getCause());
        assertEquals(ids[1], e.entityId());
        assertTrue(e.getMessage().contains(system.getClass().getName()) && e.getMessage().contains("entity " + ids[1]),
                e.getMessage());
        TestWorlds.run(world, 5, 0.1f); // no more failures; batches 2 and 3 run
        for (int id : ids) {
            assertNotNull(system.latestOutput(id), "entity " + id + " has later outputs");
        }
        DecisionHistory<Stamp> failed = system.historyOf(ids[1]);
        for (int age = 0; age < failed.size(); age++) {
            assertTrue(failed.output(age).tick >= 2, "the failed job of batch 1 saved nothing");
        }
        DecisionHistory<Stamp> fine = system.historyOf(ids[0]);
        assertEquals(0, fine.output(fine.size() - 1).tick, "the others of batch 1 were saved");
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void aSetUpInputThatThrowsIsReportedTheSameWay(Threading threading) {
        boolean[] thrown = {false};
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10)) {
            @Override
            protected void setUpInput(int entityId, Stamp input) {
                if (entityId == 2 && !thrown[0]) {
                    thrown[0] = true;
                    throw new ArithmeticException("bad input");
                }
                super.setUpInput(entityId, input);
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 4);
        JobFailedException e = assertThrows(JobFailedException.class, world::process);
        assertEquals(2, e.entityId());
        assertTrue(e.getCause() instanceof ArithmeticException);
        if (threading == Threading.WORKERS_NEXT_TICK) {
            TestWorlds.run(world, 1, 0.1f); // saves the jobs of tick 0
        }
        assertNull(system.latestOutput(2), "no output from the failed job");
        assertNotNull(system.latestOutput(3), "the others went on");
        TestWorlds.run(world, 2, 0.1f);
        assertNotNull(system.latestOutput(2), "and the next batch decides for it again");
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void anEntityDeletedWhileItsJobIsInFlightGetsNoOutputAndNeitherDoesItsRecycledId(IoPolicy policy) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(2));
        system.setThreading(Threading.WORKERS_NEXT_TICK);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 1, 0.1f); // both jobs in flight
        world.delete(ids[0]);
        TestWorlds.run(world, 1, 0.1f); // finished: entity 0's output is dropped
        assertNull(system.latestOutput(ids[0]));
        int reborn = TestWorlds.deciders(world, 1)[0];
        assertEquals(ids[0], reborn, "precondition: the id is recycled");
        for (int tick = 0; tick < 3; tick++) {
            Stamp latest = system.latestOutput(reborn);
            assertTrue(latest == null || latest.tick >= 2, "the reborn entity sees an output read at tick "
                    + (latest == null ? "-" : latest.tick));
            TestWorlds.run(world, 1, 0.1f);
        }
    }

    @Test
    void disposingTheWorldWaitsForJobsInFlightAndNoJobRunsAfter() throws InterruptedException {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger finished = new AtomicInteger();
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(8)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                running.incrementAndGet();
                try {
                    Thread.sleep(30);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.runJob(entityId, input, output);
                running.decrementAndGet();
                finished.incrementAndGet();
            }
        };
        system.setThreading(Threading.WORKERS_NEXT_TICK);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        TestWorlds.run(world, 1, 0.1f);
        world.dispose();
        assertEquals(0, running.get(), "no job running after dispose");
        assertEquals(8, finished.get(), "the jobs in flight finished");
        Thread.sleep(100);
        assertEquals(8, finished.get(), "and none ran after");
        assertThrows(IllegalStateException.class, world::process, "a disposed system refuses to run");
    }

    @Test
    void jobsAreHandedToWorkersInChunksNotOneTaskPerJob() {
        AtomicInteger executions = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            StampSystem system = new StampSystem(IoPolicy.SIAO, Budget.jobsPerTick(1000));
            system.setThreading(Threading.WORKERS_SAME_TICK, task -> {
                executions.incrementAndGet();
                pool.execute(task);
            });
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, 5000);
            TestWorlds.run(world, 10, 0.1f);
            assertEquals(10_000, system.stats().jobsRunTotal());
            // a task is handed out when chunks are published and it is free: at most once per
            // chunk, 4 chunks per thread taking part (the workers and the world's thread)
            int chunksPerTick = 4 * (Runtime.getRuntime().availableProcessors() + 1);
            assertTrue(executions.get() <= 10 * chunksPerTick, executions.get() + " tasks for 10 ticks of 1,000 jobs");
            // SIAO, 5 ticks a batch: batch 2 read its inputs at tick 5 and saved them as its jobs finished
            assertEquals(5, system.latestTick(ids[0]), "a plain Executor works too");
            assertEquals(5, system.latestTick(ids[4999]));
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void threadingDoesNotChangeWhatIsDecided(IoPolicy policy) {
        // the same scene in every mode: same-tick workers equal the world thread tick by tick;
        // next-tick workers finish one tick later, so with async output they equal the world thread
        // one tick later; and every mode gives the same results run after run
        long[][] worldThread = record(policy, Threading.WORLD_THREAD);
        long[][] sameTick = record(policy, Threading.WORKERS_SAME_TICK);
        long[][] nextTick = record(policy, Threading.WORKERS_NEXT_TICK);
        long[][] nextTickAgain = record(policy, Threading.WORKERS_NEXT_TICK);
        assertTrue(Arrays.deepEquals(worldThread, sameTick), "same-tick workers equal the world thread");
        assertTrue(Arrays.deepEquals(nextTick, nextTickAgain), "next-tick workers are deterministic");
        if (!policy.syncOutput()) {
            for (int tick = 0; tick + 1 < worldThread.length; tick++) {
                assertTrue(Arrays.equals(worldThread[tick], nextTick[tick + 1]), "next-tick shift at tick " + tick);
            }
        }
    }

    /** Each tick, each entity's latest output: a hash of its input and id, or -1. */
    private static long[][] record(IoPolicy policy, Threading threading) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(37)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                super.runJob(entityId, input, output);
                output.serial = (input.tick * 1_000_003L) ^ (entityId * 7919L); // some work of the inputs
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 300);
        long[][] seen = new long[60][ids.length];
        for (int tick = 0; tick < seen.length; tick++) {
            TestWorlds.run(world, 1, 0.1f);
            for (int i = 0; i < ids.length; i++) {
                Stamp latest = system.latestOutput(ids[i]);
                seen[tick][i] = latest == null ? -1 : latest.serial;
            }
        }
        world.dispose();
        return seen;
    }

    @Test
    void nullThreadingOrExecutorIsRejected() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        assertThrows(IllegalArgumentException.class, () -> system.setThreading(null));
        assertThrows(IllegalArgumentException.class, () -> system.setThreading(Threading.WORKERS_SAME_TICK, null));
        assertEquals(Threading.WORLD_THREAD, system.threading());
        assertFalse(system.executor() == null);
    }

    private static void spin(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    @Test
    void aVmErrorInAJobLeavesNoStaleFailureForLaterTicks() {
        int[][] ids = new int[1][];
        boolean[] thrown = new boolean[2];
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(20)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                super.runJob(entityId, input, output);
                if (entityId == ids[0][0] && !thrown[0]) {
                    thrown[0] = true;
                    throw new StackOverflowError("simulated");
                }
                if (entityId == ids[0][5] && !thrown[1]) {
                    thrown[1] = true;
                    throw new IllegalStateException("fails once, in the tick of the VM error");
                }
            }
        };
        system.setThreading(Threading.WORKERS_SAME_TICK, Runnable::run);
        World world = TestWorlds.of(system);
        ids[0] = TestWorlds.deciders(world, 20);
        assertThrows(StackOverflowError.class, () -> TestWorlds.run(world, 1, 0.1f), "a VM error is rethrown as is");
        TestWorlds.run(world, 2, 0.1f); // no JobFailedException left over from the tick that failed
        long lastTick = system.stats().tick() - 1;
        assertEquals(lastTick, system.latestTick(ids[0][5]), "entity 5 decided in the last tick");
        assertEquals(lastTick, system.latestTick(ids[0][0]));
    }
}
