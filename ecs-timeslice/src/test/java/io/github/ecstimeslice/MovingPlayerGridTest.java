package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A player walks across a 40 × 40 grid of NPCs, a step every tick; an NPC's tier is its distance to
 * the player (near: tier 0, every batch; middle: tier 1, every 4; far: tier 2, every 16), asked by
 * the sweep every half second; {@code batchEvery(0.1)} at 60 ticks a second, for five seconds.
 * From the contract:
 * <ul>
 * <li>no NPC waits more than 16 + 1 batches between jobs, nor more than that many batch times plus
 *     the reassess period in game seconds;</li>
 * <li>an NPC near for a whole window (the reassess period before a job, through the two batches
 *     after it) has its next job within 2 batches;</li>
 * <li>the schedule's near NPCs get at least 8 times the decisions per second of its far ones;</li>
 * <li>{@code tier(e)} lags the NPC's true tier by at most the reassess period, counted in whole
 *     ticks: an NPC whose true tier has been the same for 30 ticks (the ticks with the new truth,
 *     the one it changed in included) is in it. No tolerance is needed: the sweep rounds its share
 *     of a tick up;</li>
 * <li>the per-tier counts and ages add up.</li>
 * </ul>
 */
class MovingPlayerGridTest {

    private static final int SIDE = 40;
    private static final int NPCS = SIDE * SIDE;
    private static final int HZ = 60;
    private static final float DELTA = 1f / HZ;
    private static final int TICKS = 5 * HZ;
    private static final double BATCH_SECONDS = 0.1;
    private static final double REASSESS_SECONDS = 0.5;
    private static final int REASSESS_TICKS = (int) Math.round(REASSESS_SECONDS * HZ);
    private static final Tiers TIERS = Tiers.decideEvery(1, 4, 16).reassessEvery(REASSESS_SECONDS);
    private static final int CAP = TIERS.longestBatchPeriod() + 1;
    private static final double NEAR = 7, MIDDLE = 14;

    /** The player at tick {@code t}: from beyond one edge to beyond the other, about 8.6 grid cells a second. */
    private static double playerX(int t) {
        return -2 + 44.0 * t / TICKS;
    }

    private static double playerY(int t) {
        return 6 + 28.0 * t / TICKS;
    }

