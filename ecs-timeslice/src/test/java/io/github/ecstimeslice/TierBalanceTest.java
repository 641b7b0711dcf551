package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batches stay about the same size: a tier's entities spread over its phases, whether they joined
 * all at once, arrived one or a few per batch, or moved into the tier together or a few a tick.
 * Expected sizes are the tier's entities over its period, within one entity; in a tier large
 * enough to share phases by blocks of ids, within a block.
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
        assertSizes(sizes, from, to, expected, 1, what);
    }

    private static void assertSizes(List<Integer> sizes, int from, int to, double expected, int within, String what) {
        for (int b = from; b <= to; b++) {
            int size = sizes.get(b - 1);
            assertTrue(Math.abs(size - expected) <= within, what + ": batch " + b + " holds " + size + ", expected "
                    + expected + " within " + within + "; sizes " + sizes);
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
        assertEquals(List.of(perTier[0], perTier[1], perTier[2]), List.of(system.stats().entitiesInTier(0),
                system.stats().entitiesInTier(1), system.stats().entitiesInTier(2)));
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
        assertEquals(800, system.stats().entitiesInTier(1));
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
        assertEquals(800, system.stats().entitiesInTier(1), "the sweep asked every one within the reassess period");
        assertSizes(system.batchSizes, 10 + 31 + 8 + 1, 10 + 31 + 8 + 20, 100, "800 moved into 8 phases by the sweep");
        world.dispose();
    }

    /** The ids each batch held, by batch number - 1, for batches 1 to {@code batches}. */
    private static List<TreeSet<Integer>> batchIds(TierProbe system, int batches) {
        List<TreeSet<Integer>> ids = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            ids.add(new TreeSet<>());
        }
        for (long[] job : system.jobs) {
            if (job[1] <= batches) {
                ids.get((int) job[1] - 1).add((int) job[0]);
            }
        }
        return ids;
    }

    @Test
    void aLargeSlowTiersBatchesHoldItsEntitiesInWholeBlocksOf512NeighbouringIds() {
        TierProbe system = probe(Tiers.decideEvery(1, 16));
        system.tierFunction = id -> 1;
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 80_000); // 8 blocks a phase or more: phases by block
        system.ticks(world, 1 + 32, DELTA);
        List<TreeSet<Integer>> batches = batchIds(system, 33);
        for (int b = 2; b <= 33; b++) {
            TreeSet<Integer> batch = batches.get(b - 1);
            for (int id : ids) {
                int blockStart = id & ~511;
                boolean sameAsBlockStart = batch.contains(id) == batch.contains(Math.max(blockStart, ids[0]));
                assertTrue(sameAsBlockStart, "batch " + b + " holds " + id + " but not its block's first id, or"
                        + " the other way round");
            }
        }
        // 157 blocks (the last partial) over 16 phases: 9 or 10 blocks a phase, the same phase every 16 batches
        assertSizes(system.batchSizes, 2, 33, 80_000 / 16.0, 512, "80,000 in blocks of 512 over 16 phases");
        for (int b = 2; b <= 17; b++) {
            assertEquals(batches.get(b - 1), batches.get(b + 16 - 1), "batch " + b + " and 16 later");
        }
        world.dispose();
    }

    @Test
    void aNewBlockTakesThePhaseWithTheFewestEntitiesSoNoIdPatternPilesATierIntoOnePhase() {
        // tier 1: every id of every 4th block of 512, one id of each other block; round robin by
        // block would give phase 0 all the full blocks
        int blocks = 160;
        TierProbe system = probe(Tiers.decideEvery(1, 4));
        system.tierFunction = id -> (id >> 9) % 4 == 0 || (id & 511) == 0 ? 1 : 0;
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, blocks * 512);
        assertEquals(0, ids[0], "the test's blocks start at id 0");
        int inTier1 = blocks / 4 * 512 + blocks * 3 / 4;
        int inTier0 = ids.length - inTier1;
        system.ticks(world, 1 + 12, DELTA);
        assertEquals(inTier1, system.stats().entitiesInTier(1));
        // 40 full blocks over 4 phases, 10 each; the 120 single ids 30 each, within a block
        assertSizes(system.batchSizes, 2, 13, inTier0 + inTier1 / 4.0, 512, "tier 0 and tier 1 over 4 phases");
        world.dispose();
    }
}
