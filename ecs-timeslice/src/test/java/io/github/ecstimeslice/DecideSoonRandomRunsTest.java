package io.github.ecstimeslice;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import io.github.ecstimeslice.UrgentProbe.At;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random, seeded hostile runs of {@link TimeslicedSystem#decideSoon}: asks from outside the system
 * (before and after its turn) and from every callback and hook, churn between ticks and from
 * callbacks (ids recycled), callbacks that throw, and policy, threading, budget, tiers and
 * {@code setDecideNewcomersSoon} switched between ticks and from callbacks. After every tick:
 * no entity's latest output came from older input than the one before it (reset when the entity
 * leaves), no entity sees an output computed for another (serials), no exception but the ones
 * provoked, and the urgent jobs agree with a model of the queue: served first asked, first served,
 * only those asked before the turn, once a turn, at least one a tick when one is waiting, never more
 * than a {@code jobsPerTick} or {@code jobsPerSecond} budget releases.
 *
 * <p>More runs: {@code -DdecideSoon.seeds=50 -DdecideSoon.ticks=2000}; one seed:
 * {@code -DdecideSoon.seed=N -DdecideSoon.seeds=1}.
 */
class DecideSoonRandomRunsTest {

    private static final long FIRST_SEED = Long.getLong("decideSoon.seed", 7000L);
    private static final int SEEDS = Integer.getInteger("decideSoon.seeds", 10);
    private static final int TICKS = Integer.getInteger("decideSoon.ticks", 600);
    private static final float DELTA = 1 / 60f;
    private static final int MAX_ALIVE = 60;

    static Stream<Arguments> runs() {
        return LongStream.range(FIRST_SEED, FIRST_SEED + SEEDS)
                .boxed()
                .flatMap(seed -> Stream.of(Arguments.of(seed, 2), Arguments.of(seed, TimeslicedSystem.NO_HISTORY)));
    }

    @ParameterizedTest(name = "seed {0}, history depth {1}")
    @MethodSource("runs")
    void randomHostileRunsKeepTheUrgentJobContract(long seed, int historyDepth) {
        Run run = new Run(seed, historyDepth);
        try {
            run.check();
        } finally {
            run.close();
        }
    }

    /** What the runs throw on purpose, naming the entity whose callback threw. */
    static final class Provoked extends RuntimeException {
        final int entityId;

        Provoked(int entityId, String where) {
            super(where + " of " + entityId);
            this.entityId = entityId;
        }
    }

    /** An entity waiting in the model of the urgent queue. */
    static final class Waiting {
        final int id;
        /** True once the system may drop it without a job: no entity the system was told of had its id in a turn it was servable. */
        boolean mayDrop;

        Waiting(int id) {
            this.id = id;
        }
    }

    static final class Run {
        final long seed;
        final String label;
        final Random random;
        final ForkJoinPool pool = new ForkJoinPool(2);
        final UrgentProbe system;
        final World world;
        final ComponentMapper<Serial> serials;
        final ComponentMapper<Decides> decides;
        final List<Integer> alive = new ArrayList<>();
        long nextSerial = 1;
        final List<String> violations = new ArrayList<>();
        /** Per entity id: the input tick of its latest output after the last tick, while it stays. */
        final Map<Integer, Long> lastSeen = new HashMap<>();
        int tierSalt;

        // the model of the urgent queue
        final List<Waiting> queue = new ArrayList<>();
        final Map<Integer, Waiting> waiting = new HashMap<>();
        /** Live entities asked for before they joined: queued as they join, forgotten as the next turn begins. */
        final Set<Integer> askedBeforeJoin = new HashSet<>();
        /** How many of the model queue's first entries this turn may serve; the system's count, as last seen. */
        int servable;
        int systemServable;
        boolean turnOpen;
        Set<Integer> eligibleAtTurnStart = new HashSet<>();
        /** The urgent jobs whose input this turn read (their entity popped from the queue), and those that ran. */
        final Set<Integer> urgentStarted = new HashSet<>();
        int urgentInProgress = -1;
        Budget turnBudget;
        Threading turnThreading;
        /** The urgent allowance when the turn began. */
        int turnAllowance;
        /** The system's turns begun so far. */
        int turnsBegun;
        boolean lastTurnCountsNow;
        int maxBatchSize;
        final Set<Integer> everUsed = new HashSet<>();
        int recycledIds;
        int failuresReported;
        /** Failures thrown on the world's thread in this tick: each is reported when the tick ends. */
        int thrownThisTick;

