package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.BaseSystem;
import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code setTiers} while the system runs: from one tier to many, to more tiers, to fewer, back to
 * one and to many again, set between ticks, by a system that runs before the timesliced one, and
 * from the timesliced system's own callback in the middle of its turn. After each switch, from the
 * contract: every entity's tier is in range at once (the slowest if its tier is gone) and is its
 * tierOf within the reassess period; the counts add up; every entity has a job within the new
 * longest period + 1 batches of the switch and then never waits longer; with one tier, every
 * entity is in every batch and tierOf is not asked.
 */
class SetTiersMidRunTest {

    private static final float DELTA = 1 / 60f;
    private static final int ENTITIES = 60;
    private static final int REASSESS_TICKS = 30;
    private static final int PHASE_TICKS = 70;

    /** Where a switch is made. */
    enum From { BETWEEN_TICKS, SYSTEM_BEFORE, OWN_CALLBACK }

    private static final Tiers[] SWITCHES = {
            Tiers.decideEvery(1, 4, 16), // one tier to many
            Tiers.decideEvery(1, 2), // fewer, and a shorter longest period
            Tiers.decideEvery(1), // back to one
            Tiers.decideEvery(1, 3, 5, 7, 16), // one to more than ever
            Tiers.decideEvery(1, 16, 16, 16), // fewer, the same longest period
            Tiers.decideEvery(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), // sixteen
            Tiers.decideEvery(1, 4) // sixteen to two
    };
    private static final From[] WHERE = {From.BETWEEN_TICKS, From.SYSTEM_BEFORE, From.OWN_CALLBACK, From.BETWEEN_TICKS,
            From.OWN_CALLBACK, From.SYSTEM_BEFORE, From.OWN_CALLBACK};

    /** A switch made: the tiers, the batches started and tierOf calls made when it was made, the test tick it was made in (or before). */
    private record Switch(Tiers tiers, long batchesStarted, int tick, int tierOfCalls) {
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void switchingTiersMidRunKeepsTheNewCapAndTheCounts(IoPolicy policy, Threading threading) {
        List<Switch> switches = new ArrayList<>();
        Tiers[] pending = {null};
        TierProbe system = new TierProbe(policy, Budget.jobsPerTick(7), threading) {
            @Override
            void savedHook(int entityId) {
                if (pending[0] != null) { // inside the system's turn (or, with sync output, its batch start)
                    switchTo(this, pending[0], switches);
                    pending[0] = null;
                }
            }
        };
        // each entity's tier among the tiers of the moment
        system.tierFunction = id -> (int) Math.floorMod(id * 2654435761L >>> 7, (long) system.tiers().count());
        Tiers[] beforeSystem = {null};
        BaseSystem switcher = new BaseSystem() {
            @Override
            protected void processSystem() {
                if (beforeSystem[0] != null) {
                    switchTo(system, beforeSystem[0], switches);
                    beforeSystem[0] = null;
                }
            }
        };
        World world = TestWorlds.of(switcher, system);
        int[] ids = TestWorlds.deciders(world, ENTITIES);
        String label = policy + ", " + threading;
        switches.add(new Switch(system.tiers(), 0, 0, 0));
        for (int phase = 0; phase <= SWITCHES.length; phase++) {
            if (phase > 0) {
                Tiers next = SWITCHES[phase - 1];
                switch (WHERE[phase - 1]) {
                    case BETWEEN_TICKS -> switchTo(system, next, switches);
                    case SYSTEM_BEFORE -> beforeSystem[0] = next;
                    case OWN_CALLBACK -> pending[0] = next;
                }
            }
            for (int t = 0; t < PHASE_TICKS; t++) {
                system.tick(world, DELTA);
                checkTiers(system, ids, switches.get(switches.size() - 1), label);
            }
            Switch current = switches.get(switches.size() - 1);
            assertEquals(phase + 1, switches.size(), label + ": the switch to " + current.tiers() + " was made");
            if (current.tiers().count() == 1) {
                assertEquals(current.tierOfCalls(), system.tierOfCalls, label + ": tierOf is not asked with one tier");
            }
        }
        long lastStarted = system.stats().batchesStarted();
        world.dispose();
        checkJobs(system, ids, switches, lastStarted, label);
    }

    private static void switchTo(TierProbe system, Tiers tiers, List<Switch> switches) {
        int before = system.tiers().count();
        system.setTiers(tiers);
        switches.add(new Switch(tiers, system.stats().batchesStarted(), system.ticks, system.tierOfCalls));
        for (int id = 0; id < ENTITIES; id++) {
            int tier = system.tier(id);
            assertTrue(tier >= 0 && tier < tiers.count(), "from " + before + " tiers to " + tiers + ": entity " + id
                    + " is in tier " + tier + " at once");
        }
    }

