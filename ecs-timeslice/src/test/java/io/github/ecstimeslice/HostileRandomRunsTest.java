package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.utils.BitVector;
import com.artemis.utils.IntBag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random, seeded runs of hostile use, checked against the contract after every tick and at the end.
 *
 * <p>A run churns entities (ids recycled) between ticks and from callbacks; makes the callbacks
 * throw (unchecked exceptions, errors, checked exceptions thrown sneakily, VM errors) and
 * {@code tierOf} answer out of range; switches policy, budget, threading and tiers between ticks and
 * from callbacks, {@code tierOf} and the join and leave hooks included; takes history components
 * off; asks for urgent jobs ({@code decideSoon}) between ticks and from every callback, and checks
 * that {@code prepareJobs} never runs while a job does. Every {@link Ingredient} is on.
 *
 * <p>{@link TimeslicedSystem} ({@link #randomHostileRunsKeepTheContract}, and with no history
 * {@link #randomRunsWithoutHistoryKeepTheContract}): callbacks see only subscribed entities and
 * their own outputs, {@code tierOf} only with tiers; the join and leave hooks agree with the
 * subscription; each subscribed entity is in one tier; {@code entitiesInTier}, {@code measureAges},
 * the tiers' {@code decisionsPerSecond} and {@code jobsRunTotal} agree with the jobs and saves seen;
 * a history holds the latest saves since it was last forgotten, its newest the
 * {@code latestOutput}; the input behind an entity's saves never goes back in time; no entity has
 * two batch jobs in a batch (urgent jobs aside), and until the first VM error (which
 * leaves at once) each has its first turn in the batch after it joined, then one at least every
 * longest period + 1 batches. {@link ParallelIteratingSystem}
 * ({@link #randomEveryTickRunsKeepTheContract}): {@code process} is called at most once a turn,
 * for subscribed entities; each is processed in its first turn, then at least once every longest
 * period, its {@code entityDelta}s adding up to the game time since it joined.
 *
 * <p>More runs: {@code -Dhostile.seeds=20 -Dhostile.ticks=600} (default 3 seeds of 400 ticks per
 * case), {@code -Dhostile.seed=N} for the first seed (default 1000). While debugging,
 * {@code -Dhostile.off=VM_ERRORS,BAD_TIERS} leaves ingredients out.
 */
class HostileRandomRunsTest {

    private static final float DELTA = 1 / 60f;
    private static final long FIRST_SEED = Long.getLong("hostile.seed", 1000L);
    private static final int SEEDS = Integer.getInteger("hostile.seeds", 3);
    private static final int TICKS = Integer.getInteger("hostile.ticks", 400);
    private static final int HISTORY_DEPTH = 3;
    /** VM errors come in the last quarter of a run: the turn checks, which stop at the first, cover the rest. */
    private static final int VM_ERRORS_FROM_TICK = TICKS * 3 / 4;

    /**
     * What a run does to the system besides churn between ticks; all on unless {@code -Dhostile.off}
     * names some. The every-tick run has the first, second, fourth and fifth, its setting being
     * {@code processEvery}.
     */
    enum Ingredient {
        /** Callbacks create and delete entities, take {@link Decides} off and on (every-tick: {@code tierOf}). */
        CHURN_FROM_CALLBACKS,
        /** Policy, budget, threading or tiers switched between ticks. */
        SETTINGS_BETWEEN_TICKS,
        /** Settings switched from {@code setUpInput} and {@code outputSaved}. */
        SETTINGS_FROM_CALLBACKS,
        /** Settings switched from {@code tierOf}. */
        SETTINGS_FROM_TIER_OF,
        /** Tiers switched from the join and leave hooks. */
        SETTINGS_FROM_JOIN_AND_LEAVE_HOOKS,
        /** {@code setUpInput}, {@code runJob} and {@code outputSaved} throw. */
        THROWS_FROM_CALLBACKS,
        /** {@code tierOf} throws or answers a tier out of range. */
        BAD_TIERS,
        /** Callbacks throw {@link StackOverflowError} during the system's turn, in the last quarter of the run. */
        VM_ERRORS,
        /** History components taken off between ticks. */
        HISTORIES_TAKEN_OFF,
        /** {@code decideSoon} between ticks, from callbacks, hooks and {@code prepareJobs}; newcomers decided soon. */
        URGENT_ASKS
    }

    static EnumSet<Ingredient> ingredientsOn() {
        EnumSet<Ingredient> on = EnumSet.allOf(Ingredient.class);
        for (String name : System.getProperty("hostile.off", "").split(",")) {
            if (name.isBlank()) {
                continue;
            }
            try {
                on.remove(Ingredient.valueOf(name.trim()));
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("-Dhostile.off names " + name.trim()
                        + ", which is no ingredient; they are " + Arrays.toString(Ingredient.values()), unknown);
            }
        }
        return on;
    }

    static String describe(EnumSet<Ingredient> ingredients) {
        return ingredients.size() == Ingredient.values().length ? "every ingredient" : "ingredients " + ingredients;
    }

    // ================= the timesliced system =================

    static final Tiers[] TIER_CHOICES = {
            Tiers.decideEvery(1),
            Tiers.decideEvery(1, 2),
            Tiers.decideEvery(1, 3, 8).reassessEvery(0.05),
            Tiers.decideEvery(1, 4, 16),
            Tiers.decideEvery(1, 1, 5, 5, 9).reassessEvery(0.2),
    };
    /** The longest batch period of {@link #TIER_CHOICES}, plus the batch an entity may wait while it moves. */
    static final int LONGEST_WAIT = 16 + 1;
    /** Entities at the start; churn keeps at most three times as many alive. */
    static final int ENTITIES = 20;

    /** Hands every callback to its run. */
    static final class HostileSystem extends TimeslicedSystem<Stamp, Stamp> {
        final HostileRun run;

        HostileSystem(HostileRun run, IoPolicy policy, Budget budget, int historyDepth) {
            super(Aspect.all(Decides.class), policy, budget, null, historyDepth);
            this.run = run;
        }

        @Override
        protected Stamp createInput() {
            return new Stamp();
        }

        @Override
        protected Stamp createOutput() {
            return new Stamp();
        }

        @Override
        protected void setUpInput(int entityId, Stamp input) {
            run.setUpInput(entityId, input);
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            run.runJob(input, output);
        }

        @Override
        protected void outputSaved(int entityId, Stamp output) {
            run.outputSaved(entityId, output);
        }

        @Override
        protected int tierOf(int entityId) {
            return run.tierOf(entityId);
        }

        @Override
        protected void prepareJobs() {
            run.prepareJobs();
        }

        @Override
        protected void entityJoined(int entityId) {
            run.joined(entityId);
        }

        @Override
        protected void entityLeft(int entityId) {
            run.left(entityId);
        }

        @Override
        protected void begin() {
            run.inOwnTurn = true;
            run.turnThreading = threading();
        }

        @Override
        protected void end() {
            run.inOwnTurn = false;
        }
    }

    /** One seeded run: drives the world, records what the callbacks saw, checks it against the system. */
    static final class HostileRun {
        final String label;
        final EnumSet<Ingredient> ingredients;
        final int historyDepth;
        final Random random;
        final ForkJoinPool pool = new ForkJoinPool(2);
        final HostileSystem system;
        final World world;
        final ComponentMapper<? extends DecisionHistory<Stamp>> histories;
        final ComponentMapper<Decides> decides;
        final ComponentMapper<Serial> serials;
        final IntBag alive = new IntBag();
        long nextSerial = 1;
        final Map<Integer, Long> serialById = new HashMap<>();
        final Set<Long> subscribed = new HashSet<>();
        /** Per serial: its memberships, {batch it joined in, batch it left in or -1}. */
        final Map<Long, List<long[]>> memberships = new HashMap<>();
        /** Per serial: its saves since its history was last forgotten, {tick, game seconds' bits, input's tick}. */
        final Map<Long, List<long[]>> saves = new HashMap<>();
        /** Jobs run, {serial, batch}, from any thread. */
        final Queue<long[]> jobs = new ConcurrentLinkedQueue<>();
        /** Inputs that threw, {serial, batch}: the entity had its turn. */
        final List<long[]> failedInputs = new ArrayList<>();
        /** Batches started at the last change of tier periods: the rate window holds only later ones. */
        long periodsChangedAt;
        /** Per batch number: the game seconds at its start. */
        final Map<Long, Double> batchStartSeconds = new HashMap<>();
        final List<String> violations = new ArrayList<>();
        boolean inCallbackAction;
        boolean inOwnTurn;
        /** Jobs running now, on any thread: {@code prepareJobs} must see none. */
        final java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
        /** Per serial, the input tick of its latest save: the next may not be older. */
        final Map<Long, Long> latestInput = new HashMap<>();
        /** Per serial, how often {@code decideSoon} asked for it; per batch, the urgent jobs started in it. */
        final Map<Long, Integer> asks = new HashMap<>();
        final Map<Long, Long> urgentInBatch = new HashMap<>();
        /** True if {@code setDecideNewcomersSoon} was switched in this tick (maybe between a join and its hook). */
        boolean newcomersSettingSwitched;
        /** Batches started at the first VM error; -1 before. */
        volatile long firstVmErrorBatch = -1;
        Threading turnThreading = Threading.WORLD_THREAD;

        HostileRun(long seed, IoPolicy policy, Threading threading, int historyDepth, EnumSet<Ingredient> ingredients) {
            this.ingredients = ingredients;
            this.historyDepth = historyDepth;
            label = "seed " + seed + ", " + policy + ", " + threading + ", history depth " + historyDepth + ", "
                    + describe(ingredients);
            random = new Random(seed);
            system = new HostileSystem(this, policy, Budget.jobsPerTick(3), historyDepth);
            system.setThreading(threading, pool);
            system.setTiers(TIER_CHOICES[1 + random.nextInt(TIER_CHOICES.length - 1)]);
            world = churningAround(system, this::maybeChurn);
            histories = world.getMapper(system.historyType());
            decides = world.getMapper(Decides.class);
            serials = world.getMapper(Serial.class);
            for (int i = 0; i < ENTITIES; i++) {
                create();
            }
        }

        boolean on(Ingredient ingredient) {
            return ingredients.contains(ingredient);
        }

        /** As a system before or after the one tested: churns in a third of the ticks. */
        void maybeChurn() {
            if (random.nextInt(3) == 0) {
                churn(true);
            }
        }

        void violate(String what) {
            if (violations.size() < 20) {
                violations.add("tick " + system.stats().tick() + ": " + what);
            }
        }

        long serial(int id) {
            Long serial = serialById.get(id);
            return serial == null ? -1 : serial;
        }

        void create() {
            int id = world.create();
            long serial = nextSerial++;
            serials.create(id).value = serial;
            decides.create(id);
            serialById.put(id, serial);
            alive.add(id);
        }

        /** One to three changes: create, delete, Decides off or on, history off, reassess. */
        void churn(boolean historiesToo) {
            for (int i = 0, changes = 1 + random.nextInt(3); i < changes; i++) {
                int choice = random.nextInt(12);
                if (choice < 3 || alive.isEmpty()) {
                    if (alive.size() < 3 * ENTITIES) {
                        create();
                    }
                    continue;
                }
                int at = random.nextInt(alive.size());
                int id = alive.get(at);
                if (choice < 6) {
                    world.delete(id);
                    alive.removeIndex(at);
                } else if (choice < 9) {
                    if (decides.has(id)) {
                        decides.remove(id);
                    } else {
                        decides.create(id);
                    }
                } else if (choice < 10) {
                    if (historiesToo && on(Ingredient.HISTORIES_TAKEN_OFF) && histories.has(id)) {
                        histories.remove(id);
                        saves.remove(serial(id));
                    }
                } else if (choice < 11 && system.tier(id) >= 0) {
                    try {
                        system.reassess(id);
                    } catch (IllegalStateException badTier) {
                        // tierOf answered out of range or threw: the entity keeps its tier
                    }
                }
            }
        }

        void setTiers(Tiers tiers) {
            boolean changed = !Arrays.equals(tiers.batchPeriods(), system.tiers().batchPeriods());
            system.setTiers(tiers);
            if (changed) {
                periodsChangedAt = system.stats().batchesStarted();
            }
        }

        void switchASetting() {
            switch (random.nextInt(on(Ingredient.URGENT_ASKS) ? 6 : 5)) {
                case 0 -> system.setPolicy(IoPolicy.values()[random.nextInt(4)]);
                case 1 -> system.setBudget(switch (random.nextInt(4)) {
                    case 0 -> Budget.jobsPerTick(1 + random.nextInt(7));
                    case 1 -> Budget.batchEvery(0.03 + random.nextInt(10) * 0.02);
                    case 2 -> Budget.jobsPerSecond(30 + random.nextInt(400));
                    default -> Budget.millisPerTick(0.05);
                });
                case 2 -> system.setThreading(Threading.values()[random.nextInt(3)], pool);
                case 3 -> setTiers(TIER_CHOICES[random.nextInt(TIER_CHOICES.length)]);
                case 5 -> {
                    system.setDecideNewcomersSoon(!system.decideNewcomersSoon());
                    newcomersSettingSwitched = true;
                }
                default -> {
                    // no change
                }
            }
        }

        /** In a callback on the world's thread: maybe churn, maybe switch a setting; never nested. */
        void callbackAction(boolean settingsToo) {
            if (inCallbackAction) {
                return;
            }
            inCallbackAction = true;
            try {
                if (on(Ingredient.CHURN_FROM_CALLBACKS) && random.nextInt(25) == 0) {
                    churn(false);
                }
                if (settingsToo && random.nextInt(60) == 0) {
                    switchASetting();
                }
                maybeAsk(12);
            } finally {
                inCallbackAction = false;
            }
        }

        /** With odds 1 in {@code odds}: {@code decideSoon} for a random entity alive (subscribed or not). */
        void maybeAsk(int odds) {
            if (on(Ingredient.URGENT_ASKS) && !alive.isEmpty() && random.nextInt(odds) == 0) {
                int id = alive.get(random.nextInt(alive.size()));
                asks.merge(serial(id), 1, Integer::sum);
                system.decideSoon(id);
            }
        }

        /** On the world's thread while no job of the system runs; may ask for urgent jobs. */
        void prepareJobs() {
            if (running.get() != 0) {
                violate("prepareJobs while " + running.get() + " jobs run");
            }
            if (!inCallbackAction) {
                inCallbackAction = true;
                try {
                    maybeAsk(4);
                } finally {
                    inCallbackAction = false;
                }
            }
        }

        void maybeThrow(int odds) {
            if (!on(Ingredient.THROWS_FROM_CALLBACKS) || random.nextInt(odds) != 0) {
                return;
            }
            switch (random.nextInt(3)) {
                case 0 -> throw new IllegalArgumentException("callback fault");
                case 1 -> throw new AssertionError("callback error");
                default -> throw Sneaky.thrown(new IOException("sneaky checked"));
            }
        }

        /** In the system's turn only (out of a churn between ticks it would end the test), late in the run. */
        void maybeVmError(int odds) {
            if (on(Ingredient.VM_ERRORS) && inOwnTurn && system.stats().tick() >= VM_ERRORS_FROM_TICK
                    && random.nextInt(odds) == 0) {
                throw vmError("callback VM error");
            }
        }

        StackOverflowError vmError(String message) {
            synchronized (this) {
                if (firstVmErrorBatch < 0) {
                    firstVmErrorBatch = system.stats().batchesStarted();
                }
            }
            return new StackOverflowError(message);
        }

        void setUpInput(int id, Stamp input) {
            input.tick = system.stats().tick();
            input.serial = serial(id);
            if (!subscribed.contains(input.serial)) {
                violate("setUpInput for entity " + id + " (serial " + input.serial + ") not subscribed");
            }
            callbackAction(on(Ingredient.SETTINGS_FROM_CALLBACKS));
            maybeVmError(400);
            try {
                maybeThrow(40);
            } catch (Throwable thrown) {
                failedInputs.add(new long[]{input.serial, system.stats().batchesStarted()});
                throw thrown;
            }
        }

        /** May run on a worker: throws by a hash of the job, not the shared random. */
        void runJob(Stamp input, Stamp output) {
            running.incrementAndGet();
            try {
                job(input, output);
            } finally {
                running.decrementAndGet();
            }
        }

        private void job(Stamp input, Stamp output) {
            output.tick = input.tick;
            output.serial = input.serial;
            jobs.add(new long[]{input.serial, system.stats().batchesStarted()});
            long hash = (input.serial * 0x9E3779B97F4A7C15L) ^ (input.tick * 0xC2B2AE3D27D4EB4FL);
            hash ^= hash >>> 29;
            int fault = (int) Math.floorMod(hash, 60L);
            if (fault == 3 && on(Ingredient.VM_ERRORS) && on(Ingredient.THROWS_FROM_CALLBACKS)
                    && input.tick >= VM_ERRORS_FROM_TICK && Math.floorMod(hash >>> 20, 7L) == 0) {
                throw vmError("job VM error");
            }
            if (!on(Ingredient.THROWS_FROM_CALLBACKS)) {
                return;
            }
            switch (fault) {
                case 0 -> throw new IllegalStateException("job fault");
                case 1 -> throw new AssertionError("job error");
                case 2 -> throw Sneaky.thrown(new IOException("job checked"));
                default -> {
                    // the job succeeds
                }
            }
        }

        void outputSaved(int id, Stamp output) {
            long serial = serial(id);
            if (!subscribed.contains(serial)) {
                violate("save for entity " + id + " (serial " + serial + "), which is not subscribed (left)");
            }
            if (output.serial != serial) {
                violate("entity " + id + " (serial " + serial + ") saved an output of serial " + output.serial);
            }
            if (output.tick > system.stats().tick()) {
                violate("output read at tick " + output.tick + " saved at " + system.stats().tick());
            }
            Long before = latestInput.put(serial, output.tick);
            if (before != null && output.tick < before) {
                violate("entity " + id + " (serial " + serial + ") saved input of tick " + output.tick
                        + " after input of tick " + before);
            }
            saves.computeIfAbsent(serial, s -> new ArrayList<>()).add(new long[]{system.stats().tick(),
                    Double.doubleToRawLongBits(system.stats().gameSeconds()), output.tick});
            callbackAction(on(Ingredient.SETTINGS_FROM_CALLBACKS));
            maybeVmError(400);
            maybeThrow(50);
        }

        int tierOf(int id) {
            int count = system.tiers().count();
            if (count == 1) {
                violate("tierOf(" + id + ") asked with one tier");
            }
            callbackAction(on(Ingredient.SETTINGS_FROM_TIER_OF));
            maybeVmError(400);
            if (on(Ingredient.BAD_TIERS)) {
                int bad = random.nextInt(200);
                if (bad == 0) {
                    throw new ArithmeticException("tier fault");
                } else if (bad == 1) {
                    throw Sneaky.thrown(new IOException("tier checked"));
                } else if (bad == 2) {
                    return count;
                }
            }
            return random.nextInt(count);
        }

        void joined(int id) {
            long serial = serial(id);
            if (!subscribed.add(serial)) {
                violate("entity " + id + " (serial " + serial + ") joined twice");
            }
            memberships.computeIfAbsent(serial, s -> new ArrayList<>()).add(new long[]{system.stats().batchesStarted(), -1});
            saves.remove(serial);
            latestInput.remove(serial);
            if (system.decideNewcomersSoon() || newcomersSettingSwitched
                    || on(Ingredient.URGENT_ASKS) && random.nextInt(3) == 0) {
                asks.merge(serial, 1, Integer::sum);
                system.decideSoon(id); // asked twice with decideNewcomersSoon: one urgent job
            }
            switchTiersFromAHook();
            maybeAsk(12); // another entity
        }

        void left(int id) {
            long serial = serial(id);
            if (!subscribed.remove(serial)) {
                violate("entity " + id + " (serial " + serial + ") left, not subscribed");
            }
            saves.remove(serial);
            latestInput.remove(serial);
            List<long[]> own = memberships.get(serial);
            if (own != null && !own.isEmpty()) {
                own.get(own.size() - 1)[1] = system.stats().batchesStarted();
            }
            switchTiersFromAHook();
        }

        void switchTiersFromAHook() {
            if (on(Ingredient.SETTINGS_FROM_JOIN_AND_LEAVE_HOOKS) && random.nextInt(30) == 0) {
                setTiers(TIER_CHOICES[random.nextInt(TIER_CHOICES.length)]);
            }
        }

        void tick() {
            if (on(Ingredient.SETTINGS_BETWEEN_TICKS) && random.nextInt(8) == 0) {
                switchASetting();
            }
            if (random.nextInt(2) == 0) {
                churn(true);
            }
            maybeAsk(2);
            newcomersSettingSwitched = false;
            long urgentBefore = system.stats().urgentJobsTotal();
            world.setDelta(random.nextInt(20) == 0 ? random.nextFloat() * 0.2f : DELTA);
            long startedBefore = system.stats().batchesStarted();
            double secondsBefore = system.stats().gameSeconds();
            try {
                world.process();
            } catch (JobFailedException thrownByACallback) {
                // expected: the tick's other jobs ran
            } catch (StackOverflowError vmError) {
                if (!String.valueOf(vmError.getMessage()).endsWith(" VM error")) {
                    violate("unexpected " + stack(vmError)); // not one this test threw
                }
            } catch (IllegalStateException failed) {
                if (!String.valueOf(failed.getMessage()).contains("tierOf")) {
                    violate("unexpected " + stack(failed));
                }
            } catch (Throwable other) {
                violate("unexpected " + stack(other));
            } finally {
                inOwnTurn = false; // a failed turn skips end()
            }
            if (system.stats().batchesStarted() != startedBefore) {
                batchStartSeconds.put(system.stats().batchesStarted(), secondsBefore);
            }
            // urgent jobs run after the tick's batch start: they are the batch in progress's
            urgentInBatch.merge(system.stats().batchesStarted(), system.stats().urgentJobsTotal() - urgentBefore, Long::sum);
            checkMembersTiersAndHistories();
            checkAges();
            checkRates();
        }

        static String stack(Throwable thrown) {
            StringWriter text = new StringWriter();
            thrown.printStackTrace(new PrintWriter(text));
            String stack = text.toString();
            return stack.length() > 2500 ? stack.substring(0, 2500) : stack;
        }

        /** Between ticks: membership as the hooks said, one tier each, the counts and histories right. */
        void checkMembersTiersAndHistories() {
            int count = system.tiers().count();
            int[] counted = new int[count];
            int members = 0;
            BitVector active = system.getSubscription().getActiveEntityIds();
            for (int id : serialById.keySet()) {
                long serial = serial(id);
                boolean member = active.get(id);
                if (member != subscribed.contains(serial)) {
                    violate("entity " + id + " is subscribed " + member + ", the join and leave hooks say " + !member);
                    continue;
                }
                int tier = system.tier(id);
                if (member) {
                    members++;
                    if (tier < 0 || tier >= count) {
                        violate("entity " + id + " in tier " + tier + " of " + count);
                    } else {
                        counted[tier]++;
                    }
                } else if (tier != -1) {
                    violate("entity " + id + " not subscribed has tier " + tier);
                }
                if (member || alive.contains(id)) {
                    checkHistory(id, serial);
                }
            }
            int sum = 0;
            DecisionAges ages = new DecisionAges();
            for (int tier = 0; tier < count; tier++) {
                int inTier = system.stats().entitiesInTier(tier);
                if (inTier != counted[tier]) {
                    violate("entitiesInTier(" + tier + ") = " + inTier + ", counted " + counted[tier]);
                }
                sum += inTier;
                system.stats().measureAges(tier, ages);
                if (ages.entities() != counted[tier]) {
                    violate("measureAges(" + tier + ").entities = " + ages.entities() + ", counted " + counted[tier]);
                }
                if (ages.meanTicks() < 0 || ages.meanSeconds() < 0 || ages.maxSeconds() < 0) {
                    violate("negative ages in tier " + tier + ": " + ages);
                }
                double rate = system.stats().decisionsPerSecond(tier);
                if (!(rate >= 0) || Double.isInfinite(rate)) {
                    violate("decisionsPerSecond(" + tier + ") = " + rate);
                }
            }
            if (sum != members) {
                violate("entitiesInTier sums to " + sum + ", subscribed " + members);
            }
            system.stats().measureAges(ages);
            if (ages.entities() != members) {
                violate("measureAges().entities = " + ages.entities() + ", subscribed " + members);
            }
        }

        /** The entity's history holds its latest saves since it was last forgotten, newest first. */
        void checkHistory(int id, long serial) {
            if (historyDepth == TimeslicedSystem.NO_HISTORY) {
                if (system.latestOutput(id) != null || system.historyOf(id) != null) {
                    violate("NO_HISTORY keeps an output for " + id);
                }
                return;
            }
            List<long[]> own = saves.getOrDefault(serial, List.of());
            int expected = Math.min(historyDepth, own.size());
            DecisionHistory<Stamp> view = system.historyOf(id);
            DecisionHistory<Stamp> component = histories.get(id);
            Stamp latest = system.latestOutput(id);
            if (view != null && view != component) {
                violate("historyOf(" + id + ") is not the entity's component");
            }
            int size = component == null ? 0 : component.size();
            if (size != expected) {
                violate("entity " + id + " (serial " + serial + ") history holds " + size + ", saves since forgotten "
                        + own.size() + " (component " + (component != null) + ", historyOf " + (view != null) + ")");
                return;
            }
            if ((latest == null) != (expected == 0)) {
                violate("entity " + id + " latestOutput " + latest + " with " + expected + " saves");
            }
            if (expected > 0 && view == null) {
                violate("entity " + id + " has saves but historyOf is null");
            }
            for (int age = 0; age < size; age++) {
                long[] save = own.get(own.size() - 1 - age);
                Stamp output = component.output(age);
                if (output.serial != serial || component.savedAtTick(age) != save[0]
                        || Double.doubleToRawLongBits(component.savedAtSeconds(age)) != save[1]
                        || output.tick != save[2]) {
                    violate("entity " + id + " (serial " + serial + ") age " + age + ": serial " + output.serial
                            + " tick " + component.savedAtTick(age) + " input " + output.tick + ", expected tick "
                            + save[0] + " input " + save[2]);
                }
            }
            if (latest != null && size > 0 && latest != component.output(0)) {
                violate("latestOutput is not the history's newest");
            }
        }

        /** measureAges over all entities agrees with the saves seen; jobsRunTotal with the jobs run. */
        void checkAges() {
            DecisionAges ages = system.stats().measureAges(new DecisionAges());
            if (historyDepth == TimeslicedSystem.NO_HISTORY) {
                saves.clear(); // no latest outputs to measure
            }
            BitVector active = system.getSubscription().getActiveEntityIds();
            int withOutput = 0;
            long maxTicks = 0;
            double sumTicks = 0;
            for (int id : serialById.keySet()) {
                List<long[]> own = saves.getOrDefault(serial(id), List.of());
                if (!active.get(id) || own.isEmpty()) {
                    continue;
                }
                withOutput++;
                long age = system.stats().tick() - 1 - own.get(own.size() - 1)[0];
                maxTicks = Math.max(maxTicks, age);
                sumTicks += age;
            }
            double meanTicks = withOutput == 0 ? 0 : sumTicks / withOutput;
            if (ages.withOutput() != withOutput || ages.maxTicks() != maxTicks
                    || Math.abs(ages.meanTicks() - meanTicks) > 1e-9) {
                violate("measureAges " + ages + "; the saves say " + withOutput + " with output, max " + maxTicks
                        + ", mean " + meanTicks);
            }
            // next-tick jobs may still be running; with the other threadings every started job has run
            if (turnThreading != Threading.WORKERS_NEXT_TICK && system.stats().jobsRunTotal() != jobs.size()) {
                violate("jobsRunTotal " + system.stats().jobsRunTotal() + " but runJob ran " + jobs.size() + " times");
            }
        }

        /** Between ticks, with tiers: the tiers' decisions per second add up to the jobs run in their window. */
        void checkRates() {
            if (system.tiers().count() == 1) {
                return;
            }
            long inProgress = system.stats().batchesStarted();
            long first = inProgress - system.tiers().longestBatchPeriod();
            Double from = batchStartSeconds.get(first);
            Double to = batchStartSeconds.get(inProgress);
            if (first < periodsChangedAt + 1 || first < 1 || from == null || to == null) {
                return;
            }
            long jobsRun = jobs.stream().filter(job -> job[1] >= first && job[1] < inProgress).count();
            for (long batch = first; batch < inProgress; batch++) {
                jobsRun -= urgentInBatch.getOrDefault(batch, 0L); // the tiers' rates count batch jobs
            }
            double seconds = to - from;
            double expected = seconds > 0 ? jobsRun / seconds : 0;
            double sum = 0;
            for (int tier = 0; tier < system.tiers().count(); tier++) {
                sum += system.stats().decisionsPerSecond(tier);
            }
            if (Math.abs(sum - expected) > 1e-6 * Math.max(1, expected)) {
                violate("decisionsPerSecond sum " + sum + " but " + jobsRun + " jobs ran in batches " + first + " to "
                        + (inProgress - 1) + " (" + seconds + " s): " + expected);
            }
        }

        /**
         * After the run: no entity had two jobs in a batch; in each membership, its first turn (a job
         * or an input that threw) in the batch after it joined, then one at least every
         * {@link #LONGEST_WAIT} batches until it left. A VM error leaves at once, cutting batches
         * short: these two hold until the first.
         */
        void finishAndCheckTurns() {
            long lastBatch = firstVmErrorBatch >= 0 ? firstVmErrorBatch : system.stats().batchesStarted();
            world.dispose();
            pool.shutdownNow();
            Map<Long, List<Long>> turns = new HashMap<>();
            Map<String, Integer> seen = new HashMap<>();
            for (long[] job : jobs) {
                int inBatch = seen.merge(job[0] + "@" + job[1], 1, Integer::sum);
                if (inBatch > 1 + asks.getOrDefault(job[0], 0)) { // its batch job, and one a time it was asked for
                    violate("serial " + job[0] + " had " + inBatch + " jobs in batch " + job[1] + ", asked for "
                            + asks.getOrDefault(job[0], 0) + " times");
                }
                turns.computeIfAbsent(job[0], s -> new ArrayList<>()).add(job[1]);
            }
            for (long[] failed : failedInputs) {
                turns.computeIfAbsent(failed[0], s -> new ArrayList<>()).add(failed[1]);
            }
            for (Map.Entry<Long, List<long[]>> entry : memberships.entrySet()) {
                long serial = entry.getKey();
                List<Long> all = turns.getOrDefault(serial, new ArrayList<>());
                all.sort(null);
                for (long[] membership : entry.getValue()) {
                    long joined = membership[0];
                    if (joined >= lastBatch) {
                        continue;
                    }
                    long left = membership[1] < 0 ? lastBatch : Math.min(membership[1], lastBatch);
                    List<Long> own = all.stream().filter(batch -> batch > joined && batch <= left).toList();
                    if (left >= joined + 2 && (own.isEmpty() || own.get(0) != joined + 1)) {
                        violate("serial " + serial + " joined in batch " + joined + " (left in " + membership[1]
                                + "), first turn " + (own.isEmpty() ? "none" : own.get(0)) + ": " + all);
                    }
                    long previous = joined;
                    for (long batch : own) {
                        if (batch - previous > LONGEST_WAIT) {
                            violate("serial " + serial + " waited " + (batch - previous) + " batches, " + previous
                                    + " to " + batch + " in membership " + joined + ".." + membership[1] + ": " + all);
                        }
                        previous = batch;
                    }
                    if (left - previous > LONGEST_WAIT + 1) {
                        violate("serial " + serial + " had no turn from batch " + previous + " to " + left
                                + " in membership " + joined + ".." + membership[1] + ": " + all);
                    }
                }
            }
        }
    }

    static void hostileRun(IoPolicy policy, Threading threading, long seed, int historyDepth) {
        HostileRun run = new HostileRun(seed, policy, threading, historyDepth, ingredientsOn());
        try {
            for (int i = 0; i < TICKS && run.violations.isEmpty(); i++) {
                run.tick();
            }
        } finally {
            if (run.violations.isEmpty()) {
                run.finishAndCheckTurns();
            } else {
                run.pool.shutdownNow();
            }
        }
        if (!run.violations.isEmpty()) {
            fail(run.label + ":\n" + String.join("\n", run.violations));
        }
    }

    static long seedOf(long seed, IoPolicy policy, Threading threading) {
        return seed * 31 + policy.ordinal() * 7L + threading.ordinal();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void randomHostileRunsKeepTheContract(IoPolicy policy, Threading threading) {
        for (long seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
            hostileRun(policy, threading, seedOf(seed, policy, threading), HISTORY_DEPTH);
        }
    }

    /** One seed in three, the seeds after those of the runs with history. */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void randomRunsWithoutHistoryKeepTheContract(IoPolicy policy, Threading threading) {
        long first = FIRST_SEED + SEEDS;
        for (long seed = first; seed < first + (SEEDS + 2) / 3; seed++) {
            hostileRun(policy, threading, seedOf(seed, policy, threading), TimeslicedSystem.NO_HISTORY);
        }
    }

    // ================= the every-tick system =================

    static final int[][] TICK_PERIODS = {{1}, {1, 2}, {1, 3, 8}, {1, 4, 4, 16}, {1, 5}};
    static final int LONGEST_TICK_PERIOD = 16;
    /** Entity ids stay below: at most 200 alive. */
    static final int IDS = 512;

    /** A world of {@code system} between two systems that each call {@code maybeChurn} every tick. */
    static World churningAround(BaseSystem system, Runnable maybeChurn) {
        // artemis takes one system per class: two anonymous ones
        return TestWorlds.of(new BaseSystem() {
            @Override
            protected void processSystem() {
                maybeChurn.run();
            }
        }, system, new BaseSystem() {
            @Override
            protected void processSystem() {
                maybeChurn.run();
            }
        });
    }

    /** One seeded run of a {@link ParallelIteratingSystem} with changing periods. */
    static final class EveryTickRun {
        final EnumSet<Ingredient> ingredients;
        final Random random;
        final ForkJoinPool pool = new ForkJoinPool(2);
        final World world;
        final ParallelIteratingSystem system;
        final ComponentMapper<Decides> decides;
        final IntBag alive = new IntBag();
        final List<String> violations = Collections.synchronizedList(new ArrayList<>());
        /** The system's clock: game seconds at the end of its last turn, and at the end of each. */
        double seconds;
        final List<Double> turnEnds = new ArrayList<>();
        int turn;
        /** How many periods the turn in progress uses, as they were at its start. */
        int periodsThisTurn = 1;
        /** Per id, for its entity's membership: subscribed, clock and turn at join, deltas summed, last turn. */
        final boolean[] member = new boolean[IDS];
        final double[] joinedAt = new double[IDS];
        final int[] joinedTurn = new int[IDS];
        final double[] summed = new double[IDS];
        final int[] lastTurn = new int[IDS];
        final AtomicIntegerArray processedThisTurn = new AtomicIntegerArray(IDS);

        EveryTickRun(long seed, boolean workers, EnumSet<Ingredient> ingredients) {
            this.ingredients = ingredients;
            random = new Random(seed);
            system = new ParallelIteratingSystem(Aspect.all(Decides.class)) {
                @Override
                protected int tierOf(int entityId) {
                    if (on(Ingredient.CHURN_FROM_CALLBACKS) && random.nextInt(80) == 0) {
                        churn();
                    }
                    if (on(Ingredient.SETTINGS_FROM_TIER_OF) && random.nextInt(200) == 0) {
                        switchPeriods();
                    }
                    return random.nextInt(periodsThisTurn);
                }

                @Override
                protected void process(int entityId) {
                    if (!getSubscription().getActiveEntityIds().get(entityId)) {
                        violations.add("turn " + turn + ": process(" + entityId + ") not subscribed");
                    }
                    if (processedThisTurn.incrementAndGet(entityId) > 1) {
                        violations.add("turn " + turn + ": process(" + entityId + ") twice in a turn");
                    }
                    float delta = entityDelta(entityId);
                    synchronized (EveryTickRun.this) {
                        summed[entityId] += delta;
                        lastTurn[entityId] = turn;
                    }
                }

                @Override
                protected void inserted(int entityId) {
                    member[entityId] = true;
                    joinedAt[entityId] = seconds;
                    joinedTurn[entityId] = turn;
                    summed[entityId] = 0;
                    lastTurn[entityId] = -1;
                    switchPeriodsFromAHook();
                }

                @Override
                protected void removed(int entityId) {
                    member[entityId] = false;
                    switchPeriodsFromAHook();
                }

                @Override
                protected void begin() {
                    for (int id = 0; id < IDS; id++) {
                        processedThisTurn.set(id, 0);
                    }
                    // processEvery applies from the start of the system's next turn, wherever it is called
                    periodsThisTurn = tickPeriods().length;
                }

                @Override
                protected void end() {
                    seconds += world.delta;
                    turnEnds.add(seconds);
                    turn++;
                }
            };
            if (workers) {
                system.setThreading(Threading.WORKERS_SAME_TICK, pool);
                system.setMinEntitiesForWorkers(1);
            }
            world = churningAround(system, this::maybeChurn);
            decides = world.getMapper(Decides.class);
            for (int i = 0; i < 30; i++) {
                create();
            }
        }

        boolean on(Ingredient ingredient) {
            return ingredients.contains(ingredient);
        }

        /** As a system before or after the one tested: churns in a third of the ticks. */
        void maybeChurn() {
            if (random.nextInt(3) == 0) {
                churn();
            }
        }

        void switchPeriods() {
            system.processEvery(TICK_PERIODS[random.nextInt(TICK_PERIODS.length)]);
        }

        void switchPeriodsFromAHook() {
            if (on(Ingredient.SETTINGS_FROM_JOIN_AND_LEAVE_HOOKS) && random.nextInt(20) == 0) {
                switchPeriods();
            }
        }

        void create() {
            int id = world.create();
            decides.create(id);
            alive.add(id);
        }

        /** One to three changes: create, delete, Decides off or on. */
        void churn() {
            for (int i = 0, changes = 1 + random.nextInt(3); i < changes; i++) {
                int choice = random.nextInt(10);
                if (choice < 3 || alive.isEmpty()) {
                    if (alive.size() < 200) {
                        create();
                    }
                    continue;
                }
                int at = random.nextInt(alive.size());
                int id = alive.get(at);
                if (choice < 6) {
                    world.delete(id);
                    alive.removeIndex(at);
                } else if (decides.has(id)) {
                    decides.remove(id);
                } else {
                    decides.create(id);
                }
            }
        }

        void tick() {
            if (on(Ingredient.SETTINGS_BETWEEN_TICKS) && random.nextInt(15) == 0) {
                switchPeriods();
            }
            if (random.nextInt(2) == 0) {
                churn();
            }
            world.setDelta(random.nextInt(10) == 0 ? random.nextFloat() * 0.1f : DELTA);
            world.process();
            checkMembers();
        }

        /** After a tick: each member processed in its first turn, then every longest period at most, for its time. */
        void checkMembers() {
            for (int id = 0; id < IDS; id++) {
                if (!member[id]) {
                    continue;
                }
                if (lastTurn[id] >= 0) {
                    double expected = turnEnds.get(lastTurn[id]) - joinedAt[id];
                    if (Math.abs(summed[id] - expected) > 1e-4) {
                        violations.add("turn " + turn + ": entity " + id + " was given " + summed[id]
                                + " s over its turns, " + expected + " s passed from its join to the end of turn "
                                + lastTurn[id]);
                    }
                }
                boolean missedItsFirstTurn = lastTurn[id] < 0 && turn - joinedTurn[id] > 1;
                boolean waitedTooLong = lastTurn[id] >= 0 && turn - 1 - lastTurn[id] > LONGEST_TICK_PERIOD;
                if (missedItsFirstTurn || waitedTooLong) {
                    violations.add("turn " + turn + ": entity " + id + " last processed in turn " + lastTurn[id]
                            + ", joined before turn " + joinedTurn[id]);
                }
            }
        }
    }

    @ParameterizedTest(name = "workers {0}")
    @ValueSource(booleans = {false, true})
    void randomEveryTickRunsKeepTheContract(boolean workers) {
        for (long seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
            EveryTickRun run = new EveryTickRun(seed, workers, ingredientsOn());
            try {
                for (int i = 0; i < TICKS && run.violations.isEmpty(); i++) {
                    run.tick();
                }
            } finally {
                run.world.dispose();
                run.pool.shutdownNow();
            }
            if (!run.violations.isEmpty()) {
                fail("seed " + seed + ", workers " + workers + ", " + describe(run.ingredients) + ":\n"
                        + String.join("\n", run.violations.subList(0, Math.min(15, run.violations.size()))));
            }
        }
    }
}