        Run(long seed, int historyDepth) {
            this.seed = seed;
            this.random = new Random(seed);
            IoPolicy policy = IoPolicy.values()[random.nextInt(4)];
            Threading threading = Threading.values()[random.nextInt(3)];
            label = "seed " + seed + ", history depth " + historyDepth + " (replay: -DdecideSoon.seed=" + seed
                    + " -DdecideSoon.seeds=1)";
            system = new UrgentProbe(policy, randomBudget(), historyDepth);
            system.setThreading(threading, pool);
            system.setDecideNewcomersSoon(random.nextBoolean());
            system.tierFunction = id -> Math.floorMod(id * 7 + tierSalt, system.tiers().count());
            system.hook = this::hook;
            world = TestWorlds.of(new OutsideBefore(), system, new OutsideAfter());
            serials = world.getMapper(Serial.class);
            decides = world.getMapper(Decides.class);
            for (int i = 0; i < 20; i++) {
                create();
            }
        }

        void close() {
            world.dispose();
            pool.shutdownNow();
        }

        Budget randomBudget() {
            return switch (random.nextInt(5)) {
                case 0, 1 -> Budget.jobsPerTick(1 + random.nextInt(4));
                case 2 -> Budget.jobsPerSecond(20 + random.nextInt(300));
                case 3 -> Budget.batchEvery(0.05 + random.nextInt(8) * 0.05);
                default -> Budget.millisPerTick(0.02 + random.nextInt(5) * 0.1);
            };
        }

        void violate(String what) {
            if (violations.size() < 20) {
                violations.add("tick " + system.stats().tick() + ": " + what);
            }
        }

        long serial(int id) {
            Serial serial = serials.get(id);
            return serial == null ? -1 : serial.value;
        }

        void create() {
            if (alive.size() >= MAX_ALIVE) {
                return;
            }
            int id = world.create();
            if (!everUsed.add(id)) {
                recycledIds++;
            }
            serials.create(id).value = nextSerial++;
            decides.create(id);
            alive.add(id);
        }

        /** One change: a creation, a deletion, or Decides taken off or put back. */
        void churnOnce() {
            int choice = random.nextInt(10);
            if (choice < 3 || alive.isEmpty()) {
                create();
                return;
            }
            int at = random.nextInt(alive.size());
            int id = alive.get(at);
            if (choice < 6) {
                world.delete(id);
                alive.remove(at);
                askedBeforeJoin.remove(id); // never served to the id's next owner
            } else if (decides.has(id)) {
                decides.remove(id);
            } else {
                decides.create(id);
            }
        }

        void switchASetting() {
            switch (random.nextInt(7)) {
                case 0 -> system.setPolicy(IoPolicy.values()[random.nextInt(4)]);
                case 1 -> system.setThreading(Threading.values()[random.nextInt(3)], pool);
                case 2 -> system.setBudget(randomBudget());
                case 3 -> tierSalt = random.nextInt(100);
                case 4 -> system.setTiers(switch (random.nextInt(3)) {
                    case 0 -> Tiers.decideEvery(1);
                    case 1 -> Tiers.decideEvery(1, 2).reassessEvery(0.1);
                    default -> Tiers.decideEvery(1, 3, 8).reassessEvery(0.2);
                });
                case 5 -> system.setUrgentAllowance(random.nextInt(4));
                default -> system.setDecideNewcomersSoon(!system.decideNewcomersSoon());
            }
        }

        /**
         * Asks for the entity, and notes it in the model: one the system was not told of waits for its
         * join if it is live, and an id no live entity holds is ignored.
         */
        void ask(int id) {
            if (system.tier(id) >= 0) {
                asked(id);
            } else if (alive.contains(id)) {
                askedBeforeJoin.add(id);
            }
            system.decideSoon(id);
        }

