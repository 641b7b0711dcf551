package io.github.ecstimeslice;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Entities are created, deleted (ids get recycled) and made to leave and rejoin while alive, as in
 * {@link EntityChurnTest}, by systems before and after a timesliced one with tiers. The log of what
 * the system did is checked against the churn rules, which hold within every batch as without
 * tiers, and against the tiers' schedule, from the contract alone:
 * <ul>
 * <li>an entity that joins gets its first job in the first batch that starts after it joined;</li>
 * <li>with a tier that never changes (period p): its second job within p batches of its first, then
 *     exactly every p batches;</li>
 * <li>with a tier that changes at every assessment: never more than the longest period + 1
 *     batches between jobs;</li>
 * <li>{@code tier(e)} is -1 for every id not subscribed, in range for every subscribed one, and
 *     {@code entitiesInTier} counts the subscription.</li>
 * </ul>
 * Membership is tracked per entity (by its serial) in batches: the number of batches started
 * when it joined and when it left.
 */
class TieredChurnTest {

    private static final int TICKS = 300;
    private static final float DELTA = 1 / 60f;

    /** How the run's tierOf answers. */
    enum TierMode {
        /** One tier per entity for its whole life, drawn from its serial. */
        FIXED,
        /** A random tier at every call. */
        BOUNCING
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void randomChurnWithAFixedTierPerEntityKeepsEveryChurnRuleAndEachTiersPeriod(IoPolicy policy, Threading threading) {
        long seed = 1;
        for (int jobsPerTick : new int[]{1, 4, 1000}) {
            new Run(policy, threading, Budget.jobsPerTick(jobsPerTick), Tiers.decideEvery(1, 3, 8),
                    TierMode.FIXED, seed++).check();
        }
        new Run(policy, threading, Budget.batchEvery(0.05), Tiers.decideEvery(1, 2, 2, 5).reassessEvery(0.1),
                TierMode.FIXED, 3).check();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void randomChurnWithTiersThatChangeAtEveryAssessmentKeepsEveryChurnRuleAndTheCap(IoPolicy policy,
                                                                                   Threading threading) {
        long seed = 1;
        for (int jobsPerTick : new int[]{1, 1000}) {
            new Run(policy, threading, Budget.jobsPerTick(jobsPerTick),
                    Tiers.decideEvery(1, 3, 5, 12).reassessEvery(0.05), TierMode.BOUNCING, seed++).check();
        }
    }

    /** Item 1 of the brief: one tier set explicitly is no tier: the churn rules as without, tierOf never asked. */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void randomChurnWithOneTierSetExplicitlyKeepsEveryChurnRuleAndNeverAsksATier(IoPolicy policy, Threading threading) {
        long seed = 1;
        for (int jobsPerTick : new int[]{1, 5, 1000}) {
            Run run = new Run(policy, threading, Budget.jobsPerTick(jobsPerTick),
                    Tiers.decideEvery(1).reassessEvery(0.001), TierMode.FIXED, seed++);
            run.check();
            assertEquals(0, run.tierOfCalls, run.label + ": tierOf is never called with one tier");
        }
    }

    /** A churn run with tiers: the tiers' checks on top of the churn rules. */
    static final class Run extends ChurnRun {
        private final Tiers tiers;
        private final TierMode mode;
        private final long seed;
        private final Random tierRandom;
        int tierOfCalls;
        private int highestId;
        /** Per serial: its memberships as {batches started when it joined, when it left (MAX_VALUE: never)}. */
        private final Map<Long, List<long[]>> memberships = new HashMap<>();

        Run(IoPolicy policy, Threading threading, Budget budget, Tiers tiers, TierMode mode, long seed) {
            super(policy + ", " + threading + ", " + budget + ", " + tiers + ", " + mode + ", seed " + seed,
                    policy, threading, budget, tiers, seed, TICKS, DELTA);
            this.tiers = tiers;
            this.mode = mode;
            this.seed = seed;
            this.tierRandom = new Random(seed * 31 + 7);
        }

        /** The tier an entity of this serial has for its whole life, in FIXED mode. */
        private int fixedTier(long serial) {
            long mixed = (serial * 0x9E3779B97F4A7C15L) ^ (seed * 0xC2B2AE3D27D4EB4FL);
            return (int) Math.floorMod(mixed >>> 17, (long) tiers.count());
        }

        @Override
        int tierOf(int entityId) {
            tierOfCalls++;
            return mode == TierMode.FIXED ? fixedTier(serialOf(entityId)) : tierRandom.nextInt(tiers.count());
        }

        @Override
        int minimumJobs() {
            return TICKS / 4;
        }

        @Override
        void afterTick() {
            checkTiers();
        }

        @Override
        void afterRun(long lastStarted) {
            checkSchedule(lastStarted);
        }

        @Override
        void joined(int entityId) {
            highestId = Math.max(highestId, entityId);
            memberships.computeIfAbsent(serialOf(entityId), s -> new ArrayList<>())
                    .add(new long[]{system.stats().batchesStarted(), Long.MAX_VALUE});
        }

        @Override
        void left(long serial) {
            List<long[]> of = memberships.get(serial);
            if (of != null && of.get(of.size() - 1)[1] == Long.MAX_VALUE) {
                of.get(of.size() - 1)[1] = system.stats().batchesStarted();
            }
        }

        /** tier(e) is -1 for ids not subscribed, the entity's tier for the others; the counts add up. */
        private void checkTiers() {
            int[] counted = new int[tiers.count()];
            for (int id = 0; id <= highestId + 2; id++) {
                int tier = system.tier(id);
                if (!subscribed(id)) {
                    assertEquals(-1, tier, label + ": id " + id + " is not subscribed, yet has tier " + tier);
                    continue;
                }
                assertTrue(tier >= 0 && tier < tiers.count(), label + ": entity " + id + " has tier " + tier);
                if (mode == TierMode.FIXED && tiers.count() > 1) {
                    assertEquals(fixedTier(serialOf(id)), tier, label + ": entity " + id + "'s tier");
                }
                counted[tier]++;
            }
            int sum = 0;
            for (int tier = 0; tier < tiers.count(); tier++) {
                assertEquals(counted[tier], system.stats().entitiesInTier(tier), label + ": entities in tier " + tier);
                sum += system.stats().entitiesInTier(tier);
            }
            assertEquals(subscription.getEntities().size(), sum, label + ": the tiers hold the subscription");
        }

        /**
         * Each membership's jobs, by the contract alone: the first in the first batch after it joined,
         * then on its tier's period (FIXED) or within the cap (BOUNCING). A batch counts as stayed
         * through if the entity was still subscribed when the next one started.
         */
        private void checkSchedule(long lastStarted) {
            Map<Long, List<Long>> bySerial = new HashMap<>();
            for (long[] job : jobs) {
                bySerial.computeIfAbsent(job[0], s -> new ArrayList<>()).add(job[1]);
            }
            int cap = tiers.longestBatchPeriod() + 1;
            for (Map.Entry<Long, List<long[]>> entry : memberships.entrySet()) {
                long serial = entry.getKey();
                List<Long> all = bySerial.getOrDefault(serial, List.of());
                int period = tiers.batchPeriod(fixedTier(serial));
                for (long[] membership : entry.getValue()) {
                    long joined = membership[0];
                    long left = membership[1];
                    List<Long> own = all.stream().filter(b -> b > joined && b <= left).sorted().toList();
                    String who = label + ": serial " + serial + " (joined at " + joined + ", left at "
                            + (left == Long.MAX_VALUE ? "-" : left) + ", last batch " + lastStarted + ") had jobs in " + own;
                    for (int i = 1; i < own.size(); i++) {
                        assertTrue(own.get(i) > own.get(i - 1), who + ": two jobs in one batch");
                    }
                    long first = joined + 1;
                    if (!own.isEmpty()) {
                        assertEquals(first, (long) own.get(0), who + ": its first job is in the first batch after it joined");
                    } else {
                        assertTrue(!stayedThrough(first, left, lastStarted), who + ": no job in batch " + first);
                        continue;
                    }
                    long last = own.get(own.size() - 1);
                    if (mode == TierMode.FIXED) {
                        if (own.size() > 1) {
                            long gap = own.get(1) - own.get(0);
                            assertTrue(gap >= 1 && gap <= period, who + ": its second job within " + period
                                    + " batches of its first");
                        }
                        for (int i = 2; i < own.size(); i++) {
                            assertEquals(period, own.get(i) - own.get(i - 1), who + ": one job every " + period + " batches");
                        }
                        long nextAtLatest = last + period;
                        assertTrue(!stayedThrough(nextAtLatest, left, lastStarted),
                                who + ": no job in batch " + nextAtLatest + " although it stayed");
                    } else {
                        for (int i = 1; i < own.size(); i++) {
                            assertTrue(own.get(i) - own.get(i - 1) <= cap, who + ": more than " + cap
                                    + " batches between two jobs");
                        }
                        assertTrue(!stayedThrough(last + cap, left, lastStarted),
                                who + ": more than " + cap + " batches without a job since " + last);
                    }
                    for (long b : all) {
                        boolean inSome = entry.getValue().stream().anyMatch(m -> b > m[0] && b <= m[1]);
                        assertTrue(inSome, label + ": serial " + serial + " had a job in batch " + b
                                + " while it was not subscribed");
                    }
                }
            }
        }

        /** True if the entity, subscribed until {@code left} (batches started then), was still subscribed when batch {@code batch} ended. */
        private static boolean stayedThrough(long batch, long left, long lastStarted) {
            return batch < lastStarted && left > batch;
        }

    }
}
