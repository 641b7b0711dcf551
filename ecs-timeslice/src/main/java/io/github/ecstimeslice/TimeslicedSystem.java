package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.World;
import com.artemis.utils.IntBag;

import java.util.concurrent.Executor;

/**
 * An entity system that runs one decision job per subscribed entity per batch, spread over as many
 * ticks as its {@link Budget} needs, with the input and output timing of its {@link IoPolicy}:
 * the {@code Timeslicer} of Allen Chou's
 * <a href="https://allenchou.net/2017/03/timeslicing-batched-algorithms-across-multiple-frames/">Timeslicing
 * Batched Algorithms in Games</a>, keyed by entity id.
 *
 * <p>Each tick ({@code world.process()}), in this order:
 * <ol>
 * <li>({@link Threading#WORKERS_NEXT_TICK} only) finish the jobs started in the previous tick;</li>
 * <li>(with {@link Tiers}) ask this tick's share of the entities for their tier;</li>
 * <li>if every job of the current batch has finished: {@link #prepareJobs} (sync input), save the
 *     staged outputs (sync output), then start a new batch with the entities due (without tiers,
 *     every subscribed entity) in ascending id order, reading every job's input now (sync input);</li>
 * <li>{@link #prepareJobs} (async input, if a job starts), then start and finish jobs until the
 *     budget is spent or the batch has no jobs left; a tick never starts jobs of two batches;</li>
 * <li>with async output, each job's output is saved as it finishes: into the entity's
 *     {@link DecisionHistory} (unless {@link #NO_HISTORY}), then {@link #outputSaved} publishes it.</li>
 * </ol>
 * An entity that joins mid-batch gets its first job in the next batch; one that leaves gets no job
 * from then on, its pending output is dropped and its history cleared, so a recycled id never sees
 * what was computed for the entity before. Changes made during the system's own turn reach it, as
 * every artemis system, when the turn ends (a job and a save may still happen for an entity its
 * callbacks deleted), and nothing of the entity is left behind.
 *
 * <p>A turn reads the settings once, at its start: a change made mid-turn applies from the next
 * tick (a policy from the next batch started in a later turn). A {@code world.delta} that is not
 * finite and at least 0 is rejected before anything changes. Whatever a job's callbacks throw
 * ({@code setUpInput}, {@code runJob}, {@code outputSaved}) fails that job alone and is thrown as a
 * {@link JobFailedException} when the tick's work is done ({@link VirtualMachineError}s at once);
 * a bad {@link #tierOf} fails the tick as it says, what {@link #entityJoined} or
 * {@link #entityLeft} throws is thrown at the end of the system's next turn, and a batch's
 * factories ({@code createInput}) fail its start, which a later tick makes again. An executor's
 * {@code Error} only costs parallelism and is thrown then too. Every tick past the checks counts,
 * and so does every job it started.
 *
 * <p>Inputs live in reused batch slots, outputs in each entity's own reused objects (its history
 * and a spare): in steady state a tick allocates nothing on the world's thread. A tick costs
 * O(jobs run), plus O(entities) once per batch to copy the keys (with tiers, O(entity ids / 64 ×
 * tiers + entities due)) and read the inputs with sync input. A subclass that overrides {@link #dispose()} must call
 * {@code super.dispose()}.
 *
 * @param <I> a job's input, written by {@link #setUpInput(int, Object)}
 * @param <O> a job's output, written by {@link #runJob(int, Object, Object)}
 */
public abstract class TimeslicedSystem<I, O> extends BaseEntitySystem {

    /** The history depth used when the constructor is not given one. */
    public static final int DEFAULT_HISTORY_DEPTH = 2;
    /** The history depth of a system that keeps none: a save is the {@link #outputSaved} call alone. */
    public static final int NO_HISTORY = 0;

    private IoPolicy policy;
    private Budget budget;
    private ThreadingSetting threading = ThreadingSetting.DEFAULT;
    private final Stats stats = new Stats();
    private final Batch batch;
    private final TickFailures failures = new TickFailures(this);
    private final JobAllowance allowance = new JobAllowance();
    private final TierSchedule schedule = new TierSchedule(this, failures);
    private final Histories<O> histories;
    private final WorldThreadJobs<I, O> worldThread;
    /** Made by the first worker threading (never in a browser); null until then. */
    private WorkerJobs<I, O> workers;
    private boolean disposed;

