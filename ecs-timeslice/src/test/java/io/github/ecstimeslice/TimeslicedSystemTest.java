package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimeslicedSystemTest {

    private static final float DELTA = 0.1f;

    @Test
    void historyKeepsTheLatestOutputsNewestFirstWithTheTickEachWasSaved() {
        // AIAO, 2 entities, 1 job per tick: entity 0 runs (and saves) at ticks 0, 2, 4
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1), 3);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 6, DELTA);
        DecisionHistory<Stamp> history = system.historyOf(ids[0]);
        assertEquals(3, history.size());
        assertEquals(3, history.depth());
        long[] expectedTicks = {4, 2, 0};
        for (int age = 0; age < 3; age++) {
            assertEquals(expectedTicks[age], history.output(age).tick, "input tick at age " + age);
            assertEquals(expectedTicks[age], history.savedAtTick(age), "saved tick at age " + age);
            assertEquals(DELTA * (expectedTicks[age] + 1), history.savedAtSeconds(age), 1e-6, "saved time at age " + age);
        }
        assertSame(history.latest(), system.latestOutput(ids[0]));
    }

    @ParameterizedTest(name = "depth {0}")
    @ValueSource(ints = {1, 1024})
    void theShallowestAndTheDeepestHistoryKeepEveryOutputWithItsTickAndTime(int depth) {
        // AIAO, 3 entities, 1 job per tick: entity i runs and saves at ticks i, i + 3, i + 6, ...
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1), depth);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        int ticks = 3 * (depth + 5); // every ring has filled and wrapped
        TestWorlds.run(world, ticks, 0.5f);
        for (int i = 0; i < ids.length; i++) {
            DecisionHistory<Stamp> history = system.historyOf(ids[i]);
            assertEquals(depth, history.size());
            long newest = ticks - 3 + i;
            for (int age = 0; age < depth; age++) {
                long saved = newest - 3L * age;
                assertEquals(saved, history.output(age).tick, "entity " + i + ", age " + age);
                assertEquals(saved, history.savedAtTick(age), "entity " + i + ", age " + age);
                assertEquals(0.5 * (saved + 1), history.savedAtSeconds(age), 1e-9, "entity " + i + ", age " + age);
            }
        }
    }

    @Test
    void syncOutputIsSavedAtTheStartOfTheTickAfterTheBatchsLastJob() {
        // SISO, 2 entities, 1 job per tick: batches read inputs at ticks 0, 2, 4 and save at 2, 4, 6
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(1), 3);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 7, DELTA);
        for (int id : ids) {
            DecisionHistory<Stamp> history = system.historyOf(id);
            for (int age = 0; age < 3; age++) {
                assertEquals(4 - 2 * age, history.output(age).tick, "input tick at age " + age);
                assertEquals(6 - 2 * age, history.savedAtTick(age), "saved tick at age " + age);
            }
        }
    }

    @Test
    void readingAnAgeOutsideTheHistoryNamesTheAge() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 1);
        TestWorlds.run(world, 1, DELTA);
        DecisionHistory<Stamp> history = system.historyOf(ids[0]);
        IndexOutOfBoundsException e = org.junit.jupiter.api.Assertions.assertThrows(
                IndexOutOfBoundsException.class, () -> history.output(1));
        assertTrue(e.getMessage().contains("1"), e.getMessage());
    }

    @Test
    void anEntityWithNoSavedOutputHasNoLatestOutput() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 1, DELTA);
        assertNull(system.latestOutput(ids[1]));
        assertNull(system.historyOf(ids[2]));
        assertNull(system.latestOutput(-1));
    }

    @Test
    void aHistoryComponentTheGameAddedItselfIsBoundAtTheFirstSave() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 1);
        @SuppressWarnings("unchecked")
        DecisionHistory<Stamp> own = world.getMapper(DecisionHistory.class).create(ids[0]);
        TestWorlds.run(world, 1, DELTA);
        assertSame(own, system.historyOf(ids[0]));
        assertEquals(1, own.size());
        assertSame(system.latestOutput(ids[0]), own.latest());
    }

    @Test
    void anIdTheWorldNeverHadHasNoHistory() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 2, DELTA);
        assertNull(system.historyOf(100_000));
        assertNull(system.latestOutput(100_000));
    }

    @Test
    void statsCountJobsBatchesAndPosition() {
        // 5 entities, 2 jobs per tick: ticks run 2, 2, 1 jobs, then the next batch starts
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        int[][] expected = { // jobs last tick, position, batches completed, batches started
                {2, 2, 0, 1}, {2, 4, 0, 1}, {1, 5, 0, 1}, {2, 2, 1, 2}, {2, 4, 1, 2}, {1, 5, 1, 2}, {2, 2, 2, 3}};
        for (int tick = 0; tick < expected.length; tick++) {
            world.process();
            int[] e = expected[tick];
            assertEquals(e[0], system.stats().jobsRunLastTick(), "jobs run in tick " + tick);
            assertEquals(e[1], system.stats().batchPosition(), "position after tick " + tick);
            assertEquals(e[2], system.stats().batchesCompleted(), "batches completed after tick " + tick);
            assertEquals(e[3], system.stats().batchesStarted(), "batches started after tick " + tick);
            assertEquals(5, system.stats().batchSize());
        }
        assertEquals(12, system.stats().jobsRunTotal());
        assertEquals(7, system.stats().tick());
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void anEntityThatJoinsMidBatchGetsItsFirstJobInTheNextBatch(IoPolicy policy) {
        // 4 entities, 1 job per tick: batch 1 is ticks 0-3, batch 2 starts at tick 4 with the
        // newcomer last (highest id), so its job runs at tick 8
        List<Integer> jobs = new ArrayList<>();
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(1)).observedBy(new JobRecorder(jobs));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 4);
        TestWorlds.run(world, 2, DELTA);
        int newcomer = TestWorlds.deciders(world, 1)[0];
        for (int tick = 2; tick <= 8; tick++) {
            jobs.clear();
            world.process();
            assertEquals(tick == 8, jobs.contains(newcomer), "newcomer's job in tick " + tick);
        }
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void anEntityDeletedMidBatchGetsNoJobAndNoSave(IoPolicy policy) {
        // 4 entities, 1 job per tick: entity 1 ran at tick 1; entity 2 would run at tick 2
        List<Integer> jobs = new ArrayList<>();
        List<Integer> saves = new ArrayList<>();
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(1)).observedBy(new JobRecorder(jobs, saves));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 4);
        TestWorlds.run(world, 2, DELTA);
        world.delete(ids[1]);
        world.delete(ids[2]);
        jobs.clear();
        saves.clear();
        TestWorlds.run(world, 6, DELTA);
        assertFalse(jobs.contains(ids[1]) || jobs.contains(ids[2]), "jobs after delete: " + jobs);
        assertFalse(saves.contains(ids[1]) || saves.contains(ids[2]), "saves after delete: " + saves);
        assertTrue(saves.contains(ids[0]) && saves.contains(ids[3]), "the others go on: " + saves);
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void aRecycledIdStartsWithNoOutputAndGetsOnlyItsOwn(IoPolicy policy) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(1));
        World world = TestWorlds.of(system);
        ComponentMapper<Serial> serials = world.getMapper(Serial.class);
        int[] ids = TestWorlds.deciders(world, 4);
        for (int i = 0; i < ids.length; i++) {
            serials.create(ids[i]).value = i;
        }
        TestWorlds.run(world, 10, DELTA); // every entity has outputs now
        assertTrue(system.latestOutput(ids[1]) != null);
        world.delete(ids[1]);
        TestWorlds.run(world, 1, DELTA); // the delete is processed
        int reborn = TestWorlds.deciders(world, 1)[0];
        assertEquals(ids[1], reborn, "precondition: artemis recycles the freed id");
        serials.create(reborn).value = 99;
        for (int tick = 0; tick < 12; tick++) {
            Stamp latest = system.latestOutput(reborn);
            assertTrue(latest == null || latest.serial == 99, "reborn entity sees serial "
                    + (latest == null ? "none" : latest.serial) + " after " + tick + " more ticks");
            world.process();
        }
        assertEquals(99, system.latestOutput(reborn).serial, "and gets outputs of its own in time");
        DecisionHistory<Stamp> history = system.historyOf(reborn);
        assertTrue(history != null && world.getMapper(DecisionHistory.class).has(reborn),
                "the reborn entity has a history component of its own");
        assertEquals(99, history.latest().serial);
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void aLiveEntityThatLeavesLosesItsOutputsAndStartsAfreshWhenItReturns(IoPolicy policy) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(2));
        World world = TestWorlds.of(system);
        ComponentMapper<Decides> decides = world.getMapper(Decides.class);
        int[] ids = TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 8, DELTA);
        assertTrue(system.latestOutput(ids[0]) != null);
        decides.remove(ids[0]);
        TestWorlds.run(world, 1, DELTA);
        assertNull(system.latestOutput(ids[0]), "left: no output");
        long rejoinedAt = system.stats().tick();
        decides.create(ids[0]);
        TestWorlds.run(world, 10, DELTA);
        assertTrue(system.latestTick(ids[0]) >= rejoinedAt, "back: outputs read after it rejoined");
    }

    @Test
    void anotherTimeslicedSystemReadsTheOutputsByEntityThroughTheHistoryComponent() {
        StampSystem first = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(3));
        ReaderSystem reader = new ReaderSystem();
        World world = TestWorlds.of(first, reader);
        int[] ids = TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 3, DELTA);
        for (int id : ids) {
            // the reader's job at tick 2 read what the first system saved at tick 2
            assertEquals(2, reader.latestOutput(id).tick);
        }
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void anEntityGetsEveryOutputObjectItsHistoryWillHoldAtItsFirstJobAndNoneLater(IoPolicy policy) {
        int[] calls = {0};
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(100)) {
            @Override
            protected Stamp createOutput() {
                calls[0]++;
                return super.createOutput();
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 4);
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(4 * (TimeslicedSystem.DEFAULT_HISTORY_DEPTH + 1), calls[0], "a spare and one per entry, for each of 4");
        TestWorlds.run(world, 10, 0.1f);
        assertEquals(4 * (TimeslicedSystem.DEFAULT_HISTORY_DEPTH + 1), calls[0], "saves cycle the entities' own objects");
    }

    /** Reads {@link StampSystem}'s latest output through its history component. */
    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void aFailingCreateOutputLeavesNoOutputObjectSharedBetweenASlotAndAHistory(IoPolicy policy) {
        int[] calls = {0};
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(3), 2) {
            @Override
            protected Stamp createOutput() {
                if (++calls[0] == 2) { // while the first entity's outputs are made, at its first job
                    throw new IllegalStateException("no memory for outputs today");
                }
                return super.createOutput();
            }
        };
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        for (int tick = 0; tick < 12; tick++) {
            try {
                TestWorlds.run(world, 1, 0.1f);
            } catch (JobFailedException expected) {
                // the job whose outputs failed to be made is dropped for that batch
            }
        }
        assertTrue(calls[0] > 2, "the failure happened, and outputs were made after it");
        for (int id : ids) {
            DecisionHistory<Stamp> history = system.historyOf(id);
            assertEquals(2, history.size(), "entity " + id);
            assertTrue(history.output(0) != history.output(1), "entity " + id + ": two saves, two objects");
            assertTrue(history.output(0).tick > history.output(1).tick, "entity " + id + ": newest first");
        }
    }

    static Stream<Arguments> policiesWithAndWithoutHistory() {
        return Arrays.stream(IoPolicy.values()).flatMap(policy -> Stream.of(
                Arguments.of(policy, TimeslicedSystem.DEFAULT_HISTORY_DEPTH), Arguments.of(policy, TimeslicedSystem.NO_HISTORY)));
    }

    @ParameterizedTest(name = "{0}, history {1}")
    @MethodSource("policiesWithAndWithoutHistory")
    void aCreateOutputThatFailsLeavesTheSystemWorkingFromTheNextTick(IoPolicy policy, int depth) {
        // with no history the batch's slots make the outputs, as they grow; with a history each
        // entity's first job makes its own: the failure is that job's
        boolean[] failed = {false};
        List<Integer> saves = new ArrayList<>();
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(10), depth) {
            @Override
            protected Stamp createOutput() {
                if (!failed[0]) {
                    failed[0] = true;
                    throw new IllegalStateException("no outputs today");
                }
                return super.createOutput();
            }
        }.observedBy(new JobRecorder(new ArrayList<>(), saves));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        RuntimeException e = assertThrows(RuntimeException.class, () -> TestWorlds.run(world, 1, DELTA));
        Throwable failure = depth == TimeslicedSystem.NO_HISTORY ? e : e.getCause();
        assertEquals(depth == TimeslicedSystem.NO_HISTORY ? IllegalStateException.class : JobFailedException.class,
                e.getClass());
        assertEquals("no outputs today", failure.getMessage());
        TestWorlds.run(world, 4, DELTA);
        for (int id : ids) {
            assertTrue(saves.contains(id), "entity " + id + " got decisions after the failure: " + saves);
        }
    }

    @ParameterizedTest(name = "history {0}")
    @ValueSource(ints = {TimeslicedSystem.DEFAULT_HISTORY_DEPTH, TimeslicedSystem.NO_HISTORY})
    void aFinishedSyncOutputBatchIsSavedOnceWhenTheNextBatchCannotGrowAtFirst(int depth) {
        int[] calls = {0};
        int[] failAt = {-1};
        List<Integer> saves = new ArrayList<>();
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(3), depth) {
            @Override
            protected Stamp createInput() { // the slots' inputs are made as they grow
                if (++calls[0] == failAt[0]) {
                    throw new IllegalStateException("no inputs today");
                }
                return super.createInput();
            }
        }.observedBy(new JobRecorder(new ArrayList<>(), saves));
        World world = TestWorlds.of(system);
        int[] first = TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 1, DELTA); // batch 0: all 3 jobs, outputs staged
        TestWorlds.deciders(world, 2);   // batch 1 has 5 entities: the slots must grow
        failAt[0] = calls[0] + 1;
        assertThrows(IllegalStateException.class, () -> TestWorlds.run(world, 1, DELTA));
        assertEquals(List.of(), saves, "the failing batch start saved nothing");
        TestWorlds.run(world, 1, DELTA); // grows, saves batch 0, starts batch 1
        assertEquals(List.of(first[0], first[1], first[2]), saves, "batch 0 saved once");
        assertEquals(5, system.stats().batchSize());
    }

    static class ReaderSystem extends TimeslicedSystem<Stamp, Stamp> {
        /** The reader's own history type, distinct from the first system's. */
        public static class ReaderHistory extends DecisionHistory<Stamp> {
        }

        @SuppressWarnings("rawtypes")
        private ComponentMapper<DecisionHistory> firstSystemsOutputs;

        ReaderSystem() {
            super(Aspect.all(Decides.class), IoPolicy.AIAO, Budget.jobsPerTick(100), ReaderHistory.class, 2);
        }

        @Override
        protected Stamp createInput() {
            return new Stamp();
        }

        @Override
        protected Stamp createOutput() {
            return new Stamp();
        }

        @Override
        protected void setUpInput(int entityId, Stamp input) {
            DecisionHistory<?> firsts = firstSystemsOutputs.get(entityId);
            input.tick = firsts == null || firsts.isEmpty() ? -1 : ((Stamp) firsts.latest()).tick;
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            output.tick = input.tick;
        }
    }

    /** Records the ids of jobs run and outputs saved. */
    static final class JobRecorder implements StampSystem.Observer {
        private final List<Integer> jobs;
        private final List<Integer> saves;

        JobRecorder(List<Integer> jobs) {
            this(jobs, new ArrayList<>());
        }

        JobRecorder(List<Integer> jobs, List<Integer> saves) {
            this.jobs = jobs;
            this.saves = saves;
        }

        @Override
        public void jobRan(StampSystem system, int entityId, Stamp input) {
            jobs.add(entityId);
        }

        @Override
        public void outputSaved(StampSystem system, int entityId, Stamp output) {
            saves.add(entityId);
        }
    }
}
