package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.World;
import com.artemis.utils.IntBag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract at its edges, under use a game should not make but may: checked exceptions thrown
 * sneakily, entities deleted from inside callbacks, bad deltas, settings changed mid-turn, failing
 * factories and executors, subclasses that override what they should not.
 */
class HostileUseTest {

    private static final float DELTA = 0.1f;

    /** The callbacks a test makes throw. */
    enum Callback { SET_UP_INPUT, RUN_JOB, OUTPUT_SAVED }

    /** A StampSystem whose callbacks throw {@link #fault} once, for {@link #faulty}, in {@link #failing}. */
    static class FaultySystem extends StampSystem {
        Callback failing;
        int faulty = -1;
        Throwable fault;

        FaultySystem(IoPolicy policy, Budget budget, int historyDepth) {
            super(policy, budget, historyDepth);
        }

        private void maybeFail(Callback callback, int entityId) {
            if (callback == failing && entityId == faulty && fault != null) {
                Throwable thrown = fault;
                fault = null;
                throw Sneaky.thrown(thrown);
            }
        }

        @Override
        protected void setUpInput(int entityId, Stamp input) {
            maybeFail(Callback.SET_UP_INPUT, entityId);
            super.setUpInput(entityId, input);
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            super.runJob(entityId, input, output);
            maybeFail(Callback.RUN_JOB, entityId);
        }

        @Override
        protected void outputSaved(int entityId, Stamp output) {
            super.outputSaved(entityId, output);
            maybeFail(Callback.OUTPUT_SAVED, entityId);
        }
    }

    static Stream<Arguments> policiesThreadingsAndCallbacks() {
        return TestMatrix.policiesAndThreading().flatMap(pair -> Stream.of(Callback.values())
                .map(callback -> Arguments.of(pair.get()[0], pair.get()[1], callback)));
    }