    /**
     * A system whose aspect comes from {@code @All/@One/@Exclude} on the concrete subclass, keeping
     * {@link #DEFAULT_HISTORY_DEPTH} outputs per entity in {@link DecisionHistory} itself: for the
     * one timesliced system of a world whose history the game reads.
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null
     */
    protected TimeslicedSystem(IoPolicy policy, Budget budget) {
        this(null, policy, budget, null, DEFAULT_HISTORY_DEPTH);
    }

    /**
     * As {@link #TimeslicedSystem(IoPolicy, Budget)}, over the given aspect ({@code null}: the
     * subclass's annotations).
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null
     */
    protected TimeslicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget) {
        this(aspect, policy, budget, null, DEFAULT_HISTORY_DEPTH);
    }

    /**
     * A system over the given aspect ({@code null}: the subclass's annotations) keeping
     * {@code historyDepth} outputs per entity in {@link DecisionHistory} itself. With
     * {@link #NO_HISTORY}, the usual choice for a system whose {@link #outputSaved} publishes all
     * the game reads: no history component, and any number of such systems in a world. With a
     * depth, for the one timesliced system of a world whose history the game reads.
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null, or
     *                                  {@code historyDepth} is below 0 or above 1,024
     */
    protected TimeslicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget, int historyDepth) {
        this(aspect, policy, budget, null, historyDepth);
    }

    /**
     * A system over the given aspect that keeps its saved outputs in the given history component
     * type, {@code historyDepth} outputs per entity: for a system whose history the game reads in a
     * world with other timesliced systems that keep one (each needs a type of its own).
     *
     * @param aspect       the entities to decide for; {@code null} to read the subclass's annotations
     * @param historyType  this system's own history component type (an empty subclass of
     *                     {@link DecisionHistory}); {@code null} for {@link DecisionHistory} itself,
     *                     which only one timesliced system in a world may use
     * @param historyDepth how many saved outputs each entity keeps, 1 to 1,024, or
     *                     {@link #NO_HISTORY}. A history takes about 20 × (depth + 1) + 8 bytes
     *                     per entity id up to the highest id seen, plus depth + 1 output objects
     *                     per entity, and holds ids up to {@link #highestEntityId(int)}, about
     *                     2<sup>30</sup> / (depth + 1): past that a batch start fails with an
     *                     {@code IllegalStateException} naming the id
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null, or
     *                                  {@code historyDepth} is below 0 or above 1,024
     */
    protected TimeslicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget,
                               Class<? extends DecisionHistory<O>> historyType, int historyDepth) {
        super(aspect);
        this.policy = notNull(policy, "policy");
        this.budget = notNull(budget, "budget");
        batch = new Batch(policy);
        histories = new Histories<>(this, historyType, historyDepth, batch, failures, stats);
        worldThread = new WorldThreadJobs<>(this, batch, histories, failures, stats);
    }

    /** Makes a new input object for a slot: only while a batch is larger than any before it. */
    protected abstract I createInput();

    /**
     * Makes a new output object: with a history, depth + 1 of them at an entity's first job (its
     * own, reused from then on, also by its id's next entity); without, one per slot while batches
     * grow.
     */
    protected abstract O createOutput();

    /**
     * Reads what the job for {@code entityId} needs into {@code input} (reused: overwrite every
     * field), on the world's thread: when the job starts (async input) or its batch starts (sync).
     */
    protected abstract void setUpInput(int entityId, I input);

    /**
     * The timesliced logic: decides for {@code entityId} from {@code input} and writes all of
     * {@code output} (the object is reused). With worker {@link Threading} it runs on a worker
     * thread, in parallel with other jobs and (next-tick) with other systems: touch nothing but the
     * input and output. Read the world in {@link #setUpInput}, write it in {@link #outputSaved}.
     */
    protected abstract void runJob(int entityId, I input, O output);

    /**
     * Prepares what every job of this system may read beside its input (the list of candidates a
     * job picks from, a spatial index), on the world's thread while no job of this system runs,
     * right before inputs are read: with async input (AIAO, AISO) once in each tick that starts
     * jobs, before the first starts (with {@link Threading#WORKERS_NEXT_TICK}, after the jobs of the
     * tick before have finished); with sync input (SIAO, SISO) at each batch's start, before the
     * finished batch's staged outputs are saved and the new batch's inputs are read. Jobs, on any
     * thread, may read what it prepared until its next call, and nothing else may change it
     * meanwhile. Prepare here, not in {@code begin()}: artemis calls {@code begin()} before this
     * system's turn, while jobs of the tick before may still run on workers. A throw leaves the
     * tick at once (no job of this system starts in it; the next tick calls again), as from
     * {@code world.process()}. Default: nothing.
     */
    protected void prepareJobs() {
    }

    /**
     * Called on the world's thread right after {@code output} became the latest output of
     * {@code entityId} (with {@link #NO_HISTORY}: when it would have; nothing keeps it): publish it
     * into the game's components here. The object is reused: copy from it, do not keep it.
     */
    protected void outputSaved(int entityId, O output) {
    }

    /**
     * The entity's significance tier, 0 to {@code tiers().count() - 1}: 0 decides in every batch,
     * higher tiers less often (see {@link Tiers}). Called on the world's thread when the entity
     * joins, then at least once per {@link Tiers#reassessSeconds()} by a sweep spread over the
     * ticks, and by {@link #reassess(int)}; never while there is only one tier. Default: 0.
     * A value out of range, or a throw, fails the tick with an {@code IllegalStateException}
     * naming the system, the entity and the value, when the tick's work is done ({@code reassess}
     * throws it at once; one asked as the entity joins, at the end of the system's next turn). The
     * entity keeps its tier (tier 0 if it just joined).
     */
    protected int tierOf(int entityId) {
        return 0;
    }

    /** Called on the world's thread when an entity joined, as artemis's {@code inserted}; its first job is in the next batch. */
    protected void entityJoined(int entityId) {
    }

    /**
     * Called on the world's thread when an entity left (deleted, or no longer matching), as artemis's
     * {@code removed}: its job is dropped and its history forgotten by then.
     */
    protected void entityLeft(int entityId) {
    }

    /**
     * The latest saved output for {@code entityId}, or {@code null} if none since it joined (always
     * with {@link #NO_HISTORY}). O(1). Reused: read it within the tick, on the world's thread.
     */
    @SuppressWarnings("unchecked")
    public O latestOutput(int entityId) {
        return (O) histories.store.latest(entityId);
    }

    /** The entity's decision history, or {@code null} if no output was saved since it joined. O(1). */
    public DecisionHistory<O> historyOf(int entityId) {
        return histories.of(entityId);
    }

    /**
     * Measures the ages of the subscribed entities' latest outputs into {@code ages} (returned): the
     * entities the system was told of, also while artemis tells of a change. O(entity ids / 64 +
     * entities).
     */
    public DecisionAges measureAges(DecisionAges ages) {
        return histories.measureAges(ages, schedule, -1);
    }

    /** As {@link #measureAges(DecisionAges)}, for the subscribed entities in {@code tier}. O(entity ids / 64 + entities). */
    public DecisionAges measureAges(int tier, DecisionAges ages) {
        return histories.measureAges(ages, schedule, checkedTier(tier));
    }

    /** This system's policy: the one the next batch will use. */
    public IoPolicy policy() {
        return policy;
    }

    /** The policy of the batch in progress. */
    public IoPolicy batchPolicy() {
        return batch.policy;
    }

    /**
     * Changes the policy from the next batch that starts in a later turn on.
     * @throws IllegalArgumentException if {@code policy} is null
     */
    public void setPolicy(IoPolicy policy) {
        this.policy = notNull(policy, "policy");
    }

    /** This system's budget. */
    public Budget budget() {
        return budget;
    }

    /**
     * Changes the budget from the next tick on; jobs the old one carried over are dropped.
     *
     * @throws IllegalArgumentException if {@code budget} is null
     */
    public void setBudget(Budget budget) {
        this.budget = notNull(budget, "budget");
    }

    /** Where jobs run; {@link Threading#WORLD_THREAD} unless set. */
    public Threading threading() {
        return threading.threading();
    }

    /**
     * The executor worker threading uses: the library's shared pool unless set (a
     * {@code ForkJoinPool} of daemon threads, one fewer than the processors and at least one, made
     * when first asked for; in a browser, the world's thread).
     */
    public Executor executor() {
        return threading.executor();
    }

    /**
     * Runs jobs as {@code threading} says, on the library's shared pool (see {@link #executor()}),
     * from the next tick on.
     *
     * @throws IllegalArgumentException if {@code threading} is null
     */
    public void setThreading(Threading threading) {
        use(ThreadingSetting.onSharedPool(threading, true));
    }

    /**
     * Runs jobs as {@code threading} says, on {@code executor}'s threads, from the next tick on (jobs
     * in flight finish first). A {@code ForkJoinPool} takes reusable tasks (no allocation per tick);
     * another executor gets {@code Runnable}s; none is shut down. With workers, a millis budget
     * bounds the summed job time, estimated from the cost measured on them. In a browser, which has
     * no threads for workers, jobs run on the world's thread whatever the threading, with the same
     * results.
     *
     * @throws IllegalArgumentException if {@code threading} or {@code executor} is null
     */
    public void setThreading(Threading threading, Executor executor) {
        use(ThreadingSetting.of(threading, executor, true));
    }

    private void use(ThreadingSetting setting) {
        if (setting.threading() != Threading.WORLD_THREAD && workers == null && !Platform.isWeb()) {
            WorkerJobs<I, O> made = new WorkerJobs<>(this, batch, histories, failures, stats, allowance);
            made.ensureCapacity(batch.capacity());
            workers = made;
        }
        threading = setting;
    }

    /** This system's significance tiers; {@code Tiers.decideEvery(1)} unless set. */
    public Tiers tiers() {
        return schedule.tiers;
    }

    /**
     * Gives the system significance tiers: which entities each batch holds, from the next batch
     * on. Entities keep their tier (the slowest, if there are fewer now) until their next
     * assessment, and are due within their new period: every entity the system was told of, also
     * while artemis tells of a change. Called from {@link #tierOf} with other periods, that call's
     * answer is not used, and the rest of the tick's sweep asks with the new tiers (none, with one). O(entity ids / 64
     * + entities) if the periods changed.
     *
     * @throws IllegalArgumentException if {@code tiers} is null
     */
    public void setTiers(Tiers tiers) {
        schedule.use(notNull(tiers, "tiers"), batch.nextIndex());
    }

    /** The tier the entity is in now, as its last assessment said; -1 if it is not subscribed. O(1). */
    public int tier(int entityId) {
        return schedule.tier(entityId);
    }

    /**
     * Asks {@link #tierOf(int)} for the entity now (a teleport, a spawn near the camera): a faster
     * tier puts it in the next batch that starts. Nothing for an entity not subscribed yet (it is
     * asked when it joins) or while there is only one tier. On the world's thread.
     *
     * @throws IllegalStateException if {@code tierOf} answers a tier out of range or throws
     */
    public void reassess(int entityId) {
        if (schedule.tiered() && schedule.tier(entityId) >= 0) {
            schedule.assess(entityId);
        }
    }

    /**
     * How many subscribed entities are in {@code tier} now. O(1).
     *
     * @throws IllegalArgumentException if {@code tier} is not a tier of {@link #tiers()}
     */
    public int entitiesInTier(int tier) {
        return schedule.entities[checkedTier(tier)];
    }

    /**
     * Decisions per game second for {@code tier}'s entities, over the last (longest period) batches
     * completed, which hold every phase of every tier; 0 before a batch completed. With one tier,
     * {@link #decisionsPerSecond()}. O(1).
     *
     * @throws IllegalArgumentException if {@code tier} is not a tier of {@link #tiers()}
     */
    public double decisionsPerSecond(int tier) {
        checkedTier(tier);
        return schedule.tiered() ? schedule.decisionsPerSecond[tier] : stats.decisionsPerSecond(); // one tier: all
    }

    /**
     * The highest entity id a system keeping {@code historyDepth} outputs per entity can hold
     * (about 2<sup>30</sup> / (depth + 1); any id with {@link #NO_HISTORY}).
     *
     * @throws IllegalArgumentException if {@code historyDepth} is below 0 or above 1,024
     */
    public static int highestEntityId(int historyDepth) {
        if (historyDepth < NO_HISTORY || historyDepth > DecisionStore.MAX_DEPTH) {
            throw new IllegalArgumentException("history depth must be from 0 to " + DecisionStore.MAX_DEPTH
                    + ", was " + historyDepth);
        }
        return historyDepth == NO_HISTORY ? Integer.MAX_VALUE : DecisionStore.highestEntityId(historyDepth);
    }

    /** How many saved outputs each entity's history keeps. */
    public final int historyDepth() {
        return histories.depth;
    }

    /** The component type this system keeps its saved outputs in (none with {@link #NO_HISTORY}). */
    public final Class<? extends DecisionHistory<O>> historyType() {
        return histories.type;
    }

    /** The current tick's index: 0 during the first processed tick. Saves record it. */
    public long tick() {
        return stats.tick;
    }

    /** Game time in seconds at the end of the current tick: the sum of the processed ticks' deltas. */
    public double gameSeconds() {
        return stats.gameSeconds;
    }

    /** How many jobs the last processed tick started (and, but for next-tick workers, finished). */
    public int jobsRunLastTick() {
        return stats.jobsRunLastTick;
    }

    /** How many jobs this system has started in all. */
    public long jobsRunTotal() {
        return stats.jobsRunTotal;
    }

    /** How many non-empty batches have finished (all their jobs run). */
    public long batchesCompleted() {
        return stats.batchesCompleted;
    }

    /** How many batches have started, the current one included (empty batches too). */
    public long batchesStarted() {
        return batch.batchesStarted;
    }

    /**
     * Decisions per game second over the last completed batch (its start to the next's); 0 before
     * one. With tiers, the sum of {@link #decisionsPerSecond(int)}: a batch holds only the entities due.
     */
    public double decisionsPerSecond() {
        if (!schedule.tiered()) {
            return stats.decisionsPerSecond();
        }
        double sum = 0;
        for (double perTier : schedule.decisionsPerSecond) {
            sum += perTier;
        }
        return sum;
    }

    /** How many ticks the last completed batch took, from its start to the next batch's start. */
    public long lastBatchTicks() {
        return stats.lastBatchTicks;
    }

    /** How many game seconds the last completed batch took, from its start to the next batch's start. */
    public double lastBatchSeconds() {
        return stats.lastBatchSeconds;
    }

    /** How many entities the current batch started with. */
    public int batchSize() {
        return batch.size;
    }

    /** Position in the current batch: its slots started or dropped so far, 0 to {@link #batchSize()}. */
    public int batchPosition() {
        return batch.position;
    }

    @Override
    protected void setWorld(World world) {
        super.setWorld(world);
        histories.bind(world);
    }

    @Override
    protected final void processSystem() {
        if (disposed) {
            throw new IllegalStateException(getClass().getName() + " was disposed");
        }
        float delta = Stats.checkedDelta(world.delta, this);
        // the turn's settings, read once: what a callback changes during the turn applies from the next
        IoPolicy nextBatchPolicy = policy;
        ThreadingSetting tickThreading = threading;
        allowance.use(budget);
        stats.tickStarted(delta);
        try {
            if (!Platform.isWeb() && workers != null) { // (each worker call is guarded so: see Platform.isWeb)
                if (workers.busy()) {
                    workers.finish(); // 1. the jobs started in the previous tick
                }
                workers.crew.setExecutor(tickThreading.executor());
            }
            batch.skipDropped();
            if (schedule.tiered()) {
                schedule.reassessSome(subscription.getEntities(), delta);
            }
            if (batch.finished() && !holdsEmptyBatch()) {
                startNextBatch(nextBatchPolicy); // 2.
            }
            runJobs(tickThreading.threading(), delta); // 3. and 4.
        } catch (Throwable thrown) {
            failures.attachTo(thrown, executorError()); // reported now, not in a later tick
            throw thrown;
        } finally {
            // every turn past the checks is a tick, and every job it started counts
            allowance.spent(stats.jobsThisTick);
            stats.tickEnded();
        }
        failures.throwIfAny(executorError());
    }

    /** The first {@code Error} the executor threw since the last call, or null. */
    private Error executorError() {
        return Platform.isWeb() || workers == null ? null : workers.crew.takeExecutorError();
    }

    /**
     * Saves the finished batch's staged outputs (sync output) and starts the next batch with the
     * subscription's entities. What may throw (a store that cannot grow, the game's factories) runs
     * first: a failure leaves the finished batch as it was, to be saved once by a later tick.
     */
    private void startNextBatch(IoPolicy nextPolicy) {
        if (nextPolicy.syncInput()) {
            prepareJobs(); // first: a throw leaves everything as it was, for the next tick to try again
        }
        IntBag entities = subscription.getEntities();
        int size = entities.size();
        if (size > 0) {
            histories.store.ensureEntity(entities.get(size - 1)); // ids ascend: the last is the largest
        }
        if (size > batch.capacity()) {
            worldThread.makeSharedObjects();
            batch.ensureCapacity(size, this::newInput, histories.depth == NO_HISTORY ? this::newOutput : null);
        }
        if (!Platform.isWeb() && workers != null) {
            workers.ensureCapacity(batch.capacity()); // O(1) unless the batch grew
        }
        if (batch.policy.syncOutput()) {
            histories.saveStaged();
        }
        stats.batchTurnedOver(batch.size);
        if (schedule.tiered()) {
            schedule.batchStarting(batch.nextIndex(), stats.endedBatchSeconds);
        }
        batch.start(entities, nextPolicy, schedule);
        if (nextPolicy.syncInput()) {
            worldThread.readInputs();
        }
    }

    /**
     * True if a batch that held no job (with tiers, none was due) goes on, so that a batch lasts
     * what its budget says even then: {@link Budget#batchEvery} keeps it for its period.
     */
    private boolean holdsEmptyBatch() {
        return batch.size == 0 && batch.batchesStarted > 0 && schedule.tiered()
                && allowance.holdsEmptyBatch(stats.batchSeconds);
    }

    /** Starts and finishes this tick's jobs where {@code threading} says, as many as the budget allows. */
    private void runJobs(Threading threading, float delta) {
        boolean onWorkers = !Platform.isWeb() && threading != Threading.WORLD_THREAD && workers != null;
        if (allowance.timed(onWorkers)) {
            prepareIfJobsStart(1); // at least one job runs, if the batch has one to start
            worldThread.runFor(allowance.nanosPerTick());
            return;
        }
        int jobs = allowance.release(delta, batch.size, onWorkers);
        prepareIfJobsStart(jobs);
        if (Platform.isWeb() || !onWorkers) {
            worldThread.run(jobs);
        } else if (threading == Threading.WORKERS_NEXT_TICK) {
            workers.start(jobs, false);
        } else {
            try {
                workers.start(jobs, true);
            } finally {
                workers.finish(); // also when a VM error leaves: no job is finished a tick late
            }
        }
    }

    /** With async input, {@link #prepareJobs()} before the first of this tick's {@code jobs}, if any starts. */
    private void prepareIfJobsStart(int jobs) {
        if (jobs > 0 && !batch.finished() && !batch.policy.syncInput()) {
            prepareJobs();
        }
    }

    /** Lets the jobs in flight finish, drops their outputs and refuses to process again; {@code World.dispose()} calls it. */
    @Override
    protected void dispose() {
        if (!Platform.isWeb() && workers != null) {
            workers.abandon();
        }
        disposed = true;
    }

    /** Artemis's notice: as {@link #removed(IntBag)} for one entity. Final: recycled ids stay safe. */
    @Override
    protected final void removed(int entityId) {
        IntBag one = new IntBag(1);
        one.add(entityId);
        removed(one);
    }

    /** Artemis's notice: as {@link #inserted(IntBag)} for one entity. */
    @Override
    protected final void inserted(int entityId) {
        IntBag one = new IntBag(1);
        one.add(entityId);
        inserted(one);
    }

    /**
     * Artemis's notice: forgets every entity first, then calls {@link #entityLeft(int)} for each.
     * What a hook throws is thrown at the end of the system's next turn.
     */
    @Override
    public final void removed(IntBag entities) {
        EntityNotices.left(entities, this, failures);
    }

    /**
     * Artemis's notice that entities joined: asks their tiers, then calls
     * {@link #entityJoined(int)} for each. What a tier or a hook throws is thrown at the end of
     * the system's next turn.
     */
    @Override
    public final void inserted(IntBag entities) {
        EntityNotices.joined(entities, this, failures);
    }

    /** Drops the entity's job, its history and its tier, so nothing of it reaches its id's next entity. */
    void forget(int entityId) {
        if (batch.dropEntity(entityId)) {
            schedule.slotDropped(entityId); // a job fewer in its tier's decisions per second
        }
        histories.forget(entityId, world);
        schedule.left(entityId);
    }

    /** The entity's slot in the batch in progress runs no job (its input failed): a job fewer in its tier's count. */
    void slotNotRun(int entityId) {
        schedule.slotDropped(entityId);
    }

    /** Schedules the entity that joined for the next batch and, with tiers, asks its tier. */
    void join(int entityId) {
        schedule.joined(entityId);
        if (schedule.tiered()) {
            schedule.assess(entityId);
        }
    }

    private int checkedTier(int tier) {
        if (tier < 0 || tier >= schedule.tiers.count()) {
            throw new IllegalArgumentException("tier must be from 0 to " + (schedule.tiers.count() - 1) + ", was " + tier);
        }
        return tier;
    }

    /** The game's factories, checked: a null would fail far from its cause. */
    I newInput() {
        return made(createInput(), "createInput");
    }

    O newOutput() {
        return made(createOutput(), "createOutput");
    }

    private static <T> T notNull(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null, was null");
        }
        return value;
    }

    private <T> T made(T object, String factory) {
        if (object == null) {
            throw new IllegalStateException(getClass().getName() + "." + factory + "() returned null");
        }
        return object;
    }
}
