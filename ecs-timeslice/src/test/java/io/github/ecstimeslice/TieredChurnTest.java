package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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

    /** One world, one random script, one event log. */
    static final class Run implements StampSystem.Observer, EntitySubscription.SubscriptionListener {
        private static final int TICK = 0, JOB = 1, SAVE = 2, REMOVED = 3;

        private final IoPolicy policy;
        private final boolean onWorldThread;
        final String label;
        private final Tiers tiers;
        private final TierMode mode;
        private final long seed;
        private final Random tierRandom;
        private final StampSystem system;
        private final World world;
        private final ComponentMapper<Serial> serials;
        private final EntitySubscription subscription;
        private final RandomChurn churn;
        private final IntBag alive;
        int tierOfCalls;
        private int highestId;

        /** Events as {kind, a, b}: TICK(tick), JOB(serial, batch), SAVE(serial), REMOVED(serial). */
        private final List<long[]> events = new ArrayList<>();
        /** Members (serials) of each batch, by batch number. */
        private final Map<Long, Set<Long>> members = new HashMap<>();
        /** The batch number that started in a tick, by tick. */
        private final Map<Long, Long> batchStartedIn = new HashMap<>();
        private Set<Long> snapshot;
        private long batchBefore;
        /** Every job as {serial, batch}, from any thread. */
        private final Queue<long[]> jobs = new ConcurrentLinkedQueue<>();
        /** Per serial: its memberships as {batches started when it joined, when it left (MAX_VALUE: never)}. */
        private final Map<Long, List<long[]>> memberships = new HashMap<>();

        Run(IoPolicy policy, Threading threading, Budget budget, Tiers tiers, TierMode mode, long seed) {
            this.policy = policy;
            this.onWorldThread = threading == Threading.WORLD_THREAD;
            this.tiers = tiers;
            this.mode = mode;
            this.seed = seed;
            this.tierRandom = new Random(seed * 31 + 7);
            this.label = policy + ", " + threading + ", " + budget + ", " + tiers + ", " + mode + ", seed " + seed;
            this.churn = new RandomChurn(seed);
            this.alive = churn.alive;
            Run run = this;
            this.system = new StampSystem(policy, budget) {
                @Override
                protected void begin() {
                    run.beforeDecisions();
                }

                @Override
                protected void end() {
                    run.afterDecisions();
                }

                @Override
                protected int tierOf(int entityId) {
                    return run.tierOf(entityId);
                }
            }.observedBy(this);
            system.setThreading(threading);
            system.setTiers(tiers);
            this.world = new World(new WorldConfigurationBuilder()
                    .with(new ChurnBefore(), system, new ChurnAfter())
                    .build());
            this.serials = world.getMapper(Serial.class);
            this.subscription = world.getAspectSubscriptionManager().get(Aspect.all(Decides.class));
            subscription.addSubscriptionListener(this);
            for (int i = 0; i < 20; i++) {
                churn.create(world);
            }
        }

        /** The tier an entity of this serial has for its whole life, in FIXED mode. */
        private int fixedTier(long serial) {
            long mixed = (serial * 0x9E3779B97F4A7C15L) ^ (seed * 0xC2B2AE3D27D4EB4FL);
            return (int) Math.floorMod(mixed >>> 17, (long) tiers.count());
        }

        int tierOf(int entityId) {
            tierOfCalls++;
            return mode == TierMode.FIXED ? fixedTier(serialOf(entityId)) : tierRandom.nextInt(tiers.count());
        }

        void check() {
            for (int tick = 0; tick < TICKS; tick++) {
                world.setDelta(DELTA);
                world.process();
                checkLatestOutputs();
                checkTiers();
            }
            long lastStarted = system.batchesStarted();
            world.dispose();
            if (onWorldThread) {
                replay();
            } else {
                checkWorkerJobs();
            }
            checkSchedule(lastStarted);
        }

        private final class ChurnBefore extends Churn {
        }

        private final class ChurnAfter extends Churn {
        }

        private abstract class Churn extends BaseSystem {
            @Override
            protected void processSystem() {
                churn.step(world);
            }
        }

        private long serialOf(int id) {
            Serial serial = serials.get(id);
            return serial == null ? -1 : serial.value;
        }

        private boolean subscribed(int id) {
            return subscription.getActiveEntityIds().unsafeGet(id);
        }

        void beforeDecisions() {
            events.add(new long[]{TICK, system.tick()});
            snapshot = new HashSet<>();
            IntBag ids = subscription.getEntities();
            for (int i = 0; i < ids.size(); i++) {
                snapshot.add(serialOf(ids.get(i)));
            }
            batchBefore = system.batchesStarted();
        }

        void afterDecisions() {
            long batch = system.batchesStarted();
            if (batch != batchBefore) {
                assertEquals(batchBefore + 1, batch, label + ": at most one batch starts in a tick");
                members.put(batch, snapshot);
                batchStartedIn.put(system.tick() - 1, batch);
            }
        }

        @Override
        public void jobRan(StampSystem s, int entityId, Stamp input) {
            jobs.add(new long[]{input.serial, s.batchesStarted()});
            if (onWorldThread) {
                assertTrue(subscribed(entityId), label + ": job for entity " + entityId + ", which is not subscribed");
                assertEquals(serialOf(entityId), input.serial, label + ": job input read from another entity");
                events.add(new long[]{JOB, input.serial, s.batchesStarted()});
            }
        }

        @Override
        public void outputSaved(StampSystem s, int entityId, Stamp output) {
            assertTrue(subscribed(entityId), label + ": output saved for entity " + entityId + ", which left");
            assertEquals(serialOf(entityId), output.serial,
                    label + ": entity " + entityId + " was given an output computed for another entity");
            assertTrue(s.latestOutput(entityId) == output, label + ": the saved output is the latest");
            events.add(new long[]{SAVE, output.serial});
        }

        @Override
        public void inserted(IntBag entities) {
            for (int i = 0; i < entities.size(); i++) {
                int id = entities.get(i);
                highestId = Math.max(highestId, id);
                memberships.computeIfAbsent(serialOf(id), s -> new ArrayList<>())
                        .add(new long[]{system.batchesStarted(), Long.MAX_VALUE});
            }
        }

        @Override
        public void removed(IntBag entities) {
            for (int i = 0; i < entities.size(); i++) {
                long serial = serialOf(entities.get(i));
                events.add(new long[]{REMOVED, serial});
                List<long[]> of = memberships.get(serial);
                if (of != null && of.get(of.size() - 1)[1] == Long.MAX_VALUE) {
                    of.get(of.size() - 1)[1] = system.batchesStarted();
                }
            }
        }

        /** Every live entity sees only outputs computed for itself, and none once it left. */
        private void checkLatestOutputs() {
            for (int i = 0; i < alive.size(); i++) {
                int id = alive.get(i);
                Stamp latest = system.latestOutput(id);
                if (!subscribed(id)) {
                    assertNull(latest, label + ": entity " + id + " left but still has an output");
                } else if (latest != null) {
                    assertEquals(serialOf(id), latest.serial,
                            label + ": entity " + id + " sees an output computed for another entity");
                }
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
                assertEquals(counted[tier], system.entitiesInTier(tier), label + ": entities in tier " + tier);
                sum += system.entitiesInTier(tier);
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

        /** With workers, jobs are seen out of order with the world's events: only members of their batch ran. */
        private void checkWorkerJobs() {
            Map<Long, Set<Long>> ran = new HashMap<>();
            for (long[] job : jobs) {
                Set<Long> batch = ran.computeIfAbsent(job[1], b -> new HashSet<>());
                assertTrue(members.get(job[1]).contains(job[0]), label + ": job for serial " + job[0]
                        + ", which joined batch " + job[1] + " after it started");
                assertTrue(batch.add(job[0]), label + ": serial " + job[0] + " ran twice in batch " + job[1]);
            }
            assertTrue(jobs.size() > TICKS / 4, label + ": the run did some work (" + jobs.size() + " jobs)");
        }

        /** Checks the log: batch membership, one job per member per batch at most, saves of sync outputs. */
        private void replay() {
            long batch = 0;
            Set<Long> batchMembers = Set.of();
            Set<Long> stayed = new HashSet<>();
            Set<Long> ran = new HashSet<>();
            Set<Long> dueSaves = null;
            Set<Long> saves = new HashSet<>();
            long[] previous = null;
            int jobCount = 0;
            for (long[] e : events) {
                int kind = (int) e[0];
                if (kind == TICK) {
                    if (dueSaves != null) {
                        assertEquals(dueSaves, saves, label + ": sync output saves the stayers that ran, only them");
                        dueSaves = null;
                    }
                    Long started = batchStartedIn.get(e[1]);
                    if (started != null) {
                        if (policy.syncOutput()) {
                            stayed.retainAll(ran);
                            dueSaves = stayed;
                            saves = new HashSet<>();
                        }
                        batch = started;
                        batchMembers = members.get(started);
                        stayed = new HashSet<>(batchMembers);
                        ran = new HashSet<>();
                    }
                } else if (kind == JOB) {
                    jobCount++;
                    assertEquals(batch, e[2], label + ": job belongs to the current batch");
                    assertTrue(batchMembers.contains(e[1]), label + ": job for serial " + e[1]
                            + ", which joined batch " + batch + " after it started");
                    assertTrue(stayed.contains(e[1]), label + ": job for serial " + e[1]
                            + ", which left batch " + batch + " before its job");
                    assertTrue(ran.add(e[1]), label + ": serial " + e[1] + " ran twice in batch " + batch);
                } else if (kind == SAVE) {
                    if (policy.syncOutput()) {
                        assertTrue(dueSaves != null && dueSaves.contains(e[1]) && saves.add(e[1]),
                                label + ": sync output saved serial " + e[1] + " outside its batch's save");
                    } else {
                        assertTrue(previous != null && previous[0] == JOB && previous[1] == e[1],
                                label + ": async output is saved as its job finishes");
                    }
                } else {
                    stayed.remove(e[1]);
                }
                previous = e;
            }
            assertTrue(jobCount > TICKS / 4, label + ": the run did some work (" + jobCount + " jobs)");
        }
    }
}