        /** Notes in the model that the entity was asked for. */
        void asked(int id) {
            if (!waiting.containsKey(id)) {
                Waiting entry = new Waiting(id);
                waiting.put(id, entry);
                queue.add(entry);
            }
        }

        /** Asks for a random entity the system was told of, or now and then for an id nobody has or an entity that left (ignored). */
        void askRandom() {
            int choice = random.nextInt(20);
            if (choice == 0) {
                ask(10_000 + random.nextInt(100)); // nobody has it: ignored
            } else if (!alive.isEmpty()) {
                int id = alive.get(random.nextInt(alive.size()));
                if (system.tier(id) >= 0 || choice < 3) { // (1, 2: also one alive that left, or not joined yet)
                    ask(id);
                }
            }
        }

        /** The entity left: the system forgot it (before any leave hook of its notice). */
        void forget(int id) {
            Waiting entry = waiting.remove(id);
            if (entry != null) {
                int index = queue.indexOf(entry);
                queue.remove(index);
                if (index < servable) {
                    servable--;
                }
            }
            lastSeen.remove(id);
        }

        void turnStarts() {
            turnsBegun++;
            askedBeforeJoin.clear(); // not joined in time: dropped
            servable = queue.size();
            systemServable = queue.size(); // what the turn's start will make the system's count
            turnOpen = true;
            eligibleAtTurnStart = new HashSet<>();
            for (Waiting entry : queue) {
                if (system.tier(entry.id) < 0) {
                    entry.mayDrop = true;
                } else {
                    eligibleAtTurnStart.add(entry.id);
                }
            }
            urgentStarted.clear();
            urgentInProgress = -1;
            // joined next tick under a time budget, the last turn's jobs count in this one
            lastTurnCountsNow = turnThreading == Threading.WORKERS_NEXT_TICK && turnBudget != null
                    && (turnBudget.kind() == Budget.Kind.MILLIS_PER_TICK
                    || turnBudget.kind() == Budget.Kind.SHARE && turnBudget.pool().millis());
            turnBudget = system.budget();
            turnThreading = system.threading();
            turnAllowance = system.urgentAllowance();
        }

        /**
         * Takes off the model's queue the entities the system took off its own since the last look (its
         * count of servable entities fell by as many): each must be the first waiting, and either one the
         * system may drop without a job (no entity had its id when the turn began) or, the last, the
         * entity whose input is being read now ({@code settingUp}, -1 if none): its urgent job starts.
         */
        void syncPops(int settingUp) {
            int now = system.slicer.urgent.servable();
            int popped = systemServable - now;
            systemServable = now;
            if (popped < 0) {
                violate("the system's servable count grew during the turn, by " + -popped);
                return;
            }
            boolean started = false;
            for (int i = 0; i < popped; i++) {
                if (queue.isEmpty() || servable == 0) {
                    violate("the system served more entities than waited when its turn began");
                    return;
                }
                Waiting entry = queue.remove(0);
                waiting.remove(entry.id);
                servable--;
                if (i == popped - 1 && entry.id == settingUp && system.tier(entry.id) >= 0) {
                    started = true;
                    if (!urgentStarted.add(entry.id)) {
                        violate("two urgent jobs for " + entry.id + " in one turn");
                    }
                } else if (!entry.mayDrop) {
                    violate("entity " + entry.id + " was taken off the queue without an urgent job (" + i
                            + " of " + popped + " taken off before the input of " + settingUp + ")");
                }
            }
            if (settingUp >= 0) {
                urgentInProgress = started ? settingUp : -1;
            }
        }

        void turnEnds() {
            if (!turnOpen) {
                return;
            }
            turnOpen = false;
            syncPops(-1);
            if (!eligibleAtTurnStart.isEmpty() && urgentStarted.isEmpty()) {
                violate("no urgent job though " + eligibleAtTurnStart + " waited: at least one a tick");
            }
        }