    /** After a tick: tiers in range, counts adding up, and every tier the entity's tierOf once the reassess period passed. */
    private static void checkTiers(TierProbe system, int[] ids, Switch current, String label) {
        int count = current.tiers().count();
        int[] counted = new int[count];
        for (int id : ids) {
            int tier = system.tier(id);
            assertTrue(tier >= 0 && tier < count, label + ": entity " + id + " in tier " + tier + " of " + current.tiers());
            counted[tier]++;
            int ticksSince = system.ticks - 1 - current.tick();
            if (ticksSince >= REASSESS_TICKS) { // the sweep asked every entity in the REASSESS_TICKS ticks since
                assertEquals(system.tierFunction.applyAsInt(id), tier, label + ": entity " + id + "'s tier, "
                        + ticksSince + " ticks after the switch to " + current.tiers());
            }
        }
        int sum = 0;
        for (int tier = 0; tier < count; tier++) {
            assertEquals(counted[tier], system.stats().entitiesInTier(tier), label + ": entities in tier " + tier);
            sum += counted[tier];
        }
        assertEquals(ids.length, sum, label + ": the tiers hold every entity");
    }

    /** Per switch: a job within the new cap of it, then within the cap of each other; one tier: every batch. */
    private static void checkJobs(TierProbe system, int[] ids, List<Switch> switches, long lastStarted, String label) {
        Map<Integer, List<Long>> jobs = system.jobsByEntity();
        for (int s = 1; s < switches.size(); s++) {
            Switch at = switches.get(s);
            long end = s + 1 < switches.size() ? switches.get(s + 1).batchesStarted() : lastStarted;
            int cap = at.tiers().longestBatchPeriod() + 1;
            String phase = label + ", switched to " + at.tiers() + " in batch " + at.batchesStarted()
                    + " (to batch " + end + ")";
            for (int id : ids) {
                List<Long> own = jobs.get(id).stream().filter(b -> b > at.batchesStarted() && b <= end).toList();
                long previous = at.batchesStarted();
                for (long batch : own) {
                    long limit = at.tiers().count() == 1 && previous > at.batchesStarted() ? 1 : cap;
                    assertTrue(batch - previous <= limit, phase + ": entity " + id + " waited " + (batch - previous)
                            + " batches, from " + previous + " to " + batch + "; jobs " + own);
                    previous = batch;
                }
                if (previous + cap < end) {
                    throw new AssertionError(phase + ": entity " + id + " had no job since batch " + previous
                            + "; jobs " + own);
                }
                if (at.tiers().count() == 1) {
                    for (long b = at.batchesStarted() + 1; b < end; b++) {
                        assertTrue(own.contains(b), phase + ": with one tier entity " + id + " is in batch " + b
                                + "; jobs " + own);
                    }
                }
            }
        }
    }

    // While artemis tells a subscription's listeners of a change, the subscription still lists the
    // old entities: setTiers works from the entities the system was told of.

    /** A probe whose entityJoined sets {@code switchedTo} as entity 3 joins; entity 3's tier is {@code joinerTier} (the slowest there is, at most), the others' 0. */
    private static TierProbe switchingAsEntity3Joins(Tiers switchedTo, int joinerTier) {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(100), Threading.WORLD_THREAD) {
            @Override
            protected void entityJoined(int entityId) {
                if (entityId == 3) {
                    setTiers(switchedTo);
                }
            }
        };
        system.tierFunction = id -> id == 3 ? Math.min(joinerTier, system.tiers().count() - 1) : 0;
        return system;
    }

