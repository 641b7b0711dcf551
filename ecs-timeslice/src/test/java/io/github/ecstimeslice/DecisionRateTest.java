package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
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
    private static final class BatchCounting extends TimeslicedSystem<long[], long[]> {
        final AtomicIntegerArray jobsByBatch = new AtomicIntegerArray(1_000);
        final AtomicLong jobs = new AtomicLong();

        BatchCounting(IoPolicy policy, Budget budget) {
            super(Aspect.all(Decides.class), policy, budget);
        }

        @Override
        protected long[] createInput() {
            return new long[1];
        }

        @Override
        protected long[] createOutput() {
            return new long[1];
        }

        @Override
        protected void setUpInput(int entityId, long[] input) {
            input[0] = stats().batchesStarted(); // the batch in progress: its number, from 1
        }

        @Override
        protected void runJob(int entityId, long[] input, long[] output) {
            output[0] = input[0];
            jobsByBatch.incrementAndGet((int) input[0]);
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
        long completed = 0;
        for (int tick = 0; tick < 60; tick++) {
            if (tick == 4) {
                TestWorlds.deciders(world, 10); // ten more join mid-batch
            }
            TestWorlds.run(world, 1, DELTA);
            DecisionStats stats = system.stats();
            if (stats.batchesCompleted() > completed) {
                completed = stats.batchesCompleted();
                long batch = stats.batchesStarted() - 1; // the one that just completed: the next started this tick
                double reported = stats.decisionsPerSecond() * stats.lastBatchSeconds();
                assertEquals(system.jobsByBatch.get((int) batch), reported, 1e-6,
                        "batch " + batch + " completed at tick " + tick + " (" + stats.lastBatchTicks() + " ticks)");
                assertEquals(system.jobsByBatch.get((int) batch), stats.lastBatchJobs());
                checked++;
            }
        }
        world.dispose();
        assertTrue(checked >= 4, "batches checked: " + checked);
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