    /** Creates {@code count} deciders, each with a serial of 100 + its id. */
    private static int[] decidersWithSerials(World world, int count) {
        int[] ids = TestWorlds.deciders(world, count);
        for (int id : ids) {
            world.getMapper(Serial.class).create(id).value = 100 + id;
        }
        return ids;
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("policiesThreadingsAndCallbacks")
    void aCheckedExceptionThrownSneakilyIsAJobFailureAndNoOtherEntitysDecisionLeaks(
            IoPolicy policy, Threading threading, Callback callback) {
        // depth 1: output objects rotate between the entities' histories and the slots
        FaultySystem system = new FaultySystem(policy, Budget.jobsPerTick(1), 1);
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = decidersWithSerials(world, 3);
        int a = ids[0];
        int b = ids[1];
        TestWorlds.run(world, 9, DELTA); // three whole batches
        world.delete(a);
        IOException fault = new IOException("checked, thrown sneakily");
        system.failing = callback;
        system.faulty = b;
        system.fault = fault;
        int failures = 0;
        for (int tick = 0; tick < 12; tick++) {
            world.setDelta(DELTA);
            try {
                world.process();
            } catch (JobFailedException e) {
                failures++;
                assertSame(fault, e.getCause());
                assertEquals(b, e.entityId());
            }
            for (int id : new int[]{b, ids[2]}) {
                Stamp latest = system.latestOutput(id);
                assertEquals(100 + id, latest.serial, "entity " + id + "'s latest decision is its own, tick " + tick);
                DecisionHistory<Stamp> history = system.historyOf(id);
                assertEquals(100 + id, history.output(0).serial);
            }
        }
        assertEquals(1, failures, "the fault surfaced once, as a JobFailedException");
        assertTrue(system.latestTick(b) >= 12, "b is decided for again after the failure");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityDeletedEarlierInTheTurnLeavesNoComponentForItsIdsNextEntity(IoPolicy policy, Threading threading) {
        int[] b = {-1};
        boolean[] deleted = {false};
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(10), 2) {
            @Override
            protected void outputSaved(int entityId, Stamp output) {
                if (entityId == b[0] - 1 && !deleted[0]) {
                    world.delete(b[0]); // b's first save may follow in this very turn
                    deleted[0] = true;
                }
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        b[0] = ids[1];
        TestWorlds.run(world, 4, DELTA);
        assertTrue(deleted[0]);
        assertNull(system.historyOf(b[0]), "its history went with it");
        var histories = world.getMapper(DecisionHistory.class);
        int next = world.create(); // ids are recycled: the next entity gets b's
        assertEquals(b[0], next);
        assertFalse(histories.has(next), "no history component left behind for the id");
        world.edit(next).create(Decides.class);
        TestWorlds.run(world, 4, DELTA);
        assertNotNull(system.historyOf(next));
        assertTrue(histories.has(next));
        IntBag withHistory = world.getAspectSubscriptionManager().get(Aspect.all(DecisionHistory.class)).getEntities();
        assertTrue(withHistory.contains(next), "the id's next entity is seen by subscriptions to the history");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(floats = {Float.MAX_VALUE, 1e20f})
    void aDeltaSoLongThatGameTimeStopsAddingUpStillEndsEveryBatchOnTime(float huge) {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.batchEvery(0.1)) {
            @Override
            protected int tierOf(int entityId) {
                return 1; // due every second batch: every other batch holds no job, and lasts 0.1 s all the same
            }
        };
        system.setTiers(Tiers.decideEvery(1, 2));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 1);
        TestWorlds.run(world, 30, 1 / 60f);
        TestWorlds.run(world, 1, huge); // game time now so large that adding 1/60 s leaves it unchanged
        long before = system.stats().jobsRunTotal();
        long batchesBefore = system.stats().batchesStarted();
        TestWorlds.run(world, 120, 1 / 60f); // 2 s: 20 batches of 0.1 s, 10 of them with the job
        assertTrue(system.stats().batchesStarted() - batchesBefore >= 18, "batches: " + (system.stats().batchesStarted() - batchesBefore));
        assertTrue(system.stats().jobsRunTotal() - before >= 9, "jobs: " + (system.stats().jobsRunTotal() - before));
        assertEquals(0.1, system.stats().lastBatchSeconds(), 1 / 60.0 + 1e-6);
        assertEquals(5, system.stats().decisionsPerSecond(1), 5 / 6.0 + 1e-6, "1 job in 0.2 s, counted from summed deltas");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void removingTheHistoryComponentForgetsTheHistoryAndTheNextSaveStartsANewOne(IoPolicy policy, Threading threading) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(1), 2);
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 2);
        var histories = world.getMapper(DecisionHistory.class);
        TestWorlds.run(world, 12, DELTA); // 2 jobs a batch of 2 ticks: 5 or 6 saves each
        int a = ids[0];
        assertEquals(2, system.historyOf(a).size());
        histories.remove(a); // the game takes it off, between two ticks
        world.process();
        assertTrue(system.historyOf(a) == null || system.historyOf(a).size() == 1,
                "forgotten; at most the save of this tick since");
        TestWorlds.run(world, 8, DELTA);
        DecisionHistory<?> fresh = system.historyOf(a);
        assertNotNull(fresh, "the next save attached a new history");
        assertSame(fresh, histories.get(a), "the entity's own component, which every system sees");
        assertEquals(2, fresh.size());
        assertTrue(fresh.savedAtTick(1) >= 12, "none of it from before the removal: " + fresh.savedAtTick(1));
        assertEquals(system.latestTick(a), ((Stamp) fresh.latest()).tick);
        IntBag withHistory = world.getAspectSubscriptionManager().get(Aspect.all(DecisionHistory.class)).getEntities();
        assertTrue(withHistory.contains(a));
        assertEquals(2, system.historyOf(ids[1]).size(), "the other entity's history untouched");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aHistoryTakenOffInTheTurnItsFirstSaveAttachedItIsForgottenAndTheNextSaveStartsANewOne(IoPolicy policy,
                                                                                           Threading threading) {
        boolean[] removed = {false};
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(1), 2) {
            @Override
            protected void outputSaved(int entityId, Stamp output) {
                super.outputSaved(entityId, output);
                if (!removed[0]) { // added and taken off in one turn: artemis tells no listener
                    removed[0] = true;
                    world.getMapper(DecisionHistory.class).remove(entityId);
                }
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int a = TestWorlds.deciders(world, 1)[0];
        TestWorlds.run(world, 10, DELTA);
        assertTrue(removed[0]);
        assertTrue(world.getMapper(DecisionHistory.class).has(a), "the next save attached a new history");
        assertNotNull(system.historyOf(a));
        assertSame(world.getMapper(DecisionHistory.class).get(a), system.historyOf(a));
        assertEquals(system.latestTick(a), ((Stamp) system.historyOf(a).latest()).tick);
    }

    @ParameterizedTest(name = "{0}, {1}, after save {2}")
    @MethodSource("policiesThreadingAndFirstOrThirdSave")
    void aHistoryTheGameReplacesIsForgottenAndTheNextSaveAttachesTheGamesComponent(IoPolicy policy, Threading threading,
                                                                                int replacedAtSave) {
        int[] saves = {0};
        long[] replacedIn = {-1};
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(1), 2) {
            @Override
            protected void outputSaved(int entityId, Stamp output) {
                super.outputSaved(entityId, output);
                if (++saves[0] == replacedAtSave) { // removed and created again in one turn: artemis tells no listener
                    replacedIn[0] = stats().tick();
                    world.getMapper(DecisionHistory.class).remove(entityId);
                    world.getMapper(DecisionHistory.class).create(entityId);
                }
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int a = TestWorlds.deciders(world, 1)[0];
        TestWorlds.run(world, 10, DELTA);
        assertTrue(saves[0] > replacedAtSave + 1, "saves: " + saves[0]);
        DecisionHistory<?> history = system.historyOf(a);
        assertNotNull(history);
        assertSame(world.getMapper(DecisionHistory.class).get(a), history, "the component the entity has");
        assertTrue(history.size() > 0, "bound by a later save");
        assertTrue(history.savedAtTick(history.size() - 1) > replacedIn[0], "none of it from before the replacement");
        assertEquals(system.latestTick(a), ((Stamp) history.latest()).tick);
    }

    static Stream<Arguments> policiesThreadingAndFirstOrThirdSave() {
        return TestMatrix.policiesAndThreading().flatMap(pair -> Stream.of(1, 3).map(save ->
                Arguments.of(pair.get()[0], pair.get()[1], save)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityThatDeletesItselfInItsFirstJobLeavesNoComponentForItsIdsNextEntity(IoPolicy policy, Threading threading) {
        int[] b = {-1};
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(10), 2) {
            @Override
            protected void setUpInput(int entityId, Stamp input) {
                super.setUpInput(entityId, input);
                if (entityId == b[0]) {
                    world.delete(entityId);
                }
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        b[0] = TestWorlds.deciders(world, 3)[1];
        TestWorlds.run(world, 4, DELTA);
        int next = world.create();
        assertEquals(b[0], next);
        assertFalse(world.getMapper(DecisionHistory.class).has(next), "no history component left behind for the id");
        assertNull(system.historyOf(next));
    }

    static Stream<Arguments> badDeltasUnderEveryPolicyAndThreading() {
        float[] bad = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.25f};
        return TestMatrix.policiesAndThreading().flatMap(pair -> {
            List<Arguments> cases = new ArrayList<>();
            for (float delta : bad) {
                cases.add(Arguments.of(pair.get()[0], pair.get()[1], delta));
            }
            return cases.stream();
        });
    }

    @ParameterizedTest(name = "{0}, {1}, delta {2}")
    @MethodSource("badDeltasUnderEveryPolicyAndThreading")
    void aBadDeltaIsRejectedNamingItAndTheNextTickGoesOnAsIfItNeverHappened(
            IoPolicy policy, Threading threading, float badDelta) {
        // a world that sees the bad tick, and its twin that does not
        StampSystem hit = new StampSystem(policy, Budget.batchEvery(0.35), 3);
        StampSystem twin = new StampSystem(policy, Budget.batchEvery(0.35), 3);
        hit.setThreading(threading);
        twin.setThreading(threading);
        World hitWorld = TestWorlds.of(hit);
        World twinWorld = TestWorlds.of(twin);
        int[] ids = TestWorlds.deciders(hitWorld, 5);
        TestWorlds.deciders(twinWorld, 5);
        TestWorlds.run(hitWorld, 4, DELTA);
        TestWorlds.run(twinWorld, 4, DELTA);
        hitWorld.setDelta(badDelta);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, hitWorld::process);
        assertTrue(e.getMessage().contains(String.valueOf(badDelta)) && e.getMessage().contains(hit.getClass().getName()),
                e.getMessage());
        TestWorlds.run(hitWorld, 10, DELTA);
        TestWorlds.run(twinWorld, 10, DELTA);
        assertEquals(twin.stats().tick(), hit.stats().tick());
        assertEquals(twin.stats().gameSeconds(), hit.stats().gameSeconds());
        assertEquals(twin.stats().jobsRunTotal(), hit.stats().jobsRunTotal());
        assertEquals(twin.stats().batchesCompleted(), hit.stats().batchesCompleted());
        assertEquals(twin.stats().lastBatchSeconds(), hit.stats().lastBatchSeconds());
        for (int id : ids) {
            DecisionHistory<Stamp> expected = twin.historyOf(id);
            DecisionHistory<Stamp> actual = hit.historyOf(id);
            assertEquals(expected.size(), actual.size());
            for (int age = 0; age < expected.size(); age++) {
                assertEquals(expected.output(age).tick, actual.output(age).tick);
                assertEquals(expected.savedAtTick(age), actual.savedAtTick(age));
                assertEquals(expected.savedAtSeconds(age), actual.savedAtSeconds(age));
            }
        }
    }

    @Test
    void switchingFromWorkersToTheWorldThreadMidTurnStillSavesThatTicksOutputsInThatTick() {
        boolean[] switched = {false};
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(4)) {
            @Override
            protected void setUpInput(int entityId, Stamp input) {
                super.setUpInput(entityId, input);
                if (stats().tick() == 2 && !switched[0]) {
                    switched[0] = true;
                    setThreading(Threading.WORLD_THREAD);
                }
            }
        };
        system.setThreading(Threading.WORKERS_SAME_TICK);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 8);
        TestWorlds.run(world, 3, DELTA); // tick 2 runs the jobs of ids[0..3] and switches in its first
        for (int i = 0; i < 4; i++) {
            assertEquals(2, system.latestTick(ids[i]), "decided and saved in tick 2");
        }
        assertEquals(Threading.WORLD_THREAD, system.threading());
        TestWorlds.run(world, 1, DELTA);
        assertEquals(3, system.latestTick(ids[4]), "and on the world's thread from tick 3");
    }

    @Test
    void aPolicySetWhileTheFinishedBatchIsSavedAppliesToTheBatchAfterTheOneStartingInThatTurn() {
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(2)) {
            @Override
            protected void outputSaved(int entityId, Stamp output) {
                setPolicy(IoPolicy.AIAO); // during the batch-end saves, before the next batch starts
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 2, DELTA); // tick 0: batch 1; tick 1: its saves, then batch 2 starts
        assertEquals(2, system.stats().batchesStarted());
        assertEquals(IoPolicy.SISO, system.batchPolicy(), "the batch started in the turn the policy was set");
        TestWorlds.run(world, 1, DELTA);
        assertEquals(3, system.stats().batchesStarted());
        assertEquals(IoPolicy.AIAO, system.batchPolicy(), "and the next one");
    }

    @Test
    void aBudgetSetMidTurnAppliesFromTheNextTick() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1)) {
            @Override
            protected void setUpInput(int entityId, Stamp input) {
                super.setUpInput(entityId, input);
                setBudget(Budget.jobsPerTick(5));
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 10);
        TestWorlds.run(world, 1, DELTA);
        assertEquals(1, system.stats().jobsRunLastTick());
        TestWorlds.run(world, 1, DELTA);
        assertEquals(5, system.stats().jobsRunLastTick());
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void aCreateOutputFailingOnAFirstJobLeavesNoHistory(Threading threading) {
        // one entity, depth 2: createOutput runs for its first job's output (and its second's, then none)
        AtomicInteger outputsMade = new AtomicInteger();
        IllegalStateException noMemory = new IllegalStateException("pool exhausted");
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1), 2) {
            @Override
            protected Stamp createOutput() {
                if (outputsMade.incrementAndGet() == 1) {
                    throw noMemory;
                }
                return super.createOutput();
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int id = TestWorlds.deciders(world, 1)[0];
        JobFailedException e = assertThrows(JobFailedException.class, world::process); // as the job starts
        assertSame(noMemory, e.getCause());
        assertNull(system.historyOf(id), "nothing was saved");
        assertNull(system.latestOutput(id));
        assertFalse(world.getMapper(DecisionHistory.class).has(id));
        TestWorlds.run(world, 2, DELTA);
        assertFalse(system.historyOf(id).isEmpty(), "the next saves work");
    }

    @Test
    void aCreateInputFailingAtABatchBoundaryStillCountsTheTickSoAgesStayTrue() {
        boolean[] failNow = {false};
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(4)) {
            @Override
            protected Stamp createInput() {
                if (failNow[0]) {
                    failNow[0] = false;
                    throw new IllegalStateException("no input for you");
                }
                return super.createInput();
            }
        };
        system.setThreading(Threading.WORKERS_NEXT_TICK);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 1, DELTA); // tick 0 starts both jobs
        TestWorlds.deciders(world, 2); // the next batch needs more slots
        failNow[0] = true;
        assertThrows(IllegalStateException.class, world::process); // tick 1 saves tick 0's jobs, then fails
        assertEquals(2, system.stats().tick(), "tick 1 happened");
        DecisionAges ages = system.stats().measureAges(new DecisionAges());
        assertEquals(2, ages.withOutput());
        assertEquals(0, ages.maxTicks(), "saved in the latest tick");
        assertEquals(0, ages.meanSeconds(), 1e-9);
        TestWorlds.run(world, 3, DELTA);
        assertEquals(4, system.stats().measureAges(ages).withOutput(), "the batch boundary is passed once it can be");
    }

