package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * One world under random churn, one script, one event log: entities are created, deleted (ids get
 * recycled) and made to leave and rejoin while alive by systems before and after a
 * {@link StampSystem}, and what the system did is checked against the churn rules of the timing
 * contract. {@link EntityChurnTest} runs it without tiers, where every entity that stays for a
 * batch runs in it; {@link TieredChurnTest} with tiers, adding its own checks through the hooks.
 */
abstract class ChurnRun implements StampSystem.Observer, EntitySubscription.SubscriptionListener {

    private static final int TICK = 0, JOB = 1, SAVE = 2, REMOVED = 3;

    final String label;
    final StampSystem system;
    final EntitySubscription subscription;
    private final IoPolicy policy;
    private final boolean onWorldThread;
    private final int ticks;
    private final float delta;
    /** True without tiers: every entity that stays subscribed for a whole batch runs in it. */
    private final boolean everyStayerRuns;
    private final World world;
    private final ComponentMapper<Serial> serials;
    private final RandomChurn churn;
    private final IntBag alive;

    /** Events as {kind, a, b}: TICK(tick), JOB(serial, batch), SAVE(serial), REMOVED(serial). */
    private final List<long[]> events = new ArrayList<>();
    /** Members (serials) of each batch, by batch number. */
    private final Map<Long, Set<Long>> members = new HashMap<>();
    /** The batch number that started in a tick, by tick. */
    private final Map<Long, Long> batchStartedIn = new HashMap<>();
    private Set<Long> snapshot;
    private long batchBefore;
    /** Every job as {serial, batch}, from any thread. */
    final Queue<long[]> jobs = new ConcurrentLinkedQueue<>();

    /**
     * A run of {@code ticks} ticks of {@code delta} seconds; with {@code tiers} (or null for none)
     * the system asks {@link #tierOf}, and batches hold only the entities due.
     */
    ChurnRun(String label, IoPolicy policy, Threading threading, Budget budget, Tiers tiers, long seed, int ticks,
             float delta) {
        this.label = label;
        this.policy = policy;
        this.onWorldThread = threading == Threading.WORLD_THREAD;
        this.ticks = ticks;
        this.delta = delta;
        this.everyStayerRuns = tiers == null;
        this.churn = new RandomChurn(seed);
        this.alive = churn.alive;
        ChurnRun run = this;
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
        if (tiers != null) {
            system.setTiers(tiers);
        }
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

    /** The entity's tier, for a run with tiers. */
    int tierOf(int entityId) {
        return 0;
    }

    /** Called for each entity that joined, after the log noted it. */
    void joined(int entityId) {
    }

    /** Called for each entity that left, with its serial, after the log noted it. */
    void left(long serial) {
    }

    /** Called after each tick's own checks. */
    void afterTick() {
    }

    /** Called once the world is disposed and the log checked; {@code lastStarted}: batches started in all. */
    void afterRun(long lastStarted) {
    }

    /** Fewest jobs the run must have done to count as having worked. */
    abstract int minimumJobs();

    void check() {
        for (int tick = 0; tick < ticks; tick++) {
            world.setDelta(delta);
            world.process();
            checkLatestOutputs();
            afterTick();
        }
        long lastStarted = system.stats().batchesStarted();
        world.dispose();
        if (onWorldThread) {
            replay();
        } else {
            checkWorkerJobs();
        }
        afterRun(lastStarted);
    }

    /** Makes random changes to the world; runs as a system before and after the timesliced one. */
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

    long serialOf(int id) {
        Serial serial = serials.get(id);
        return serial == null ? -1 : serial.value;
    }

    boolean subscribed(int id) {
        return subscription.getActiveEntityIds().unsafeGet(id);
    }

    private void beforeDecisions() {
        events.add(new long[]{TICK, system.stats().tick()});
        snapshot = new HashSet<>();
        IntBag ids = subscription.getEntities();
        for (int i = 0; i < ids.size(); i++) {
            snapshot.add(serialOf(ids.get(i)));
        }
        batchBefore = system.stats().batchesStarted();
    }

    private void afterDecisions() {
        long batch = system.stats().batchesStarted();
        if (batch != batchBefore) {
            assertEquals(batchBefore + 1, batch, label + ": at most one batch starts in a tick");
            members.put(batch, snapshot);
            batchStartedIn.put(system.stats().tick() - 1, batch);
        }
    }

    @Override
    public void jobRan(StampSystem s, int entityId, Stamp input) {
        jobs.add(new long[]{input.serial, s.stats().batchesStarted()});
        if (onWorldThread) {
            assertTrue(subscribed(entityId), label + ": job for entity " + entityId + ", which is not subscribed");
            assertEquals(serialOf(entityId), input.serial, label + ": job input read from another entity");
            events.add(new long[]{JOB, input.serial, s.stats().batchesStarted()});
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
            joined(entities.get(i));
        }
    }

    @Override
    public void removed(IntBag entities) {
        for (int i = 0; i < entities.size(); i++) {
            long serial = serialOf(entities.get(i));
            events.add(new long[]{REMOVED, serial});
            left(serial);
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

    /**
     * With workers the jobs are seen out of order with the world's events, so they are checked
     * per batch: only members ran, none twice, and (without tiers) every entity that stayed for
     * the whole batch ran. Saves are checked as they happen, on the world's thread, as in every mode.
     */
    private void checkWorkerJobs() {
        Map<Long, Set<Long>> ran = new HashMap<>();
        for (long[] job : jobs) {
            Set<Long> batch = ran.computeIfAbsent(job[1], b -> new HashSet<>());
            assertTrue(members.get(job[1]).contains(job[0]), label + ": job for serial " + job[0]
                    + ", which joined batch " + job[1] + " after it started");
            assertTrue(batch.add(job[0]), label + ": serial " + job[0] + " ran twice in batch " + job[1]);
        }
        if (everyStayerRuns) {
            long batch = 0;
            Set<Long> stayed = new HashSet<>();
            for (long[] e : events) {
                if (e[0] == TICK && batchStartedIn.containsKey(e[1])) {
                    Set<Long> didRun = ran.getOrDefault(batch, Set.of());
                    assertTrue(didRun.containsAll(stayed), label + ": batch " + batch + " skipped entities that stayed");
                    batch = batchStartedIn.get(e[1]);
                    stayed = new HashSet<>(members.get(batch));
                } else if (e[0] == REMOVED) {
                    stayed.remove(e[1]);
                }
            }
        }
        assertTrue(jobs.size() > minimumJobs(), label + ": the run did some work (" + jobs.size() + " jobs)");
    }

    /**
     * Checks the log: batch membership, at most one job per member per batch (without tiers, one
     * per entity that stayed), saves of sync outputs.
     */
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
                    if (everyStayerRuns && !ran.containsAll(stayed)) {
                        Set<Long> missed = new HashSet<>(stayed);
                        missed.removeAll(ran);
                        fail(label + ": batch " + batch + " skipped entities that stayed: " + missed);
                    }
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
        assertTrue(jobCount > minimumJobs(), label + ": the run did some work (" + jobCount + " jobs)");
    }
}
