package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code decisionsPerSecond()} counts the jobs of the batch that completed, whichever tick ran them
 * (next-tick workers finish a batch's last jobs in the turn that starts the next batch), and
 * {@code jobsRunTotal()} counts every job that ran, also the ones in flight when the world is
 * disposed.
 */
class DecisionRateTest {

    private static final float DELTA = 0.25f;

    /** Each job's input is the batch it belongs to; counts the jobs that ran, by batch and in all. */
    private static class BatchCounting extends TimeslicedSystem<long[], long[]> {
        final AtomicIntegerArray jobsByBatch = new AtomicIntegerArray(1_000);
        final AtomicLong jobs = new AtomicLong();
        /** Entities asked to decide soon whose urgent job has not read its input yet (world's thread). */
        final Set<Integer> asked = new HashSet<>();
        final AtomicLong urgentJobs = new AtomicLong();
        long reads;
        /** batchesCompleted() when last checked. */
        private long completed;

        BatchCounting(IoPolicy policy, Budget budget) {
            super(Aspect.all(Decides.class), policy, budget);
        }

        /**
         * Checks the batch that completed in the tick just run, if one did, against its own runJob
         * calls: the rate times its length, and lastBatchJobs(); returns true if one did.
         */
        boolean checkCompletedBatch(String when) {
            DecisionStats stats = stats();
            if (stats.batchesCompleted() == completed) {
                return false;
            }
            completed = stats.batchesCompleted();
            long batch = stats.batchesStarted() - 1; // the one that just completed: the next started this tick
            String which = "batch " + batch + " " + when + " (" + stats.lastBatchTicks() + " ticks)";
            assertEquals(jobsByBatch.get((int) batch), stats.decisionsPerSecond() * stats.lastBatchSeconds(), 1e-6, which);
            assertEquals(jobsByBatch.get((int) batch), stats.lastBatchJobs(), which);
            return true;
        }

        void askSoon(int entityId) {
            asked.add(entityId);
            decideSoon(entityId);
        }

        @Override
        protected long[] createInput() {
            return new long[2];
        }

        @Override
        protected long[] createOutput() {
            return new long[1];
        }

        @Override
        protected void setUpInput(int entityId, long[] input) {
            input[0] = stats().batchesStarted(); // the batch in progress: its number, from 1
            input[1] = asked.remove(entityId) ? 1 : 0; // with async input an urgent job reads before its batch job
            reads++;
        }

        @Override
        protected void runJob(int entityId, long[] input, long[] output) {
            output[0] = input[0];
            if (input[1] == 1) {
                urgentJobs.incrementAndGet();
            } else {
                jobsByBatch.incrementAndGet((int) input[0]);
            }
            jobs.incrementAndGet();
        }
    }

    static Stream<Arguments> budgetsAndThreadings() {
        List<Arguments> cases = new ArrayList<>();
        for (Threading threading : Threading.values()) {
            for (IoPolicy policy : IoPolicy.values()) {
                cases.add(Arguments.of("jobsPerTick(3)", Budget.jobsPerTick(3), policy, threading));
                cases.add(Arguments.of("jobsPerSecond(14)", Budget.jobsPerSecond(14), policy, threading));
                cases.add(Arguments.of("batchEvery(1)", Budget.batchEvery(1), policy, threading));
                cases.add(Arguments.of("millisPerTick(1e9)", Budget.millisPerTick(1e9), policy, threading));
            }
        }
        return cases.stream();
    }

    /** A world of the system under {@code threading} and ten entities it decides for. */
    private static World withTenDeciders(BatchCounting system, Threading threading) {
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 10);
        return world;
    }

    @ParameterizedTest(name = "{0} {2} {3}")
    @MethodSource("budgetsAndThreadings")
    void theRateTimesTheBatchLengthIsTheCompletedBatchsOwnJobs(String name, Budget budget, IoPolicy policy,
                                                               Threading threading) {
        BatchCounting system = new BatchCounting(policy, budget);
        World world = withTenDeciders(system, threading);
        int checked = 0;
        for (int tick = 0; tick < 60; tick++) {
            if (tick == 4) {
                TestWorlds.deciders(world, 10); // ten more join mid-batch
            }
            TestWorlds.run(world, 1, DELTA);
            checked += system.checkCompletedBatch("completed at tick " + tick) ? 1 : 0;
        }
        world.dispose();
        assertTrue(checked >= 4, "batches checked: " + checked);
    }

    static Stream<Arguments> asyncInputUnderEveryThreading() {
        return Stream.of(IoPolicy.AIAO, IoPolicy.AISO).flatMap(policy ->
                Stream.of(Threading.values()).map(threading -> Arguments.of(policy, threading)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("asyncInputUnderEveryThreading")
    void theRateLeavesOutUrgentJobsAndCountsJobsHandedBackInTheTurnThatRunsThem(IoPolicy policy, Threading threading) {
        // next-tick workers hand jobs back when a deadline cuts a chunk, which the machine's timing
        // decides (a loaded machine may not): a run that handed none back is run again, up to ten times
        boolean handedBack = false;
        for (int run = 0; run < 10 && !handedBack; run++) {
            handedBack = rateWithUrgentJobsAndHandBacks(policy, threading);
        }
        if (threading == Threading.WORKERS_NEXT_TICK) {
            assertTrue(handedBack, "jobs were handed back in one of ten runs");
        }
    }

    /** One run of the test above, checked; returns true if jobs were handed back (more inputs read than jobs run). */
    private static boolean rateWithUrgentJobsAndHandBacks(IoPolicy policy, Threading threading) {
        // jobs of 20 µs under a 0.1 ms budget: on workers the ones a deadline kept from starting go
        // back to the batch (next-tick workers read ahead twice what fits), and two urgent jobs a tick
        BatchCounting system = new BatchCounting(policy, Budget.millisPerTick(0.1)) {
            @Override
            protected void runJob(int entityId, long[] input, long[] output) {
                for (long end = System.nanoTime() + 20_000; System.nanoTime() - end < 0; ) {
                    Thread.onSpinWait();
                }
                super.runJob(entityId, input, output);
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 60);
        TestWorlds.run(world, 1, DELTA); // the entities join
        int checked = 0;
        for (int tick = 1; tick < 200; tick++) {
            system.askSoon(tick % 60);
            system.askSoon((tick * 7 + 3) % 60);
            TestWorlds.run(world, 1, DELTA);
            checked += system.checkCompletedBatch("completed at tick " + tick) ? 1 : 0;
        }
        world.dispose();
        assertTrue(checked >= 3, "batches checked: " + checked);
        assertEquals(system.urgentJobs.get(), system.stats().urgentJobsTotal());
        assertEquals(system.jobs.get(), system.stats().jobsRunTotal());
        return system.reads > system.jobs.get();
    }

    @ParameterizedTest(name = "{0} {2} {3}")
    @MethodSource("budgetsAndThreadings")
    void jobsRunTotalCountsTheJobsThatRanBeforeDispose(String name, Budget budget, IoPolicy policy,
                                                       Threading threading) {
        BatchCounting system = new BatchCounting(policy, budget);
        World world = withTenDeciders(system, threading);
        TestWorlds.run(world, 7, DELTA);
        world.dispose();
        assertEquals(system.jobs.get(), system.stats().jobsRunTotal());
    }
}