        void hook(At at, int entity) {
            if (Thread.currentThread() != system.worldThread && at != At.ENTITY_JOINED && at != At.ENTITY_LEFT) {
                // a batch job on a worker: it may only throw (decided by a hash: the worker's order is not the seed's)
                if (at == At.RUN_JOB && Math.floorMod(entity * 31 + (int) system.stats().batchesStarted() * 17, 53) == 0) {
                    throw new Provoked(entity, "runJob on a worker");
                }
                return;
            }
            switch (at) {
                case BEGIN -> {
                    turnStarts();
                    return;
                }
                case END -> {
                    turnEnds();
                    return;
                }
                case ENTITY_LEFT -> {
                    forget(entity);
                    if (random.nextInt(8) == 0) {
                        askRandom(); // (one that left in the same notice is ignored: the system forgot it already)
                    }
                    return;
                }
                case ENTITY_JOINED -> {
                    if (askedBeforeJoin.remove(entity) || system.decideNewcomersSoon() && turnsBegun > 0) {
                        // asked by the system as artemis told of it, before every hook of the notice: no other ask
                        // here, or the model's order would differ; the crowd there at its first turn is no newcomer
                        asked(entity);
                    } else if (askedBeforeJoin.isEmpty() && random.nextInt(6) == 0) { // (else one asked may join next)
                        askRandom();
                    }
                    return;
                }
                default -> {
                }
            }
            if (!system.inTurn) {
                return; // tierOf as an entity joins: the system may have asked for it already, before this hook
            }
            syncPops(at == At.SET_UP_INPUT ? entity : -1);
            if (at == At.RUN_JOB && !system.inUrgentRunJob() && turnThreading != Threading.WORLD_THREAD) {
                return; // a batch job the world's thread helps with: which ones it runs is not the seed's
            }
            if (at == At.RUN_JOB && system.inUrgentRunJob()) {
                if (system.inUrgentGroupJob() ? !urgentStarted.contains(entity) : urgentInProgress != entity) {
                    violate("urgent runJob for " + entity + ", whose urgent input was not read right before"
                            + " (on workers: in this turn)");
                }
                urgentInProgress = -1;
                if (system.inUrgentGroupJob()) {
                    return; // a job of a group on workers, which the world's thread helps with: no world edits here
                }
            }
            // the turn's callbacks, on the world's thread
            int roll = random.nextInt(100);
            if (roll < 4) {
                askRandom();
            } else if (roll < 6 && entity >= 0) {
                ask(entity); // itself: in the next turn
            } else if (roll < 8) {
                churnOnce();
            } else if (roll < 9 && at != At.TIER_OF) {
                switchASetting();
            } else if (roll < 12 && entity >= 0
                    && (at == At.SET_UP_INPUT || at == At.RUN_JOB || at == At.OUTPUT_SAVED)) {
                thrownThisTick++;
                throw new Provoked(entity, at.name());
            }
        }

        /** Changes the world and asks for urgent jobs from outside the system, before and after its turn. */
        abstract class Outside extends BaseSystem {
            @Override
            protected void processSystem() {
                if (random.nextInt(3) == 0) {
                    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
                        churnOnce();
                    }
                }
                for (int i = 0, n = random.nextInt(4); i < n; i++) {
                    askRandom();
                }
                if (random.nextInt(25) == 0) {
                    switchASetting();
                }
            }
        }

        final class OutsideBefore extends Outside {
        }

        final class OutsideAfter extends Outside {
        }

        void check() {
            for (int tick = 0; tick < TICKS; tick++) {
                world.setDelta(DELTA);
                long urgentBefore = system.stats().urgentJobsTotal();
                thrownThisTick = 0;
                int reported = 0;
                try {
                    world.process();
                } catch (Throwable thrown) {
                    system.turnThrew(); // (end() is not called when the turn throws)
                    turnEnds();
                    reported = checkProvoked(thrown);
                }
                failuresReported += reported;
                if (reported < thrownThisTick) {
                    violate(thrownThisTick + " callbacks threw on the world's thread, " + reported + " failures reported");
                }
                afterTick(tick, (int) (system.stats().urgentJobsTotal() - urgentBefore));
                if (!violations.isEmpty() || !system.violations.isEmpty()) {
                    List<String> all = new ArrayList<>(violations);
                    all.addAll(system.violations);
                    fail(label + ":\n" + String.join("\n", all));
                }
                if (random.nextInt(4) == 0) { // between ticks: ids freed by the last tick are given again
                    churnOnce();
                    askRandom();
                }
            }
            if (system.stats().urgentJobsTotal() < TICKS / 4 || recycledIds < TICKS / 40 || failuresReported < TICKS / 40) {
                fail(label + ": the run did too little: " + system.stats().urgentJobsTotal() + " urgent jobs, "
                        + recycledIds + " ids recycled, " + failuresReported + " failures reported");
            }
        }

