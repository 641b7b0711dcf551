package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batches stay about the same size: a tier's entities spread over its phases, whether they joined
 * all at once, arrived one or a few per batch, or moved into the tier together or a few a tick.
 * Expected sizes are the tier's entities over its period, within one entity.
 */
class TierBalanceTest {

    private static final float DELTA = 1 / 60f;

    /** A probe whose batches each take one tick. */
    private static TierProbe probe(Tiers tiers) {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(1_000_000), Threading.WORLD_THREAD);
        system.setTiers(tiers);
        return system;
    }

    private static void assertSizes(List<Integer> sizes, int from, int to, double expected, String what) {
        for (int b = from; b <= to; b++) {
            int size = sizes.get(b - 1);
            assertTrue(Math.abs(size - expected) <= 1, what + ": batch " + b + " holds " + size + ", expected "
                    + expected + " within 1; sizes " + sizes);
        }
    }

    @Test
    void entitiesJoinedAtOnceInASlowTierSpreadOverItsPhasesAfterTheirFirstJob() {
        TierProbe system = probe(Tiers.decideEvery(1, 8));
        system.tierFunction = id -> 1;
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 1000);
        system.ticks(world, 40, DELTA);
        assertEquals(1000, system.batchSizes.get(0), "the first batch holds every entity that joined");
        assertSizes(system.batchSizes, 2, 40, 125, "1000 entities over 8 phases");
        world.dispose();
    }

    @Test
    void eachTierSpreadsOnItsOwnWhenTiersAreMixed() {
        TierProbe system = probe(Tiers.decideEvery(1, 4, 16));
        system.tierFunction = id -> id % 143 == 0 ? 0 : id % 11 == 0 ? 1 : 2;
        World world = TestWorlds.of(system);
        int[] perTier = new int[3];
        for (int id : TestWorlds.deciders(world, 1001)) {
            perTier[system.tierFunction.applyAsInt(id)]++;
        }
        system.ticks(world, 50, DELTA);
        assertEquals(List.of(perTier[0], perTier[1], perTier[2]), List.of(system.entitiesInTier(0),
                system.entitiesInTier(1), system.entitiesInTier(2)));
        assertEquals(1001, system.batchSizes.get(0));
        assertSizes(system.batchSizes, 2, 50, perTier[0] + perTier[1] / 4.0 + perTier[2] / 16.0,
                "each tier over its phases: " + perTier[0] + " + " + perTier[1] + "/4 + " + perTier[2] + "/16");
        world.dispose();
    }

    @Test
    void entitiesArrivingOnePerBatchSpreadOverThePhases() {
        int period = 5;
        int arrivals = 100;
        TierProbe system = probe(Tiers.decideEvery(1, period));
        system.tierFunction = id -> 1;
        World world = TestWorlds.of(system);
        for (int t = 0; t < arrivals; t++) {
            TestWorlds.deciders(world, 1); // joins at the start of the tick: its first job in that tick's batch
            system.tick(world, DELTA);
        }
        system.ticks(world, 20, DELTA);
        for (int b = 2; b <= arrivals; b++) {
            // batch b: its newcomer's first job, and the b - 1 entities before it over the phases
            double expected = 1 + (b - 1) / (double) period;
            int size = system.batchSizes.get(b - 1);
            assertTrue(Math.abs(size - expected) <= 1, "batch " + b + " holds " + size + ", expected " + expected
                    + "; sizes " + system.batchSizes);
        }
        assertSizes(system.batchSizes, arrivals + 2, arrivals + 20, arrivals / (double) period, "after the arrivals");
        world.dispose();
    }

    @Test
    void entitiesArrivingAFewPerBatchSpreadOverThePhases() {
        int period = 4;
        TierProbe system = probe(Tiers.decideEvery(1, 2, period));
        system.tierFunction = id -> 2;
        World world = TestWorlds.of(system);
        for (int t = 0; t < 60; t++) {
            TestWorlds.deciders(world, 3);
            system.tick(world, DELTA);
        }
        system.ticks(world, 12, DELTA);
        for (int b = 2; b <= 60; b++) {
            double expected = 3 + 3 * (b - 1) / (double) period;
            int size = system.batchSizes.get(b - 1);
            assertTrue(Math.abs(size - expected) <= 1, "batch " + b + " holds " + size + ", expected " + expected
                    + "; sizes " + system.batchSizes);
        }
        assertSizes(system.batchSizes, 62, 72, 180 / (double) period, "after the arrivals");
        world.dispose();
    }

    @Test
    void entitiesMovedTogetherIntoASlowTierSpreadOverItsPhases() {
        TierProbe system = probe(Tiers.decideEvery(1, 8));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 800);
        system.ticks(world, 10, DELTA);
        assertSizes(system.batchSizes, 1, 10, 800, "all in tier 0");
        system.tierFunction = id -> 1;
        for (int id : ids) {
            system.reassess(id);
        }
        assertEquals(800, system.entitiesInTier(1));
        system.ticks(world, 40, DELTA);
        // each one's next job within 8 batches of its last (batch 10), then one every 8: 100 a batch
        assertSizes(system.batchSizes, 11 + 8, 50, 100, "800 moved into 8 phases");
        int firstEight = system.batchSizes.subList(10, 18).stream().mapToInt(Integer::intValue).sum();
        assertTrue(firstEight >= 800, "every one had a job within the 8 batches after the move: " + system.batchSizes);
        world.dispose();
    }

    @Test
    void entitiesMovedByTheSweepAFewATickSpreadOverThePhases() {
        TierProbe system = probe(Tiers.decideEvery(1, 8)); // asked again every half second: 30 ticks
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 800);
        system.ticks(world, 10, DELTA);
        system.tierFunction = id -> 1;
        system.ticks(world, 31 + 8 + 20, DELTA);
        assertEquals(800, system.entitiesInTier(1), "the sweep asked every one within the reassess period");
        assertSizes(system.batchSizes, 10 + 31 + 8 + 1, 10 + 31 + 8 + 20, 100, "800 moved into 8 phases by the sweep");
        world.dispose();
    }
}