    @Test
    void anExecutorErrorIsThrownOnceInItsOwnTickWithEveryJobOfThatTickFinishedAndCounted() {
        AtomicInteger jobs = new AtomicInteger();
        OutOfMemoryError refusal = new OutOfMemoryError("unable to create native thread (simulated)");
        boolean[] refuse = {false};
        Executor executor = task -> { // runs tasks on the caller, so every tick hands them out again
            if (refuse[0]) {
                throw refusal;
            }
            task.run();
        };
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(16)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                super.runJob(entityId, input, output);
                jobs.incrementAndGet();
            }
        };
        system.setThreading(Threading.WORKERS_SAME_TICK, executor);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 64);
        TestWorlds.run(world, 2, DELTA);
        refuse[0] = true;
        assertSame(refusal, assertThrows(OutOfMemoryError.class, world::process));
        refuse[0] = false;
        assertEquals(jobs.get(), system.stats().jobsRunTotal(), "every job that ran is counted");
        assertEquals(16, system.stats().jobsRunLastTick());
        for (int i = 32; i < 48; i++) {
            assertEquals(2, system.latestTick(ids[i]), "saved in the tick the executor failed");
        }
        TestWorlds.run(world, 2, DELTA); // nothing left to report
        assertEquals(jobs.get(), system.stats().jobsRunTotal());
        assertEquals(64 + 16, jobs.get());
    }

    @Test
    void aLeftHookThatThrowsCannotKeepTheOtherLeaversHistoriesAlive() {
        IllegalStateException hookFailed = new IllegalStateException("hook failed");
        int[] first = {-1};
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10)) {
            @Override
            protected void entityLeft(int entityId) {
                if (entityId == first[0]) {
                    throw hookFailed;
                }
            }
        };
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        first[0] = ids[0];
        TestWorlds.run(world, 2, DELTA);
        for (int id : ids) {
            world.delete(id);
        }
        assertSame(hookFailed, assertThrows(IllegalStateException.class, world::process));
        for (int id : ids) {
            assertNull(system.latestOutput(id), "entity " + id + " forgotten although a hook before it threw");
        }
    }

    @Test
    void aVmErrorAmidTheBatchEndSavesNeverSavesAnOutputTwice() {
        int[] saves = new int[3];
        boolean[] overflow = {false};
        int[][] ids = new int[1][];
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(3), 1) {
            @Override
            protected void outputSaved(int entityId, Stamp output) {
                for (int i = 0; i < 3; i++) {
                    if (ids[0][i] == entityId) {
                        saves[i]++;
                    }
                }
                if (overflow[0] && entityId == ids[0][1]) {
                    overflow[0] = false;
                    throw new StackOverflowError("simulated");
                }
            }
        };
        World world = TestWorlds.of(system);
        ids[0] = TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 1, DELTA); // tick 0: the batch's three jobs
        overflow[0] = true;
        assertThrows(StackOverflowError.class, world::process); // tick 1: saves entity 0, then 1 overflows
        TestWorlds.run(world, 1, DELTA); // tick 2: the rest of the saves, and the next batch
        assertEquals(1, saves[0], "entity 0 saved once");
        assertEquals(1, saves[2], "entity 2 saved once");
        assertEquals(0, system.latestOutput(ids[0][0]).tick);
        assertEquals(0, system.latestOutput(ids[0][2]).tick);
    }

    @Test
    void aVmErrorAmidTheBatchStartReadsLeavesNoJobToRunOnAnOldInput() {
        boolean[] overflow = {false};
        List<String> stale = new ArrayList<>();
        int[][] ids = new int[1][];
        StampSystem system = new StampSystem(IoPolicy.SIAO, Budget.jobsPerTick(1)) {
            /** The tick the current batch started in: the one every input of it must have been read in. */
            private long batchStartTick;

            @Override
            protected void setUpInput(int entityId, Stamp input) {
                if (overflow[0] && entityId == ids[0][1]) {
                    overflow[0] = false;
                    throw new StackOverflowError("simulated");
                }
                super.setUpInput(entityId, input);
            }

            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                super.runJob(entityId, input, output);
                if (input.tick != batchStartTick) {
                    stale.add("entity " + entityId + " ran on an input of tick " + input.tick + " in tick " + stats().tick());
                }
            }

            @Override
            protected void begin() {
                if (stats().batchPosition() == stats().batchSize()) {
                    batchStartTick = stats().tick();
                }
            }
        };
        World world = TestWorlds.of(system);
        ids[0] = TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 3, DELTA); // batch 1, reads at tick 0
        overflow[0] = true;
        assertThrows(StackOverflowError.class, world::process); // batch 2 starts at tick 3; reading 1 overflows
        TestWorlds.run(world, 9, DELTA);
        assertEquals(List.of(), stale);
    }

    @Test
    void aNullFromCreateOutputIsNamedWhenItHappens() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1)) {
            @Override
            protected Stamp createOutput() {
                return null;
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 1);
        // the first job makes the entity's output: its failure names the entity, the cause the null
        JobFailedException e = assertThrows(JobFailedException.class, world::process);
        assertTrue(e.getCause() instanceof IllegalStateException
                && e.getCause().getMessage().contains("createOutput() returned null"), String.valueOf(e.getCause()));
    }

    @Test
    void removedAndInsertedAreFinalSoNoSubclassLosesTheRecycledIdProtection() throws NoSuchMethodException {
        for (String name : new String[]{"removed", "inserted"}) {
            for (Class<?> parameter : new Class<?>[]{int.class, IntBag.class}) {
                int modifiers = TimeslicedSystem.class.getDeclaredMethod(name, parameter).getModifiers();
                assertTrue(Modifier.isFinal(modifiers), name + "(" + parameter.getSimpleName() + ") is final");
            }
        }
    }

    @Test
    void theJoinedAndLeftHooksSeeEntitiesComeAndGoAfterTheSystemsOwnBookkeeping() {
        List<String> seen = new ArrayList<>();
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1)) {
            @Override
            protected void entityJoined(int entityId) {
                seen.add("joined " + entityId);
            }

            @Override
            protected void entityLeft(int entityId) {
                seen.add("left " + entityId + (latestOutput(entityId) == null ? ", forgotten" : ", remembered"));
            }
        };
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 2, DELTA);
        world.delete(ids[0]);
        world.edit(ids[1]).remove(Decides.class);
        TestWorlds.run(world, 1, DELTA);
        assertEquals(List.of("joined " + ids[0], "joined " + ids[1], "left " + ids[0] + ", forgotten",
                "left " + ids[1] + ", forgotten"), seen);
    }
}