        /** Checks that the tick threw only what the run provoked; returns how many failures it reports. */
        int checkProvoked(Throwable thrown) {
            if (thrown instanceof JobFailedException failed && failed.getCause() instanceof Provoked provoked) {
                int reported = 1 + failed.moreFailures();
                if (failed.entityId() != provoked.entityId) {
                    violate("a failure of " + provoked.entityId + " reported for " + failed.entityId());
                }
                for (Throwable attached : failed.getSuppressed()) {
                    if (attached instanceof JobFailedException more && more.getCause() instanceof Provoked p) {
                        reported++;
                        if (more.entityId() != p.entityId) {
                            violate("a failure of " + p.entityId + " reported for " + more.entityId());
                        }
                    } else if (!(attached instanceof IllegalStateException note
                            && note.getMessage().contains("more failures"))) {
                        fail(label + ": an unprovoked failure attached", attached);
                    }
                }
                return reported;
            }
            fail(label + ": an unprovoked exception", thrown);
            return 0;
        }

        void afterTick(int tick, int urgentJobs) {
            long runs = system.urgentRuns.getAndSet(0);
            if (urgentJobs != runs) {
                violate(urgentJobs + " urgent jobs counted, " + runs + " urgent runJob calls seen");
            }
            if (system.urgentJobs.size() != system.stats().urgentJobsTotal()) {
                violate("urgentJobsTotal " + system.stats().urgentJobsTotal() + ", seen " + system.urgentJobs.size());
            }
            maxBatchSize = Math.max(maxBatchSize, system.stats().batchSize());
            int bound = switch (turnBudget.kind()) {
                case JOBS_PER_TICK -> (int) turnBudget.amount();
                case JOBS_PER_SECOND -> (int) Math.floor(2 * turnBudget.amount() * DELTA + 1 + 1e-9);
                case BATCH_EVERY -> (int) Math.floor(2 * maxBatchSize / turnBudget.amount() * DELTA + 1 + 1e-9);
                default -> Integer.MAX_VALUE;
            };
            if (urgentJobs > Math.max(1, bound) + (long) turnAllowance) {
                violate(urgentJobs + " urgent jobs under " + turnBudget + ", which releases at most " + bound
                        + ", and an allowance of " + turnAllowance);
            }
            if (turnBudget.kind() == Budget.Kind.JOBS_PER_TICK && !lastTurnCountsNow
                    && system.stats().jobsRunLastTick() > bound + (long) Math.min(urgentJobs, turnAllowance)) {
                violate(system.stats().jobsRunLastTick() + " jobs under " + turnBudget + " and an allowance of "
                        + turnAllowance + " (" + urgentJobs + " urgent)");
            }
            for (int id : alive) {
                boolean subscribed = system.tier(id) >= 0;
                Stamp latest = system.latestOutput(id);
                if (!subscribed) {
                    if (latest != null) {
                        violate("entity " + id + " left but has an output");
                    }
                    continue;
                }
                if (latest == null) {
                    continue;
                }
                if (latest.serial != serial(id)) {
                    violate("entity " + id + " (serial " + serial(id) + ") sees the output of serial " + latest.serial);
                }
                Long before = lastSeen.get(id);
                if (before != null && latest.tick < before) {
                    violate("entity " + id + "'s latest output went from input of tick " + before + " to " + latest.tick);
                }
                lastSeen.put(id, latest.tick);
            }
        }
    }
}
