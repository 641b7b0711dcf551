package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Entities that keep changing tier (the sweep asks every one every tick, and the test reassesses
 * every one between ticks too; tiers that switch every tick or every few, in turn or at random,
 * between the slowest and a middle or the fastest tier, or right after each save) never go more
 * than the longest period + 1 batches without a job, whatever the periods (some that do not divide
 * each other, equal ones, sixteen tiers), the budget, the policy and the threading.
 */
class TierBouncingTest {

    private static final float DELTA = 1 / 60f;
    private static final int ENTITIES = 24;
    private static final int TICKS = 240;

    /** How an entity's tier changes. */
    enum Pattern {
        /** Through every tier in turn, one step every {@code switchTicks}, each entity from its own start. */
        CYCLE,
        /** The slowest tier, then a middle one, switching every {@code switchTicks}, each entity from its own start. */
        SLOWEST_AND_MIDDLE,
        /** The slowest tier, then the fastest, switching every {@code switchTicks}, each entity from its own start. */
        SLOWEST_AND_FASTEST,
        /** Any tier, at random, at every call. */
        RANDOM,
        /** The slowest tier, then the fastest, at every call, with a reassess of the entity right after each of its saves too. */
        MOVED_RIGHT_AFTER_EACH_SAVE
    }

    private static final Tiers[] TIER_SETS = {
            Tiers.decideEvery(1, 4, 16),
            Tiers.decideEvery(1, 3, 5),
            Tiers.decideEvery(1, 2, 3, 5, 7, 11, 13, 16),
            Tiers.decideEvery(1, 16, 16),
            Tiers.decideEvery(1, 1, 16),
            Tiers.decideEvery(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
            Tiers.decideEvery(1, 7)
    };

    /** A probe whose tierOf follows {@code pattern}, per entity; the sweep asks every entity at every tick. */
    private static TierProbe bouncing(IoPolicy policy, Threading threading, Budget budget, Tiers tiers,
                                      Pattern pattern, int switchTicks, long seed) {
        int count = tiers.count();
        int[] calls = new int[1024];
        Random random = new Random(seed);
        TierProbe system = new TierProbe(policy, budget, threading) {
            @Override
            void savedHook(int entityId) {
                if (pattern == Pattern.MOVED_RIGHT_AFTER_EACH_SAVE) {
                    reassess(entityId);
                }
            }
        };
        system.setTiers(tiers.reassessEvery(DELTA / 2.0));
        system.tierFunction = id -> {
            int call = calls[id]++;
            long step = system.stats().tick() / switchTicks + id;
            return switch (pattern) {
                case CYCLE -> (int) (step % count);
                case SLOWEST_AND_MIDDLE -> step % 2 == 0 ? count - 1 : count / 2;
                case SLOWEST_AND_FASTEST -> step % 2 == 0 ? count - 1 : 0;
                case RANDOM -> random.nextInt(count);
                case MOVED_RIGHT_AFTER_EACH_SAVE -> call % 2 == 0 ? count - 1 : 0;
            };
        };
        return system;
    }

    /** Runs the world with every entity reassessed between ticks; checks every entity's waits against the cap. */
    private static long runAndCheckTheCap(TierProbe system, World world, int[] ids, long firstBatch, String label) {
        for (int t = 0; t < TICKS; t++) {
            system.tick(world, DELTA);
            for (int id : ids) {
                system.reassess(id);
            }
            int sum = 0;
            for (int tier = 0; tier < system.tiers().count(); tier++) {
                sum += system.stats().entitiesInTier(tier);
            }
            assertEquals(ids.length, sum, label + ": the tiers hold every entity");
        }
        long lastStarted = system.stats().batchesStarted();
        world.dispose();
        int cap = system.tiers().longestBatchPeriod() + 1;
        long longest = 0;
        Map<Integer, List<Long>> jobs = system.jobsByEntity();
        for (int id : ids) {
            List<Long> own = jobs.get(id);
            assertTrue(own != null && own.get(0) == firstBatch, label + ": entity " + id
                    + "'s first job is in the first batch: " + own);
            for (int j = 1; j < own.size(); j++) {
                long wait = own.get(j) - own.get(j - 1);
                assertTrue(wait >= 1 && wait <= cap, label + ": entity " + id + " waited " + wait
                        + " batches, from " + own.get(j - 1) + " to " + own.get(j) + "; the cap is " + cap);
                longest = Math.max(longest, wait);
            }
            long last = own.get(own.size() - 1);
            assertTrue(lastStarted - 1 - last <= cap, label + ": entity " + id + " had no job since batch " + last
                    + " of " + lastStarted);
        }
        assertTrue(lastStarted - firstBatch > 3L * cap, label + ": the run spans several periods");
        return longest;
    }

    @Test
    void noPatternOfMovesBreaksTheCapForAnyPeriods() {
        for (Tiers tiers : TIER_SETS) {
            for (Pattern pattern : Pattern.values()) {
                boolean perCall = pattern == Pattern.RANDOM || pattern == Pattern.MOVED_RIGHT_AFTER_EACH_SAVE;
                for (int switchTicks : perCall ? new int[]{1} : new int[]{1, 3, 8, 20}) {
                    for (int jobsPerTick : perCall ? new int[]{1000, 13} : new int[]{1000}) {
                        String label = tiers + ", " + pattern + " every " + switchTicks + " ticks, " + jobsPerTick
                                + " jobs per tick";
                        TierProbe system = bouncing(IoPolicy.AIAO, Threading.WORLD_THREAD,
                                Budget.jobsPerTick(jobsPerTick), tiers, pattern, switchTicks, 1);
                        World world = TestWorlds.of(system);
                        int[] ids = TestWorlds.deciders(world, ENTITIES);
                        runAndCheckTheCap(system, world, ids, 1, label);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void bouncingEntitiesKeepTheCapUnderEveryPolicyAndThreading(IoPolicy policy, Threading threading) {
        Pattern[] patterns = {Pattern.RANDOM, Pattern.MOVED_RIGHT_AFTER_EACH_SAVE, Pattern.SLOWEST_AND_MIDDLE};
        Budget[] budgets = {Budget.jobsPerTick(5), Budget.batchEvery(0.05), Budget.jobsPerTick(3)};
        for (int i = 0; i < patterns.length; i++) {
            Tiers tiers = Tiers.decideEvery(1, 3, 5);
            String label = policy + ", " + threading + ", " + budgets[i] + ", " + patterns[i];
            TierProbe system = bouncing(policy, threading, budgets[i], tiers, patterns[i], 2, 2);
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, ENTITIES);
            runAndCheckTheCap(system, world, ids, 1, label);
        }
    }

    /** Sets the batches started so far, as if the system had run that long (batch indices wrap as ints). */
    private static void startAt(TimeslicedSystem<?, ?> system, long batchesStarted) {
        system.slicer.batch.batchesStarted = batchesStarted;
    }

    /** Past 2^31 batches (400 days at 60 a second) the schedule goes on: the cap, and each fixed tier's period. */
    @Test
    void theScheduleHoldsAcrossTheWrapOfTheBatchIndex() {
        long start = Integer.MAX_VALUE - 60L;
        TierProbe bouncing = bouncing(IoPolicy.AIAO, Threading.WORLD_THREAD, Budget.jobsPerTick(1000),
                Tiers.decideEvery(1, 4, 16), Pattern.RANDOM, 1, 3);
        World world = TestWorlds.of(bouncing);
        int[] ids = TestWorlds.deciders(world, ENTITIES);
        startAt(bouncing, start);
        runAndCheckTheCap(bouncing, world, ids, start + 1, "bouncing across the wrap");

        Tiers tiers = Tiers.decideEvery(1, 4, 16);
        TierProbe fixed = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(1000), Threading.WORLD_THREAD);
        fixed.setTiers(tiers);
        fixed.tierFunction = id -> id % 3;
        World fixedWorld = TestWorlds.of(fixed);
        int[] fixedIds = TestWorlds.deciders(fixedWorld, ENTITIES);
        startAt(fixed, start);
        fixed.ticks(fixedWorld, TICKS, DELTA);
        fixedWorld.dispose();
        Map<Integer, List<Long>> jobs = fixed.jobsByEntity();
        for (int id : fixedIds) {
            int period = tiers.batchPeriod(id % 3);
            List<Long> own = jobs.get(id);
            assertEquals(start + 1, (long) own.get(0), "entity " + id + "'s first job");
            assertTrue(own.get(1) - own.get(0) <= period, "entity " + id + "'s second job: " + own);
            for (int j = 2; j < own.size(); j++) {
                assertEquals(period, own.get(j) - own.get(j - 1), "entity " + id + " in tier " + id % 3
                        + " across the wrap: " + own);
            }
            assertTrue(own.get(own.size() - 1) > Integer.MAX_VALUE + 100L, "entity " + id + " ran past the wrap");
        }
    }
}
