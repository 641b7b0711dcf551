package io.github.ecstimeslice;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import io.github.ecstimeslice.UrgentProbe.At;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile use of {@link TimeslicedSystem#decideSoon}: asked from every callback of the system's own
 * turn and from the join and leave hooks, with entities deleted, recycled, leaving and rejoining
 * between the ask and the turn or during the turn, and with tiers.
 */
class DecideSoonCallbacksAndChurnTest {

    private static final float DELTA = 0.1f;

    /** A system run before, between or after others, doing once what the test gives it. */
    abstract static class Scripted extends BaseSystem {
        private Runnable once;

        void once(Runnable action) {
            once = action;
        }

        @Override
        protected void processSystem() {
            Runnable action = once;
            once = null;
            if (action != null) {
                action.run();
            }
        }
    }

    static final class Before extends Scripted {
    }

    static final class Between extends Scripted {
    }

    static final class After extends Scripted {
    }

    private static void tick(World world) {
        world.setDelta(DELTA);
        world.process();
    }

    private static int createWithSerial(World world, long serial) {
        int id = world.create();
        world.getMapper(Serial.class).create(id).value = serial;
        world.getMapper(Decides.class).create(id);
        return id;
    }

    private static void assertNoViolations(UrgentProbe system) {
        assertTrue(system.violations.isEmpty(), String.join("\n", system.violations));
    }

    // ================= asked during the system's own turn =================

    /** Every policy and threading, with each callback of the turn an ask can come from (runJob on the world's thread alone). */
    static Stream<Arguments> turnCallbacks() {
        List<Arguments> cases = new ArrayList<>();
        for (Threading threading : Threading.values()) {
            for (IoPolicy policy : IoPolicy.values()) {
                for (At at : new At[]{At.SET_UP_INPUT, At.RUN_JOB, At.OUTPUT_SAVED, At.PREPARE_JOBS, At.TIER_OF}) {
                    if (at != At.RUN_JOB || threading == Threading.WORLD_THREAD) {
                        cases.add(Arguments.of(policy, threading, at));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}, {1}, from {2}")
    @MethodSource("turnCallbacks")
    void anEntityAskedForFromACallbackOfTheTurnGetsItsUrgentJobInTheNextTurnAndOnlyOne(IoPolicy policy,
                                                                                        Threading threading, At at) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        if (at == At.TIER_OF) { // every entity asked every tick; all in tier 0, so batches are as without tiers
            system.setTiers(Tiers.decideEvery(1, 2).reassessEvery(0.05));
        }
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 10);
        int target = ids[7];
        long[] askedIn = {-1};
        system.hook = (callback, entityId) -> {
            if (callback == at && system.inTurn && askedIn[0] < 0 && system.stats().tick() >= 3
                    && Thread.currentThread() == system.worldThread) {
                system.decideSoon(target);
                system.decideSoon(target); // and again: one job
                askedIn[0] = system.stats().tick();
            }
        };
        for (int tick = 0; tick < 40 && askedIn[0] < 0; tick++) {
            tick(world);
        }
        assertTrue(askedIn[0] >= 3, "the callback " + at + " was called in a turn");
        long asked = askedIn[0];
        assertEquals(List.of(), system.urgentIn(asked), "no urgent job in the turn that asked");
        assertEquals(0, system.stats().urgentJobsTotal());
        tick(world);
        assertEquals(List.of(target), system.urgentIn(asked + 1), "the urgent job in the next turn");
        assertEquals(1, system.stats().urgentJobsTotal());
        assertEquals(asked + 1, system.latestTick(target), "read and saved in that turn, whatever the policy");
        assertEquals(asked + 1, system.historyOf(target).savedAtTick(0));
        TestWorlds.run(world, 12, DELTA);
        assertEquals(List.of(target), system.urgentEntities(), "one urgent job for the one (double) ask");
        assertEquals(1, system.stats().urgentJobsTotal());
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityThatAsksForItselfFromItsOwnUrgentJobGetsOneUrgentJobATurnAndTheBatchGoesOn(IoPolicy policy,
                                                                                            Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(3));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 9);
        int target = ids[4];
        system.hook = (callback, entityId) -> {
            boolean worldThread = Thread.currentThread() == system.worldThread;
            if (entityId == target && worldThread && system.stats().tick() >= 2
                    && (callback == At.SET_UP_INPUT || callback == At.OUTPUT_SAVED
                    || callback == At.RUN_JOB && system.inUrgentRunJob())) {
                system.decideSoon(target);
            }
        };
        TestWorlds.run(world, 2, DELTA);
        system.decideSoon(target);
        long batches = system.stats().batchesStarted();
        for (long tick = 2; tick < 20; tick++) {
            tick(world);
            assertEquals(List.of(target), system.urgentIn(tick), "tick " + tick + ": one urgent job, never a loop");
            assertTrue(system.stats().jobsRunLastTick() <= 3, "tick " + tick + ": within the budget");
        }
        assertEquals(18, system.stats().urgentJobsTotal());
        assertTrue(system.stats().batchesStarted() >= batches + 3, "the batch goes on: "
                + (system.stats().batchesStarted() - batches) + " batches started");
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void askedFromTheJoinAndLeaveHooksAnEntityIsDecidedInTheFirstTurnAfterTheNotice(IoPolicy policy,
                                                                                     Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        After after = new After();
        World world = TestWorlds.of(system, after);
        int[] ids = TestWorlds.deciders(world, 10);
        Map<Integer, Integer> askOnJoin = new HashMap<>();
        Map<Integer, Integer> askOnLeave = new HashMap<>();
        system.hook = (callback, entityId) -> {
            Integer ask = callback == At.ENTITY_JOINED ? askOnJoin.get(entityId)
                    : callback == At.ENTITY_LEFT ? askOnLeave.get(entityId) : null;
            if (ask != null) {
                system.decideSoon(ask);
            }
        };
        TestWorlds.run(world, 3, DELTA);

        // between ticks: a newcomer asks for ids[6], a deleted entity for ids[8]; the notices come before the turn
        int newcomer = world.create();
        askOnJoin.put(newcomer, ids[6]);
        world.edit(newcomer).create(Decides.class);
        askOnLeave.put(ids[1], ids[8]);
        world.delete(ids[1]);
        tick(world);
        assertEquals(Set.of(ids[6], ids[8]), new HashSet<>(system.urgentIn(3)), "both in the turn right after the notices");
        assertEquals(3, system.latestTick(ids[6]));
        assertEquals(3, system.latestTick(ids[8]));
        assertNull(system.latestOutput(newcomer), "the newcomer itself was not asked for");

        // from a system after the decisions: the notice comes after the turn, the job in the next
        after.once(() -> {
            int late = world.create();
            askOnJoin.put(late, ids[9]);
            world.edit(late).create(Decides.class);
        });
        tick(world);
        assertEquals(List.of(), system.urgentIn(4));
        tick(world);
        assertEquals(List.of(ids[9]), system.urgentIn(5));
        assertEquals(5, system.latestTick(ids[9]));
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anAskForAnIdNoLiveEntityHoldsIsIgnoredAndCostsNothing(IoPolicy policy, Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(1));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 2, DELTA);
        system.decideSoon(5_000); // no entity has this id
        system.decideSoon(70_000);
        world.delete(ids[2]);
        system.decideSoon(ids[2]); // deleted, still the system's until artemis tells it: dropped as it leaves
        int shortLived = createWithSerial(world, 77);
        world.delete(shortLived);
        system.decideSoon(shortLived); // made and deleted before it joined
        assertEquals(3, system.stats().urgentAsksDropped());
        assertEquals(1, system.stats().urgentAsksWaiting());
        tick(world);
        assertEquals(4, system.stats().urgentAsksDropped());
        assertEquals(0, system.stats().urgentAsksWaiting());
        assertEquals(List.of(), system.urgentIn(2));
        assertEquals(1, system.stats().jobsRunLastTick(), "the ignored asks took none of the budget: the batch's job ran");
        assertEquals(0, system.stats().urgentJobsTotal());
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityAskedForBeforeItJoinsIsDecidedInTheTickItJoinsIfItJoinsBeforeTheNextTurn(IoPolicy policy,
                                                                                          Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(1));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 2, DELTA);
        int newcomer = createWithSerial(world, 77);
        system.decideSoon(newcomer); // created, not joined: artemis tells the system as the next tick begins
        world.getMapper(Decides.class).remove(ids[3]);
        assertEquals(1, system.stats().urgentAsksWaiting());
        tick(world); // ids[3] left
        assertEquals(List.of(newcomer), system.urgentIn(2));
        assertEquals(2, system.latestTick(newcomer));
        assertEquals(77, system.latestOutput(newcomer).serial);
        system.decideSoon(ids[3]); // alive, but out of the system
        world.getMapper(Decides.class).create(ids[3]); // and back before the turn
        tick(world);
        assertEquals(List.of(ids[3]), system.urgentIn(3));
        assertEquals(3, system.latestTick(ids[3]));
        system.decideSoon(ids[4]);
        world.getMapper(Decides.class).remove(ids[4]);
        int late = world.create();
        system.decideSoon(late); // without the system's components
        tick(world); // ids[4] left, so its ask went
        world.getMapper(Decides.class).create(late); // given them after the turn: too late
        world.getMapper(Serial.class).create(late).value = 78;
        tick(world);
        assertEquals(List.of(), system.urgentIn(4));
        assertEquals(List.of(), system.urgentIn(5));
        assertEquals(2, system.stats().urgentJobsTotal());
        assertEquals(2, system.stats().urgentAsksDropped());
        assertEquals(0, system.stats().urgentAsksWaiting());
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anAskForAnEntityDeletedBeforeItJoinedIsNeverServedToTheNextOwnerOfItsId(IoPolicy policy,
                                                                                  Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(1));
        system.setThreading(threading);
        After after = new After();
        World world = TestWorlds.of(system, after);
        TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 2, DELTA);
        int[] doomed = new int[1];
        after.once(() -> { // after the turn: made, asked for, deleted before the notice
            doomed[0] = createWithSerial(world, 77);
            system.decideSoon(doomed[0]);
            world.delete(doomed[0]);
        });
        tick(world);
        int heir = createWithSerial(world, 78); // between ticks: the freed id
        assertEquals(doomed[0], heir, "the doomed entity's id was given again");
        tick(world); // the heir joins before the turn
        assertEquals(List.of(), system.urgentIn(3), "no urgent job for the heir of the id");
        assertEquals(1, system.stats().urgentAsksDropped());
        system.decideSoon(heir); // asked for itself: served
        tick(world);
        assertEquals(List.of(heir), system.urgentIn(4));
        assertEquals(78, system.latestOutput(heir).serial);
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityAskedForFromTheLeaveHookOfAnotherThatLeftWithItGivesNoJobToTheEntityThatTakesItsId(
            IoPolicy policy, Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        After after = new After();
        World world = TestWorlds.of(system, after);
        int[] ids = new int[6];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = createWithSerial(world, i + 1);
        }
        TestWorlds.run(world, 3, DELTA);
        int target = ids[1];
        int hunter = ids[4]; // hunts the target; both die in the same tick
        system.hook = (at, entity) -> {
            if (at == At.ENTITY_LEFT && entity == target) {
                system.decideSoon(hunter); // "my target left: decide again soon", not told yet that the hunter left too
            }
        };
        after.once(() -> {
            world.delete(target);
            world.delete(hunter);
        });
        tick(world); // both leave in one notice, after the system's turn
        int first = createWithSerial(world, 100);
        int second = createWithSerial(world, 101);
        assertTrue(first == hunter || second == hunter, "the hunter's id was given again");
        tick(world);
        assertEquals(List.of(), system.urgentIn(4), "no urgent job for the id of an entity that left");
        assertNoViolations(system);
        world.dispose();
    }

    // ================= churn and recycled ids =================

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityDeletedAfterTheAskWhoseIdIsRecycledBeforeTheTurnGivesTheNewEntityNothing(IoPolicy policy,
                                                                                          Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        After after = new After();
        World world = TestWorlds.of(system, after);
        int[] ids = new int[8];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = createWithSerial(world, i + 1);
        }
        TestWorlds.run(world, 6, DELTA); // every entity has an output by now
        int doomed = ids[5];
        assertTrue(system.latestOutput(doomed) != null);
        after.once(() -> { // after the decisions of tick 6: asked for, then deleted
            system.decideSoon(doomed);
            system.decideSoon(ids[2]);
            world.delete(doomed);
        });
        tick(world);
        int recycled = createWithSerial(world, 100); // artemis frees ids as world.process() ends
        assertEquals(doomed, recycled, "artemis gave the id again");
        tick(world);
        assertEquals(List.of(ids[2]), system.urgentIn(7), "no urgent job for the deleted entity's id");
        assertNull(system.latestOutput(recycled), "the new entity sees nothing of the old one's");
        assertNull(system.historyOf(recycled));
        TestWorlds.run(world, 12, DELTA);
        assertEquals(100, system.latestOutput(recycled).serial, "decided, for itself, by a later batch");
        assertEquals(List.of(ids[2]), system.urgentEntities());
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void theEntityThatTakesTheIdOfAnAskedForEntityIsDecidedSoonForItselfOnceWhenNewcomersAre(IoPolicy policy,
                                                                                             Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(1));
        system.setThreading(threading);
        After after = new After();
        World world = TestWorlds.of(system, after);
        int[] ids = new int[6];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = createWithSerial(world, i + 1);
        }
        TestWorlds.run(world, 7, DELTA);
        system.setDecideNewcomersSoon(true);
        int doomed = ids[3];
        after.once(() -> {
            system.decideSoon(doomed);
            world.delete(doomed);
        });
        tick(world);
        int recycled = createWithSerial(world, 100);
        assertEquals(doomed, recycled);
        system.decideSoon(recycled); // and asked for once more: still one job
        tick(world);
        assertEquals(List.of(doomed), system.urgentIn(8), "one urgent job for the id: the newcomer's own");
        assertEquals(100, system.latestOutput(recycled).serial);
        assertEquals(8, system.latestTick(recycled));
        tick(world);
        assertEquals(List.of(), system.urgentIn(9), "and no second one");
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityThatLeavesAndRejoinsBeforeTheTurnLosesItsUrgentJobAndItsHistory(IoPolicy policy,
                                                                                 Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        Before before = new Before();
        Between between = new Between();
        World world = TestWorlds.of(before, between, system);
        int[] ids = new int[8];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = createWithSerial(world, i + 1);
        }
        TestWorlds.run(world, 6, DELTA);
        int leaver = ids[6];
        ComponentMapper<Decides> decides = world.getMapper(Decides.class);
        before.once(() -> {
            system.decideSoon(leaver);
            system.decideSoon(ids[1]);
            decides.remove(leaver);
        });
        between.once(() -> {
            decides.create(leaver);
        });
        tick(world);
        assertEquals(List.of(ids[1]), system.urgentIn(6), "it left after the ask: no urgent job");
        assertNull(system.latestOutput(leaver), "its history was forgotten as it left");
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityDeletedByACallbackOfTheTurnAndAskedForAgainLeavesNothingToTheEntityThatTakesItsId(
            IoPolicy policy, Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(1));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = new int[8];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = createWithSerial(world, i + 1);
        }
        TestWorlds.run(world, 9, DELTA);
        int asker = ids[0];
        int doomed = ids[6];
        boolean[] deleted = {false};
        system.hook = (callback, entityId) -> {
            if (callback == At.SET_UP_INPUT && entityId == asker && system.stats().tick() == 9 && !deleted[0]) {
                deleted[0] = true;
                world.delete(doomed); // reaches the system when its turn ends
                system.decideSoon(doomed);
            }
        };
        system.decideSoon(asker);
        system.decideSoon(doomed); // waits behind the asker: the budget serves one a tick
        tick(world);
        assertEquals(List.of(asker), system.urgentIn(9));
        int recycled = createWithSerial(world, 100);
        assertEquals(doomed, recycled);
        assertNull(system.latestOutput(recycled));
        tick(world);
        assertEquals(List.of(), system.urgentIn(10), "the deleted entity's urgent job was dropped, for good");
        assertNull(system.latestOutput(recycled), "it joined mid-batch and nobody asked for it");
        TestWorlds.run(world, 20, DELTA);
        assertEquals(100, system.latestOutput(recycled).serial);
        assertEquals(List.of(asker), system.urgentEntities());
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anUrgentJobRunInTheTurnItsEntityIsDeletedInIsForgottenWithItAtTheTurnsEnd(IoPolicy policy,
                                                                                    Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = new int[8];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = createWithSerial(world, i + 1);
        }
        TestWorlds.run(world, 9, DELTA);
        int asker = ids[0];
        int doomed = ids[6];
        boolean[] deleted = {false};
        system.hook = (callback, entityId) -> {
            if (callback == At.OUTPUT_SAVED && entityId == asker && system.stats().tick() == 9 && !deleted[0]) {
                deleted[0] = true;
                world.delete(doomed); // its urgent job comes next in this turn; it leaves when the turn ends
            }
        };
        system.decideSoon(asker);
        system.decideSoon(doomed);
        tick(world);
        assertTrue(deleted[0]);
        assertEquals(List.of(asker, doomed), system.urgentIn(9), "changes of the turn reach the system at its end");
        int recycled = createWithSerial(world, 100);
        assertEquals(doomed, recycled);
        assertNull(system.latestOutput(recycled), "what was saved for the deleted entity went with it");
        assertNull(system.historyOf(recycled));
        TestWorlds.run(world, 12, DELTA);
        assertEquals(100, system.latestOutput(recycled).serial);
        assertNoViolations(system);
        world.dispose();
    }

    // ================= tiers =================

    /** Per batch number, the entities with a batch job in it; per entity, its tier after each tick. */
    private record TierRun(Map<Long, Set<Integer>> batchJobs, List<String> tiersByTick, List<Integer> batchSizes,
                           int tierOfCalls, UrgentProbe system) {
    }

    private static TierRun tieredRun(IoPolicy policy, Threading threading, Budget budget, boolean ask) {
        UrgentProbe system = new UrgentProbe(policy, budget);
        system.setThreading(threading);
        system.setTiers(Tiers.decideEvery(1, 4, 8).reassessEvery(0.3));
        system.tierFunction = id -> id % 3; // 0, 3, 6, 9: tier 0; 1, 4, 7, 10: tier 1; the rest tier 2
        List<Integer> batchSizes = new ArrayList<>();
        long[] lastBatch = {0};
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 12);
        List<String> tiers = new ArrayList<>();
        for (int tick = 0; tick < 60; tick++) {
            if (ask && tick % 2 == 1) {
                system.decideSoon(ids[(tick * 5) % 12]); // every tier's entities, the slow ones too
                system.decideSoon(ids[(tick * 7 + 2) % 12]);
            }
            tick(world);
            if (system.stats().batchesStarted() != lastBatch[0]) {
                lastBatch[0] = system.stats().batchesStarted();
                batchSizes.add(system.stats().batchSize());
            }
            StringBuilder row = new StringBuilder();
            for (int id : ids) {
                row.append(system.tier(id));
            }
            tiers.add(row.toString());
        }
        world.dispose();
        Map<Long, Set<Integer>> byBatch = new TreeMap<>();
        for (long[] job : system.batchJobs) {
            byBatch.computeIfAbsent(job[UrgentProbe.BATCH], b -> new HashSet<>()).add((int) job[UrgentProbe.ENTITY]);
        }
        return new TierRun(byBatch, tiers, batchSizes, system.tierOfCalls, system);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void urgentJobsForEntitiesOfEveryTierChangeNeitherTheirTiersNorTheirBatchJobs(IoPolicy policy,
                                                                                 Threading threading) {
        // the whole batch in each tick: urgent jobs never take a batch job's place, nor drop one
        TierRun control = tieredRun(policy, threading, Budget.jobsPerTick(100), false);
        TierRun asked = tieredRun(policy, threading, Budget.jobsPerTick(100), true);
        assertTrue(asked.system.stats().urgentJobsTotal() >= 40, "urgent jobs ran: "
                + asked.system.stats().urgentJobsTotal());
        assertEquals(control.tiersByTick, asked.tiersByTick, "tiers after each tick");
        assertEquals(control.tierOfCalls, asked.tierOfCalls, "tierOf calls");
        assertEquals(control.batchSizes, asked.batchSizes, "batch sizes");
        assertEquals(control.batchJobs, asked.batchJobs, "the entities with a batch job, batch by batch");
        assertEquals(control.system.stats().jobsRunTotal() + asked.system.stats().urgentJobsTotal(),
                asked.system.stats().jobsRunTotal(), "jobsRunTotal counts the urgent jobs on top");
        for (int tier = 0; tier < 3; tier++) {
            assertEquals(control.system.stats().decisionsPerSecond(tier), asked.system.stats().decisionsPerSecond(tier),
                    1e-9, "tier " + tier + "'s decisions per second count the batch's jobs alone");
        }
        assertNoViolations(asked.system);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void underATightBudgetUrgentJobsDelayTheTieredBatchesButNeverChangeWhatTheyHold(IoPolicy policy,
                                                                                  Threading threading) {
        TierRun control = tieredRun(policy, threading, Budget.jobsPerTick(3), false);
        TierRun asked = tieredRun(policy, threading, Budget.jobsPerTick(3), true);
        assertTrue(asked.system.stats().urgentJobsTotal() >= 40);
        int batches = Math.min(control.batchSizes.size(), asked.batchSizes.size());
        assertTrue(batches >= 5, "batches to compare: " + batches);
        if (!policy.syncInput()) {
            assertTrue(asked.batchSizes.size() < control.batchSizes.size(), "urgent jobs took some of the budget");
        }
        assertEquals(control.batchSizes.subList(0, batches), asked.batchSizes.subList(0, batches),
                "the batches hold the same entities, by number");
        for (long batch = 1; batch < batches; batch++) { // the last compared may be unfinished
            Set<Integer> mine = asked.batchJobs.getOrDefault(batch, Set.of());
            Set<Integer> theirs = control.batchJobs.getOrDefault(batch, Set.of());
            assertTrue(theirs.containsAll(mine), "batch " + batch + ": only its own entities ran");
            if (!policy.syncInput()) {
                assertEquals(theirs, mine, "batch " + batch + ": with async input no job is dropped");
            } else {
                Set<Integer> askedInBatch = new HashSet<>();
                for (long[] job : asked.system.urgentJobs) {
                    if (job[UrgentProbe.BATCH] == batch) {
                        askedInBatch.add((int) job[UrgentProbe.ENTITY]);
                    }
                }
                for (int entity : theirs) {
                    assertTrue(mine.contains(entity) || askedInBatch.contains(entity),
                            "batch " + batch + ": entity " + entity + " lost its job without an urgent one in the batch");
                }
            }
        }
        // tiers and tier assessments follow game time: the same whatever the batches do
        assertEquals(control.tiersByTick, asked.tiersByTick);
        assertNoViolations(asked.system);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aSlowTierEntityDecidedSoonIsDueInTheSameBatchesAsBefore(IoPolicy policy, Threading threading) {
        // one slow entity, asked for often: its batch jobs come in the same batches as without the asks
        List<List<Long>> runs = new ArrayList<>();
        for (boolean ask : new boolean[]{false, true}) {
            UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(100));
            system.setThreading(threading);
            system.setTiers(Tiers.decideEvery(1, 4).reassessEvery(0.2));
            system.tierFunction = id -> id == 5 ? 1 : 0;
            World world = TestWorlds.of(system);
            TestWorlds.deciders(world, 8);
            for (int tick = 0; tick < 30; tick++) {
                if (ask && tick % 3 == 2) {
                    system.decideSoon(5);
                }
                tick(world);
                assertEquals(1, system.tier(5), "tick " + tick);
            }
            List<Long> slowBatches = new ArrayList<>();
            for (long[] job : system.batchJobs) {
                if (job[UrgentProbe.ENTITY] == 5) {
                    slowBatches.add(job[UrgentProbe.BATCH]);
                }
            }
            slowBatches.sort(null);
            runs.add(slowBatches);
            if (ask) {
                assertEquals(10, system.stats().urgentJobsTotal());
                assertEquals(Set.of(5), new HashSet<>(system.urgentEntities()));
            }
            assertEquals(1, system.stats().entitiesInTier(1));
            assertNoViolations(system);
            world.dispose();
        }
        assertTrue(runs.get(0).size() >= 7, "entity 5's batch jobs: " + runs.get(0));
        for (int i = 1; i < runs.get(0).size(); i++) {
            assertEquals(4, runs.get(0).get(i) - runs.get(0).get(i - 1), "every fourth batch: " + runs.get(0));
        }
        assertEquals(runs.get(0), runs.get(1), "entity 5's batch jobs by batch number, without and with the asks");
    }
}
