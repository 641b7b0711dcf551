package io.github.ecstimeslice;

import com.artemis.BaseSystem;
import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A system built with {@link TimeslicedSystem#NO_HISTORY} keeps nothing, and tells the game of
 * exactly the outputs, in exactly the ticks, that the same system with a history does.
 */
class NoHistoryTest {

    private static final float DELTA = 0.1f;

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void withNoHistoryTheGameIsToldOfTheSameOutputsInTheSameTicksAsWithAHistory(IoPolicy policy, Threading threading) {
        // budgets that depend on game time only (a millis budget would run different job counts)
        Budget[] budgets = {Budget.jobsPerTick(1), Budget.jobsPerTick(3), Budget.jobsPerTick(16),
                Budget.jobsPerTick(1000), Budget.jobsPerSecond(25), Budget.batchEvery(0.35)};
        for (Budget budget : budgets) {
            for (long seed = 1; seed <= 4; seed++) {
                String label = policy + ", " + threading + ", " + budget + ", seed " + seed;
                PublishLog kept = new PublishLog();
                PublishLog notKept = new PublishLog();
                StampSystem withHistory = new StampSystem(policy, budget, 2).observedBy(kept);
                StampSystem withoutHistory = new StampSystem(policy, budget, TimeslicedSystem.NO_HISTORY) {
                    // a class of its own: a world holds one system of each class
                }.observedBy(notKept);
                withHistory.setThreading(threading);
                withoutHistory.setThreading(threading);
                // both see the same entities: the churn runs before them, and nothing changes between them
                World world = TestWorlds.of(new Churn(seed), withHistory, withoutHistory);
                for (int tick = 0; tick < 300; tick++) {
                    TestWorlds.run(world, 1, DELTA);
                    assertEquals(kept.lines, notKept.lines, label + ": after tick " + tick);
                }
                world.dispose();
                assertTrue(kept.lines.size() > 100, label + ": outputs were published all along, " + kept.lines.size());
            }
        }
    }

    @Test
    void aVmErrorInAJobLeavesTheJobsBeforeItPublishedAndTheBatchGoesOnAfterIt() {
        int[] ids = new int[10];
        boolean[] thrown = {false};
        PublishLog log = new PublishLog();
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(5), TimeslicedSystem.NO_HISTORY) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                super.runJob(entityId, input, output);
                if (entityId == ids[2] && !thrown[0]) {
                    thrown[0] = true;
                    throw new StackOverflowError("simulated");
                }
            }
        }.observedBy(log);
        World world = TestWorlds.of(system);
        System.arraycopy(TestWorlds.deciders(world, 10), 0, ids, 0, 10);
        assertThrows(StackOverflowError.class, () -> TestWorlds.run(world, 1, DELTA), "a VM error is rethrown as is");
        assertEquals(3, system.stats().batchPosition(), "the failed job counts as started");
        assertEquals(List.of(0L), log.inputTicksOf(ids[0]), "the jobs before it published");
        assertEquals(List.of(0L), log.inputTicksOf(ids[1]), "the jobs before it published");
        assertTrue(log.inputTicksOf(ids[2]).isEmpty(), "the failed job published nothing");
        TestWorlds.run(world, 4, DELTA); // the rest of batch 0 (slots 3 to 9), then batch 1
        for (int i = 3; i < 10; i++) {
            assertFalse(log.inputTicksOf(ids[i]).isEmpty(), "entity " + i + " of batch 0 was decided after the error");
        }
        List<Long> failed = log.inputTicksOf(ids[2]);
        assertTrue(!failed.isEmpty() && failed.stream().allMatch(t -> t > 0), "decided again in batch 1 only: " + failed);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aFailedJobsOutputIsNeverPublishedAndTheNextBatchPublishesAgain(IoPolicy policy, Threading threading) {
        // 6 entities at 3 jobs a tick: batches start at ticks 0, 2, 4; the job for the entity at
        // index 1 throws in batch 0 only (its input was read at tick 0 or 1)
        int[] ids = new int[6];
        RuntimeException boom = new IllegalStateException("boom");
        PublishLog log = new PublishLog();
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(3), TimeslicedSystem.NO_HISTORY) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                super.runJob(entityId, input, output);
                if (entityId == ids[1] && input.tick < 2) {
                    throw boom;
                }
            }
        }.observedBy(log);
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        System.arraycopy(TestWorlds.deciders(world, 6), 0, ids, 0, 6);
        int failingTick = threading == Threading.WORKERS_NEXT_TICK ? 1 : 0; // next-tick: seen when joined
        TestWorlds.run(world, failingTick, DELTA);
        JobFailedException e = assertThrows(JobFailedException.class, world::process);
        assertSame(boom, e.getCause());
        assertEquals(ids[1], e.entityId());
        TestWorlds.run(world, 5, DELTA);
        for (int id : ids) {
            List<Long> inputTicks = log.inputTicksOf(id);
            assertFalse(inputTicks.isEmpty(), "entity " + id + " had outputs published: " + log.lines);
            if (id == ids[1]) {
                assertTrue(inputTicks.stream().allMatch(t -> t >= 2), "its failed job published nothing: " + inputTicks);
            } else {
                assertTrue(inputTicks.get(0) < 2, "the others of batch 0 were published: " + inputTicks);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void aSystemWithNoHistoryKeepsNoOutputAndAttachesNoComponent(IoPolicy policy) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(2), TimeslicedSystem.NO_HISTORY);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 10, DELTA);
        assertEquals(TimeslicedSystem.NO_HISTORY, system.historyDepth());
        assertTrue(system.stats().batchesCompleted() >= 3, "jobs ran");
        var histories = world.getMapper(DecisionHistory.class);
        for (int id : ids) {
            assertNull(system.latestOutput(id));
            assertNull(system.historyOf(id));
            assertFalse(histories.has(id), "entity " + id + " has no history component");
        }
        DecisionAges ages = system.stats().measureAges(new DecisionAges());
        assertEquals(3, ages.entities());
        assertEquals(0, ages.withOutput());
    }

    @Test
    void systemsWithNoHistoryNeedNoHistoryTypeOfTheirOwn() {
        StampSystem first = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1), TimeslicedSystem.NO_HISTORY);
        StampSystem second = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(1), TimeslicedSystem.NO_HISTORY) {
        };
        StampSystem keeping = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1)) {
        };
        World world = TestWorlds.of(first, second, keeping); // all three name DecisionHistory
        int[] ids = TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 2, DELTA);
        assertEquals(1, keeping.historyOf(ids[0]).size(), "the one system with a history owns the type");
    }

    /** What outputSaved was told, tick by tick, as text. */
    private static final class PublishLog implements StampSystem.Observer {
        final List<String> lines = new ArrayList<>();
        private final List<long[]> saves = new ArrayList<>();

        @Override
        public void jobRan(StampSystem system, int entityId, Stamp input) {
        }

        @Override
        public void outputSaved(StampSystem system, int entityId, Stamp output) {
            lines.add("tick " + system.stats().tick() + ": entity " + entityId + " (serial " + output.serial
                    + ") output of the input read at tick " + output.tick);
            saves.add(new long[]{entityId, output.tick});
        }

        List<Long> inputTicksOf(int entityId) {
            List<Long> ticks = new ArrayList<>();
            for (long[] save : saves) {
                if (save[0] == entityId) {
                    ticks.add(save[1]);
                }
            }
            return ticks;
        }
    }

    /** Creates, deletes and unsubscribes entities at random, before the timesliced systems. */
    private static final class Churn extends BaseSystem {
        private final RandomChurn churn;

        Churn(long seed) {
            churn = new RandomChurn(seed);
        }

        @Override
        protected void processSystem() {
            if (churn.alive.size() < 10) {
                churn.create(world);
            }
            churn.step(world);
        }
    }
}