    private static int trueTier(int x, int y, int t) {
        double distance = Math.hypot(x - playerX(t), y - playerY(t));
        return distance < NEAR ? 0 : distance < MIDDLE ? 1 : 2;
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void npcsAroundAMovingPlayerAreDecidedByTheirDistanceWithinTheCaps(IoPolicy policy, Threading threading) {
        TierProbe system = new TierProbe(policy, Budget.batchEvery(BATCH_SECONDS), threading);
        system.setTiers(TIERS);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, NPCS);
        int highest = ids[NPCS - 1];
        int[] xOf = new int[highest + 1];
        int[] yOf = new int[highest + 1];
        int[] npcOf = new int[highest + 1];
        for (int i = 0; i < NPCS; i++) {
            xOf[ids[i]] = i / SIDE;
            yOf[ids[i]] = i % SIDE;
            npcOf[ids[i]] = i;
        }
        int[] now = {0};
        system.tierFunction = id -> trueTier(xOf[id], yOf[id], now[0]);
        String label = policy + ", " + threading;

        byte[][] truth = new byte[TICKS][NPCS];
        int[] sameTruthFor = new int[NPCS];
        List<byte[]> tierAtBatchStart = new ArrayList<>();
        long[] npcTicksInTier = new long[3];
        DecisionAges ages = new DecisionAges();
        for (int t = 0; t < TICKS; t++) {
            now[0] = t; // the player steps, then the tick runs
            system.tick(world, DELTA);
            byte[] tiers = new byte[NPCS];
            for (int i = 0; i < NPCS; i++) {
                int id = ids[i];
                truth[t][i] = (byte) trueTier(xOf[id], yOf[id], t);
                sameTruthFor[i] = t > 0 && truth[t][i] == truth[t - 1][i] ? sameTruthFor[i] + 1 : 1;
                tiers[i] = (byte) system.tier(id);
                if (system.stats().batchesStarted() > 1) { // the first batch holds every NPC, whatever its tier
                    npcTicksInTier[tiers[i]]++;
                }
                if (tiers[i] != truth[t][i]) {
                    assertTrue(sameTruthFor[i] < REASSESS_TICKS, label + ": after tick " + t + " NPC " + id
                            + " is in tier " + tiers[i] + ", its true tier for " + sameTruthFor[i]
                            + " ticks is " + truth[t][i] + "; the reassess period is " + REASSESS_TICKS + " ticks");
                }
            }
            if (system.batchStartTicks.size() > tierAtBatchStart.size()) {
                tierAtBatchStart.add(tiers);
            }
            int counted = 0;
            for (int tier = 0; tier < 3; tier++) {
                system.stats().measureAges(tier, ages);
                assertEquals(system.stats().entitiesInTier(tier), ages.entities(), label + ": ages count tier " + tier);
                counted += ages.entities();
                if (t > 2 * HZ) {
                    assertTrue(ages.maxSeconds() <= CAP * BATCH_SECONDS + REASSESS_SECONDS + 1e-6, label
                            + ": tier " + tier + "'s oldest decision is " + ages.maxSeconds() + " s old");
                }
            }
            assertEquals(NPCS, counted, label + ": the tiers hold every NPC");
        }
        long lastStarted = system.stats().batchesStarted();
        double endSeconds = system.stats().gameSeconds();
        world.dispose();

        // waits in batches, and near NPCs within 2 batches
        Map<Integer, List<Long>> jobs = system.jobsByEntity();
        int nearWindows = 0;
        long[] jobsInTier = new long[3];
        for (int id : ids) {
            int i = npcOf[id];
            List<Long> own = jobs.get(id);
            assertTrue(own != null && own.get(0) == 1, label + ": NPC " + id + "'s first job is in the first batch");
            for (int j = 0; j < own.size(); j++) {
                long batch = own.get(j);
                if (j > 0) {
                    assertTrue(own.get(j) > own.get(j - 1), label + ": NPC " + id + " ran twice in batch " + batch);
                    assertTrue(batch - own.get(j - 1) <= CAP, label + ": NPC " + id + " waited "
                            + (batch - own.get(j - 1)) + " batches, from " + own.get(j - 1) + " to " + batch);
                }
                if (batch > 1) {
                    jobsInTier[tierAtBatchStart.get((int) batch - 1)[i]]++;
                }
                if (batch + 2 < lastStarted && nearThroughout(truth, i,
                        system.batchStartTicks.get((int) batch - 1) - REASSESS_TICKS - 1,
                        system.batchStartTicks.get((int) batch + 1))) {
                    nearWindows++;
                    long next = j + 1 < own.size() ? own.get(j + 1) : Long.MAX_VALUE;
                    assertTrue(next - batch <= 2, label + ": NPC " + id + " was near from the reassess period before"
                            + " its job in batch " + batch + " through batch " + (batch + 2) + ", yet its next job is in "
                            + (next == Long.MAX_VALUE ? "none" : next));
                }
            }
            long last = own.get(own.size() - 1);
            assertTrue(lastStarted - 1 - last <= CAP, label + ": NPC " + id + " had no job since batch " + last
                    + " of " + lastStarted);
        }
        assertTrue(nearWindows > 500, label + ": the player's walk made windows to check (" + nearWindows + ")");

        // waits in game seconds
        double secondsCap = CAP * BATCH_SECONDS + REASSESS_SECONDS + 1e-6;
        Map<Integer, List<Double>> saves = system.saveSecondsByEntity();
        for (int id : ids) {
            List<Double> own = saves.get(id);
            for (int j = 1; j < own.size(); j++) {
                double wait = own.get(j) - own.get(j - 1);
                assertTrue(wait <= secondsCap, label + ": NPC " + id + " waited " + wait + " s between decisions");
            }
            assertTrue(endSeconds - own.get(own.size() - 1) <= secondsCap, label + ": NPC " + id
                    + " had no decision since " + own.get(own.size() - 1) + " s of " + endSeconds);
        }

        // decisions per second, per NPC, by the schedule's tier
        double nearRate = jobsInTier[0] / (npcTicksInTier[0] * (double) DELTA);
        double farRate = jobsInTier[2] / (npcTicksInTier[2] * (double) DELTA);
        assertTrue(npcTicksInTier[0] > 10L * HZ && npcTicksInTier[2] > 100L * HZ, label + ": both near and far NPCs");
        assertTrue(nearRate >= 8 * farRate, label + ": near NPCs decide " + nearRate + " times a second, far ones "
                + farRate);
        assertTrue(nearRate >= 0.8 / BATCH_SECONDS, label + ": near NPCs decide in about every batch: " + nearRate);
        // NPCs that just moved away keep the batch they were due in: a few jobs more than one every 16 batches
        assertTrue(farRate <= 1.5 / (16 * BATCH_SECONDS), label + ": far NPCs about every 16 batches: " + farRate);
    }

    /** True if NPC {@code i}'s true tier was 0 in every tick of [from, to] (ticks before 0 not counted). */
    private static boolean nearThroughout(byte[][] truth, int i, int from, int to) {
        for (int t = Math.max(0, from); t <= to && t < truth.length; t++) {
            if (truth[t][i] != 0) {
                return false;
            }
        }
        return from >= 0;
    }
}