    @Test
    void setTiersAsAnEntityJoinsGivesItItsFirstJobInTheNextBatch() {
        TierProbe system = switchingAsEntity3Joins(Tiers.decideEvery(1, 4), 0);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 2, DELTA); // a whole batch a tick
        int joiner = TestWorlds.deciders(world, 1)[0];
        TestWorlds.run(world, 1, DELTA);
        assertNotNull(system.latestOutput(joiner), "the joiner's first job is in the batch after it joined");
        assertEquals(4, system.stats().entitiesInTier(0) + system.stats().entitiesInTier(1), "the tiers hold every entity");
    }

    @Test
    void setTiersToFewerAsAnEntityJoinsPutsItInTheSlowestAndLetsItLeave() {
        TierProbe system = switchingAsEntity3Joins(Tiers.decideEvery(1, 2), 3);
        system.setTiers(Tiers.decideEvery(1, 2, 4, 8));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 1, DELTA);
        int joiner = TestWorlds.deciders(world, 1)[0]; // asked as it joins: tier 3, then the tiers go to two
        TestWorlds.run(world, 1, DELTA);
        assertEquals(1, system.tier(joiner), "tier 3 is gone: the slowest there is");
        assertEquals(List.of(3, 1), List.of(system.stats().entitiesInTier(0), system.stats().entitiesInTier(1)));
        world.delete(joiner);
        TestWorlds.run(world, 1, DELTA); // artemis tells the system it left
        assertEquals(List.of(3, 0), List.of(system.stats().entitiesInTier(0), system.stats().entitiesInTier(1)));
    }

    @Test
    void setTiersFromAnotherSystemToldOfTheSameJoinGivesTheJoinerItsFirstJobInTheNextBatch() {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(100), Threading.WORLD_THREAD);
        BaseEntitySystem watcher = new BaseEntitySystem(Aspect.all(Decides.class)) { // told after the system
            @Override
            protected void inserted(int entityId) {
                if (entityId == 3) {
                    system.setTiers(Tiers.decideEvery(1, 4));
                }
            }

            @Override
            protected void processSystem() {
            }
        };
        World world = TestWorlds.of(system, watcher);
        TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 2, DELTA);
        int joiner = TestWorlds.deciders(world, 1)[0];
        TestWorlds.run(world, 1, DELTA);
        assertNotNull(system.latestOutput(joiner));
        assertEquals(4, system.stats().entitiesInTier(0));
    }

    @Test
    void switchingTiersOffFromTierOfEndsThatTicksSweepAndTierOfIsNeverAskedWithOneTier() {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(10), Threading.WORLD_THREAD) {
            @Override
            protected int tierOf(int entityId) {
                if (stats().tick() == 5 && entityId == 0) {
                    setTiers(Tiers.decideEvery(1));
                }
                return super.tierOf(entityId);
            }
        };
        system.tierFunction = id -> id == 1 ? 1 : 0; // a right answer while there are two tiers
        system.setTiers(Tiers.decideEvery(1, 2).reassessEvery(DELTA)); // the sweep asks every entity every tick
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        TestWorlds.run(world, 10, DELTA); // no tick fails
        assertEquals(1, system.tiers().count());
        assertEquals(1, system.tierOfCallsByTick.get(5L), "tick 5 asked entity 0 alone");
        assertTrue(system.tierOfCallsByTick.keySet().stream().allMatch(tick -> tick <= 5), "asked after tick 5: "
                + system.tierOfCallsByTick);
    }

    @Test
    void aTierOfThatSetsOtherTiersEveryTimeItIsAskedStillLetsTheSweepAskEveryEntityWithinThePeriod() {
        Tiers near = Tiers.decideEvery(1, 2).reassessEvery(0.5);
        Tiers far = Tiers.decideEvery(1, 4).reassessEvery(0.5);
        boolean[] zoomedOut = {false};
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(100), Threading.WORLD_THREAD) {
            @Override
            protected int tierOf(int entityId) {
                if (entityId == 0) {
                    setTiers(zoomedOut[0] ? far : near); // a camera whose zoom changes every tick
                }
                return super.tierOf(entityId);
            }
        };
        system.tierFunction = id -> id == 0 ? 0 : 1;
        system.setTiers(near);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        for (int tick = 0; tick < 60; tick++) {
            zoomedOut[0] = tick % 2 == 1;
            system.tick(world, 0.1f);
        }
        long latest = system.stats().tick() - 1;
        for (int id = 1; id < 5; id++) {
            assertTrue(system.lastAskedAtTick[id] >= latest - 5, "entity " + id + " last asked in tick "
                    + system.lastAskedAtTick[id] + " of " + latest + ": the period is 5 ticks");
        }
    }

    @Test
    void theEntitiesAfterTheOneWhoseTierOfSetTiersAreStillAskedInThatTick() {
        Map<Long, List<Integer>> askedByTick = new java.util.TreeMap<>();
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(100), Threading.WORLD_THREAD) {
            @Override
            protected int tierOf(int entityId) {
                askedByTick.computeIfAbsent(stats().tick(), tick -> new ArrayList<>()).add(entityId);
                if (stats().tick() == 5 && entityId == 2) {
                    setTiers(Tiers.decideEvery(1, 4).reassessEvery(DELTA));
                }
                return super.tierOf(entityId);
            }
        };
        system.setTiers(Tiers.decideEvery(1, 2).reassessEvery(DELTA)); // every entity asked every tick
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        TestWorlds.run(world, 10, DELTA);
        for (long tick = 1; tick < 10; tick++) {
            assertEquals(List.of(0, 1, 2, 3, 4), askedByTick.get(tick), "tick " + tick);
        }
    }
}
