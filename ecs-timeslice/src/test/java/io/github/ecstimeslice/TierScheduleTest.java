package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The tiers' reference table: which entities each batch holds, as the timing contract's table shows. */
class TierScheduleTest {

    /** Decides for entities with {@link Decides}; each one's tier is what {@link #tiers} says; records each batch's keys. */
    static final class TieredStamps extends StampSystem {
        final int[] tiers;
        final List<List<Integer>> batches = new ArrayList<>();

        TieredStamps(Tiers tiers, int... entityTiers) {
            super(IoPolicy.AIAO, Budget.jobsPerTick(1000));
            this.tiers = entityTiers;
            setTiers(tiers);
            observedBy(new Observer() {
                @Override
                public void jobRan(StampSystem system, int entityId, Stamp input) {
                    while (batches.size() < system.stats().batchesStarted()) {
                        batches.add(new ArrayList<>());
                    }
                    batches.get((int) system.stats().batchesStarted() - 1).add(entityId);
                }

                @Override
                public void outputSaved(StampSystem system, int entityId, Stamp output) {
                }
            });
        }

        @Override
        protected int tierOf(int entityId) {
            return tiers[entityId];
        }
    }

    @Test
    void eachTiersEntitiesSpreadOverItsPhasesAfterTheirFirstJob() {
        TieredStamps system = new TieredStamps(Tiers.decideEvery(1, 2, 4), 0, 0, 1, 1, 2, 2);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 9, 0.1f);
        assertEquals(List.of(
                List.of(0, 1, 2, 3, 4, 5), // all joined: every one's first job
                List.of(0, 1, 3, 5),
                List.of(0, 1, 2),
                List.of(0, 1, 3),
                List.of(0, 1, 2, 4),
                List.of(0, 1, 3, 5),
                List.of(0, 1, 2),
                List.of(0, 1, 3),
                List.of(0, 1, 2, 4)), system.batches);
    }

    @Test
    void aMoveToAFasterTierIsInTheNextBatchAndToASlowerOneKeepsItsDueBatch() {
        TieredStamps system = new TieredStamps(Tiers.decideEvery(1, 2, 4), 0, 0, 1, 1, 2, 2);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 3, 0.1f); // batches 0 to 2
        system.tiers[4] = 0; // was due in batch 4
        system.reassess(4);
        TestWorlds.run(world, 1, 0.1f); // batch 3
        system.tiers[0] = 2; // was due in batch 4: keeps it, then tier 2's next phase (2): batch 6
        system.reassess(0);
        TestWorlds.run(world, 5, 0.1f); // batches 4 to 8
        assertEquals(List.of(
                List.of(0, 1, 3, 4),
                List.of(0, 1, 2, 4),
                List.of(1, 3, 4, 5),
                List.of(0, 1, 2, 4),
                List.of(1, 3, 4),
                List.of(1, 2, 4)), system.batches.subList(3, 9)); // 5 (tier 2, phase 1) is due in batch 9
        assertEquals(0, system.tier(4));
        assertEquals(2, system.tier(0));
        assertEquals(List.of(2, 2, 2), List.of(system.stats().entitiesInTier(0), system.stats().entitiesInTier(1),
                system.stats().entitiesInTier(2)));
    }

    @Test
    void decisionsPerSecondOfASlowTierCountEveryBatchOfItsPeriodNotJustTheLastThatHeldIt() {
        // one entity in tier 2 of (1, 4, 16), batchEvery(0.1): a job every 16 batches of 0.1 s, 0.625 a second
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.batchEvery(0.1)) {
            @Override
            protected int tierOf(int entityId) {
                return 2;
            }
        };
        system.setTiers(Tiers.decideEvery(1, 4, 16));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 1);
        TestWorlds.run(world, 600, 1 / 60f);
        assertEquals(0.625, system.stats().decisionsPerSecond(2), 0.625 * 0.05);
        assertEquals(0.625, system.stats().decisionsPerSecond(), 0.625 * 0.05);
        assertEquals(0, system.stats().decisionsPerSecond(0));
    }

    @Test
    void withOneTierTheTiersDecisionsPerSecondAreAllTheDecisions() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.batchEvery(0.1));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 30);
        TestWorlds.run(world, 60, 1 / 60f);
        assertEquals(300, system.stats().decisionsPerSecond(), 300 * 0.05);
        assertEquals(system.stats().decisionsPerSecond(), system.stats().decisionsPerSecond(0));
    }

    @Test
    void decisionsPerSecondCountTheJobsRunNotTheSlotsOfEntitiesThatLeftBeforeTheirJob() {
        StampSystem untiered = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2));
        StampSystem tiered = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2));
        tiered.setTiers(Tiers.decideEvery(1, 2)); // every entity stays in tier 0: the same batches
        World a = TestWorlds.of(untiered);
        World b = TestWorlds.of(tiered);
        int[] inA = TestWorlds.deciders(a, 10);
        int[] inB = TestWorlds.deciders(b, 10);
        TestWorlds.run(a, 1, 0.1f);
        TestWorlds.run(b, 1, 0.1f);
        for (int i = 5; i < 10; i++) { // half the batch leaves before its jobs
            a.delete(inA[i]);
            b.delete(inB[i]);
        }
        TestWorlds.run(a, 3, 0.1f);
        TestWorlds.run(b, 3, 0.1f);
        assertEquals(5, tiered.stats().jobsRunTotal() - tiered.stats().jobsRunLastTick(), "the first batch's jobs");
        assertEquals(untiered.stats().jobsRunTotal(), tiered.stats().jobsRunTotal());
        assertEquals(5 / 0.3, untiered.stats().decisionsPerSecond(), 1e-6, "5 jobs in the batch's 0.3 s");
        assertEquals(untiered.stats().decisionsPerSecond(), tiered.stats().decisionsPerSecond(0), 1e-6);
        assertEquals(untiered.stats().decisionsPerSecond(), tiered.stats().decisionsPerSecond(), 1e-6);
    }

    @Test
    void decisionsPerSecondCountNoSlotWhoseInputFailed() {
        StampSystem untiered = failingInputFrom(5);
        StampSystem tiered = failingInputFrom(5);
        tiered.setTiers(Tiers.decideEvery(1, 2)); // every entity stays in tier 0: the same batches
        World a = TestWorlds.of(untiered);
        World b = TestWorlds.of(tiered);
        TestWorlds.deciders(a, 10);
        TestWorlds.deciders(b, 10);
        for (int tick = 0; tick < 20; tick++) {
            processIgnoringJobFailures(a);
            processIgnoringJobFailures(b);
        }
        assertEquals(untiered.stats().jobsRunTotal(), tiered.stats().jobsRunTotal());
        // inputs that fail spend no budget: the batch's 5 jobs run in 3 ticks
        assertEquals(5 / 0.3, untiered.stats().decisionsPerSecond(), 1e-6, "5 jobs in the batch's 0.3 s");
        assertEquals(untiered.stats().decisionsPerSecond(), tiered.stats().decisionsPerSecond(0), 1e-6);
    }

    /** Two jobs a tick; the input of every entity from {@code id} on fails. */
    private static StampSystem failingInputFrom(int id) {
        return new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2)) {
            @Override
            protected void setUpInput(int entityId, Stamp input) {
                if (entityId >= id) {
                    throw new IllegalStateException("no input for " + entityId);
                }
                super.setUpInput(entityId, input);
            }
        };
    }

    private static void processIgnoringJobFailures(World world) {
        world.setDelta(0.1f);
        try {
            world.process();
        } catch (JobFailedException expected) {
            // the inputs that failed, reported at the tick's end
        }
    }

    @Test
    void aTiersDecisionsPerSecondCountItsOwnJobsThoughAnEntityMovedTierAndLeftBeforeItsJob() {
        int[] tiers = {0, 1, 0}; // A = 0 and X = 2 in tier 0, B = 1 in tier 1
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(1), Threading.WORLD_THREAD);
        system.tierFunction = id -> tiers[id];
        system.setTiers(Tiers.decideEvery(1, 2).reassessEvery(1000));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 2, 1f); // the batch {A, B, X}: A's and B's jobs ran
        tiers[2] = 1;
        system.reassess(2); // X moves to tier 1 before its job
        world.delete(2); // and leaves before it: the batch ends, having lasted 2 s
        TestWorlds.run(world, 1, 1f);
        assertEquals(2, system.stats().batchesStarted());
        assertEquals(0.5, system.stats().decisionsPerSecond(0), 1e-9, "A's job in 2 s");
        assertEquals(0.5, system.stats().decisionsPerSecond(1), 1e-9, "B's job in 2 s");
        assertEquals(1.0, system.stats().decisionsPerSecond(), 1e-9);
    }

    @Test
    void decisionsPerSecondCountNoSlotWhoseInputFailedAfterItsEntityMovedTier() {
        int[] tiers = {0, 0};
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(1), Threading.WORLD_THREAD) {
            @Override
            protected void setUpInput(int entityId, Stamp input) {
                if (entityId == 1) {
                    throw new IllegalStateException("no input for 1");
                }
                super.setUpInput(entityId, input);
            }
        };
        system.tierFunction = id -> tiers[id];
        system.setTiers(Tiers.decideEvery(1, 2).reassessEvery(1000));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 1, 1f); // the batch {0, 1}: 0's job ran
        tiers[1] = 1;
        system.reassess(1); // 1 moves to tier 1 before its job
        assertThrows(JobFailedException.class, () -> TestWorlds.run(world, 1, 1f)); // 1's input fails: no job
        TestWorlds.run(world, 1, 1f); // the next batch starts
        assertEquals(2, system.stats().batchesStarted());
        assertEquals(0.5, system.stats().decisionsPerSecond(), 1e-9, "one job in the batch's 2 s");
    }
}
