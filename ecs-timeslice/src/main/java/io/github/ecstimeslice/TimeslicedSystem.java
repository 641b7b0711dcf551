package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.annotations.SkipWire;
import com.artemis.utils.Bag;
import com.artemis.utils.BitVector;
import com.artemis.utils.ImmutableBag;
import com.artemis.utils.IntBag;

import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An entity system that runs one decision job per subscribed entity per batch, spread over as many
 * ticks as its {@link Budget} needs, with the input and output timing of its {@link IoPolicy}: the
 * seed's {@code Timeslicer}, keyed by entity id.
 *
 * <p>Each tick ({@code world.process()}), in this order:
 * <ol>
 * <li>({@link Threading#WORKERS_NEXT_TICK} only) finish the jobs started in the previous tick;</li>
 * <li>if every job of the current batch has finished: save the staged outputs (sync output), then
 *     start a new batch with the subscription's entities in ascending id order, reading every
 *     job's input now (sync input);</li>
 * <li>start and finish jobs until the budget is spent or the batch has no jobs left; a tick never
 *     starts jobs of two batches;</li>
 * <li>with async output, each job's output is saved as it finishes.</li>
 * </ol>
 * A save puts the output into the entity's {@link DecisionHistory} component and then calls
 * {@link #outputSaved(int, Object)}, where a subclass publishes it into the game's components; a
 * system built with {@link #NO_HISTORY} keeps no history and a save is only that call.
 *
 * <p>Entities may come and go: one that joins mid-batch gets its first job in the next batch; one
 * that leaves mid-batch gets no job from then on, its staged or in-flight output is dropped and its
 * history is cleared; a recycled id never sees what was computed for the entity that had it before.
 * Changes made during the system's own turn reach it as artemis delivers them to every system, when
 * the turn ends: an entity that one of its callbacks deletes (or takes out of the aspect) is still
 * subscribed until then, so its job may still run and its output be saved and published in that
 * turn, while its components are still readable. Nothing is left behind: when the turn ends its
 * history goes, and so does a history component its first save attached after the deletion (which
 * artemis would not remove), so the id's next entity starts with none. Override
 * {@link #entityJoined(int)} and {@link #entityLeft(int)} to see entities come and go.
 *
 * <p>A turn reads the settings once, at its start: {@link #setBudget}, {@link #setThreading} and
 * {@link #setPolicy}, even when called from a callback mid-turn, apply from the next tick (the
 * policy from the first batch that starts in a later turn). A tick needs a {@code world.delta}
 * that is finite and not negative; any other is rejected with an {@link IllegalArgumentException}
 * before anything of the tick changes, so the next valid tick goes on as if it never happened.
 *
 * <p>Failures: whatever {@code setUpInput}, {@code runJob} or {@code outputSaved} throws (a
 * checked exception thrown sneakily too) fails that job alone and is thrown as a
 * {@link JobFailedException} when the tick's work is done; a {@link VirtualMachineError} is
 * rethrown at once. An {@code Error} from the executor (no thread could be made) only costs
 * parallelism: the world's thread runs the refused jobs, and the error is thrown once the tick's
 * work is done, with that tick's {@code JobFailedException} attached as suppressed. What {@code createInput} or {@code createOutput} throws at a batch start leaves
 * {@code world.process()} as it is, and the next tick tries again. Every tick that got past the
 * checks counts ({@link #tick()}), and so does every job it started, whatever was thrown.
 *
 * <p>Inputs and outputs live in preallocated slots ({@link #createInput()},
 * {@link #createOutput()}) that are reused; in steady state a tick allocates nothing on the world's
 * thread. A tick costs O(jobs run), plus O(entities) once per batch for copying the keys (and
 * reading inputs with sync input).
 *
 * <p>The aspect comes from {@code @All/@One/@Exclude} on the concrete subclass, or from the
 * {@code Aspect.Builder} given to the constructor. A subclass that overrides {@link #dispose()}
 * must call {@code super.dispose()}.
 *
 * @param <I> a job's input, written by {@link #setUpInput(int, Object)}
 * @param <O> a job's output, written by {@link #runJob(int, Object, Object)}
 */
public abstract class TimeslicedSystem<I, O> extends BaseEntitySystem {

    /** The history depth used when the constructor is not given one. */
    public static final int DEFAULT_HISTORY_DEPTH = 2;
    /**
     * The history depth of a system that keeps no history: its outputs reach the game only
     * through {@link #outputSaved(int, Object)}, and saving one costs no more than that call.
     */
    public static final int NO_HISTORY = 0;

    private IoPolicy policy;
    private Budget budget;
    private Budget lastTickBudget;
    private final JobAllowance allowance = new JobAllowance();
    private final Class<? extends DecisionHistory<O>> historyType;
    private final int historyDepth;

    @SkipWire
    private ComponentMapper<? extends DecisionHistory<O>> histories;
    /** The components of an entity that leaves, for {@link #detachHistoryOutsideComposition}; reused. */
    private final Bag<Component> composition = new Bag<>();
    private final DecisionStore store;

    /** The current batch's keys, ascending; {@code keys[0, batchSize)} are valid. */
    private int[] keys = new int[0];
    /**
     * The current batch's dropped slots (their entity left, or their job failed): they get no job
     * and no save. One bit per slot, cleared when a batch starts.
     */
    private final BitVector droppedSlots = new BitVector();
    /** Counts drop marks in the current batch (a slot may be marked twice): 0 if and only if no bit is set. */
    private int droppedCount;
    private Object[] inputs = new Object[0];
    /**
     * The input of every job run on the world's thread with async input: read right before its job
     * runs, so one object serves them all and stays in the cache.
     */
    private Object jobInput;
    /**
     * With {@link #NO_HISTORY}, the output of every job run on the world's thread with async
     * output: published as soon as its job ran, so one object serves them all.
     */
    private Object jobOutput;
    /** Per slot: the handle of its output object in the {@link #store}'s pool. */
    private int[] outputs = new int[0];

    /** The policy of the current batch: read from {@link #policy} when a batch starts. */
    private IoPolicy batchPolicy;
    private int batchSize;
    /** Next slot to start; slots before it have been started or dropped. */
    private int cursor;
    /** With sync output, the first staged output not saved yet at the batch's end (a VM error stopped an attempt). */
    private int stagedSaved;
    /** Counts started batches. */
    private long batchNumber;

    private Threading threading = Threading.WORLD_THREAD;
    private Executor executor = ForkJoinPool.commonPool();
    @SkipWire
    private final WorkerCrew crew = new WorkerCrew(this::runStartedJobs, 4);
    /** Slots of the jobs handed to the workers, in slot order; {@code started[0, startedCount)}. */
    private int[] started = new int[0];
    private int startedCount;
    /** Per started index, what its job threw, or null; written by the workers. */
    private Throwable[] startedFailures = new Throwable[0];
    /** Summed wall time of the jobs run on workers, for a millis budget's estimate. */
    private final AtomicLong workerJobNanos = new AtomicLong();
    private double nanosPerJob = -1;

    /** The first failure of this tick, thrown when the tick's work is done. */
    private JobFailedException failure;
    private boolean disposed;

    private long tick;
    private double gameSeconds;

    private int jobsRunLastTick;
    private long batchesCompleted;
    private long jobsRunTotal;
    /** Jobs started in this tick so far; the job runners add theirs as they leave. */
    private int jobsThisTick;
    private long batchStartJobs;
    private long batchStartTick;
    private double batchStartSeconds;
    private long lastBatchJobs;
    private long lastBatchTicks;
    private double lastBatchSeconds;

    /**
     * A system whose aspect comes from {@code @All/@One/@Exclude} on the concrete subclass, with a
     * {@link DecisionHistory} of depth {@link #DEFAULT_HISTORY_DEPTH}.
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null
     */
    protected TimeslicedSystem(IoPolicy policy, Budget budget) {
        this(null, policy, budget, null, DEFAULT_HISTORY_DEPTH);
    }

    /**
     * A system over the given aspect, with a {@link DecisionHistory} of depth
     * {@link #DEFAULT_HISTORY_DEPTH}.
     *
     * @param aspect the entities to decide for; {@code null} to read the subclass's annotations
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null
     */
    protected TimeslicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget) {
        this(aspect, policy, budget, null, DEFAULT_HISTORY_DEPTH);
    }

    /**
     * A system over the given aspect that keeps its saved outputs in the given history component
     * type, {@code historyDepth} outputs per entity.
     *
     * @param aspect       the entities to decide for; {@code null} to read the subclass's annotations
     * @param historyType  this system's own history component type (an empty subclass of
     *                     {@link DecisionHistory}); {@code null} for {@link DecisionHistory} itself,
     *                     which only one timesliced system in a world may use
     * @param historyDepth how many saved outputs each entity keeps, 1 to 1,024, or
     *                     {@link #NO_HISTORY} (then {@code historyType} is not used). A history
     *                     takes about 24 × depth + 4 bytes per entity id up to the highest id
     *                     seen, and holds ids up to about 2<sup>31</sup> / (3 × depth): 699,049 at
     *                     depth 1,024; past that a batch start fails with an
     *                     {@code IllegalStateException} naming the id
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null, or
     *                                  {@code historyDepth} is below 0 or above 1,024
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected TimeslicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget,
                               Class<? extends DecisionHistory<O>> historyType, int historyDepth) {
        super(aspect);
        if (policy == null) {
            throw new IllegalArgumentException("policy must not be null, was null");
        }
        if (budget == null) {
            throw new IllegalArgumentException("budget must not be null, was null");
        }
        if (historyDepth < NO_HISTORY || historyDepth > DecisionStore.MAX_DEPTH) {
            throw new IllegalArgumentException("history depth must be from 0 to " + DecisionStore.MAX_DEPTH
                    + ", was " + historyDepth);
        }
        this.policy = policy;
        this.budget = budget;
        this.historyType = historyType != null
                ? historyType
                : (Class<? extends DecisionHistory<O>>) (Class) DecisionHistory.class;
        this.historyDepth = historyDepth;
        this.store = new DecisionStore(historyDepth);
        this.batchPolicy = policy;
        crew.setExecutor(executor);
    }

    /**
     * Makes a new input object for a slot. Called when the system needs more slots than it has
     * (a batch larger than any before it), never in steady state.
     */
    protected abstract I createInput();

    /**
     * Makes a new output object for a slot or a history entry. Called while slots and histories
     * fill up, never in steady state.
     */
    protected abstract O createOutput();

    /**
     * Reads what the job for {@code entityId} needs into {@code input}, on the world's thread: when
     * the job starts (async input) or when its batch starts (sync input). The seed's "set up input
     * for job". Overwrite every field: the object is reused.
     */
    protected abstract void setUpInput(int entityId, I input);

    /**
     * The timesliced logic: decides for {@code entityId} from {@code input} and writes all of
     * {@code output} (the object is reused). With worker {@link Threading} it runs on a worker
     * thread, in parallel with other jobs and (with {@link Threading#WORKERS_NEXT_TICK}) with other
     * systems: touch nothing but the input and output. Read the world in
     * {@link #setUpInput(int, Object)}, write it in {@link #outputSaved(int, Object)}.
     */
    protected abstract void runJob(int entityId, I input, O output);

    /**
     * Called on the world's thread right after {@code output} became the latest output of
     * {@code entityId} (with {@link #NO_HISTORY}: when it would have; nothing keeps it); publish it
     * into the game's components here. Does nothing by default. {@code output} is owned by the
     * system and reused, with no history by the very next job: copy from it, do not keep it.
     */
    protected void outputSaved(int entityId, O output) {
    }

    /**
     * The latest saved output for {@code entityId}, or {@code null} if none has been saved since it
     * joined the system (always {@code null} with {@link #NO_HISTORY}). O(1): one array read. The
     * object is owned by the system and reused: read it within the tick, on the world's thread.
     */
    @SuppressWarnings("unchecked")
    public O latestOutput(int entityId) {
        return (O) store.latest(entityId);
    }

    /**
     * The entity's decision history component, or {@code null} if the system has saved no output
     * for it since it joined (always {@code null} with {@link #NO_HISTORY}). O(1). Read it within
     * the tick, on the world's thread.
     */
    public DecisionHistory<O> historyOf(int entityId) {
        return store.attached(entityId) ? histories.get(entityId) : null;
    }

    /** This system's policy: the one the next batch will use. */
    public IoPolicy policy() {
        return policy;
    }

    /** The policy of the batch in progress. */
    public IoPolicy batchPolicy() {
        return batchPolicy;
    }

    /**
     * Changes the policy from the next batch on; the batch in progress finishes under the policy
     * it started with, and so does a batch that starts in the turn this is called in.
     *
     * @throws IllegalArgumentException if {@code policy} is null
     */
    public void setPolicy(IoPolicy policy) {
        if (policy == null) {
            throw new IllegalArgumentException("policy must not be null, was null");
        }
        this.policy = policy;
    }

    /** This system's budget. */
    public Budget budget() {
        return budget;
    }

    /**
     * Changes the budget from the next tick on (also when called during this system's turn). Jobs
     * carried over by the old budget are dropped (also when the same budget is set again after
     * another).
     *
     * @throws IllegalArgumentException if {@code budget} is null
     */
    public void setBudget(Budget budget) {
        if (budget == null) {
            throw new IllegalArgumentException("budget must not be null, was null");
        }
        this.budget = budget;
    }

    /** Where jobs run; {@link Threading#WORLD_THREAD} unless set. */
    public Threading threading() {
        return threading;
    }

    /** The executor worker threading uses; {@link ForkJoinPool#commonPool()} unless set. */
    public Executor executor() {
        return executor;
    }

    /**
     * Runs jobs on {@link ForkJoinPool#commonPool()} or the world's thread, from the next tick on.
     * Jobs in flight are finished first, as usual, at the start of the next tick.
     *
     * @throws IllegalArgumentException if {@code threading} is null
     */
    public void setThreading(Threading threading) {
        setThreading(threading, ForkJoinPool.commonPool());
    }

    /**
     * Runs jobs as {@code threading} says, on {@code executor}'s threads for the worker modes, from
     * the next tick on (also when called during this system's turn). A {@link ForkJoinPool} takes
     * the system's reusable tasks as they are (no allocation per tick); another executor gets them
     * as {@code Runnable}s. The system does not
     * shut the executor down. With workers, a {@link Budget#millisPerTick(double)} budget bounds
     * the summed time of a tick's jobs, estimated from the job cost measured on the workers.
     *
     * @throws IllegalArgumentException if {@code threading} or {@code executor} is null
     */
    public void setThreading(Threading threading, Executor executor) {
        if (threading == null) {
            throw new IllegalArgumentException("threading must not be null, was null");
        }
        if (executor == null) {
            throw new IllegalArgumentException("executor must not be null, was null");
        }
        this.threading = threading;
        this.executor = executor;
    }

    /** How many saved outputs each entity's history keeps. */
    public int historyDepth() {
        return historyDepth;
    }

    /** The component type this system keeps its saved outputs in (none with {@link #NO_HISTORY}). */
    public Class<? extends DecisionHistory<O>> historyType() {
        return historyType;
    }

    /**
     * The index of the current tick: 0 during the first tick this system processes, then one more
     * per processed tick. Saves record it; see {@link DecisionHistory#savedAtTick(int)}.
     */
    public long tick() {
        return tick;
    }

    /**
     * Game time in seconds at the end of the current tick: the sum of {@code world.delta} over the
     * ticks this system has processed, this one included.
     */
    public double gameSeconds() {
        return gameSeconds;
    }

    /** How many jobs the last processed tick started (and, but for next-tick workers, finished). */
    public int jobsRunLastTick() {
        return jobsRunLastTick;
    }

    /** How many jobs this system has started in all. */
    public long jobsRunTotal() {
        return jobsRunTotal;
    }

    /** How many non-empty batches have finished (all their jobs run). */
    public long batchesCompleted() {
        return batchesCompleted;
    }

    /** How many batches have started, the current one included (empty batches too). */
    public long batchesStarted() {
        return batchNumber;
    }

    /**
     * Decisions per second of game time over the last completed batch (from its start to the next
     * batch's start); 0 before a batch has completed.
     */
    public double decisionsPerSecond() {
        return lastBatchSeconds > 0 ? lastBatchJobs / lastBatchSeconds : 0;
    }

    /** How many ticks the last completed batch took, from its start to the next batch's start. */
    public long lastBatchTicks() {
        return lastBatchTicks;
    }

    /** How many game seconds the last completed batch took, from its start to the next batch's start. */
    public double lastBatchSeconds() {
        return lastBatchSeconds;
    }

    /** How many entities the current batch started with. */
    public int batchSize() {
        return batchSize;
    }

    /**
     * Position in the current batch: how many of its slots have been started or dropped, from 0 to
     * {@link #batchSize()}.
     */
    public int batchPosition() {
        return cursor;
    }

    /**
     * Measures how old the latest outputs of the subscribed entities are, between ticks, into
     * {@code ages} (returned). O(entities); allocates nothing. With {@link #NO_HISTORY} no entity
     * has a kept output to measure: {@link DecisionAges#withOutput()} is 0.
     */
    public DecisionAges measureAges(DecisionAges ages) {
        IntBag entities = subscription.getEntities();
        int[] ids = entities.getData();
        long lastTick = tick - 1;
        int withOutput = 0;
        long sumTicks = 0;
        long maxTicks = 0;
        double sumSeconds = 0;
        double maxSeconds = 0;
        for (int i = 0, s = entities.size(); s > i; i++) {
            int entity = ids[i];
            if (store.size(entity) == 0) {
                continue;
            }
            withOutput++;
            long ageTicks = lastTick - store.savedAtTick(entity, 0);
            double ageSeconds = gameSeconds - store.savedAtSeconds(entity, 0);
            sumTicks += ageTicks;
            sumSeconds += ageSeconds;
            maxTicks = Math.max(maxTicks, ageTicks);
            maxSeconds = Math.max(maxSeconds, ageSeconds);
        }
        ages.entities = entities.size();
        ages.withOutput = withOutput;
        ages.meanTicks = withOutput == 0 ? 0 : (double) sumTicks / withOutput;
        ages.maxTicks = maxTicks;
        ages.meanSeconds = withOutput == 0 ? 0 : sumSeconds / withOutput;
        ages.maxSeconds = maxSeconds;
        return ages;
    }

    @Override
    protected void setWorld(World world) {
        super.setWorld(world);
        // by index: a Bag's iterator is shared, and the world is iterating its systems right now
        ImmutableBag<BaseSystem> systems = world.getSystems();
        for (int i = 0, s = systems.size(); s > i; i++) {
            BaseSystem other = systems.get(i);
            if (other != this && other instanceof TimeslicedSystem && historyDepth != NO_HISTORY
                    && ((TimeslicedSystem<?, ?>) other).historyDepth != NO_HISTORY
                    && ((TimeslicedSystem<?, ?>) other).historyType == historyType) {
                throw new IllegalStateException(getClass().getName() + " and " + other.getClass().getName()
                        + " both keep their outputs in " + historyType.getName()
                        + ": give each timesliced system its own DecisionHistory subclass");
            }
        }
        if (historyDepth != NO_HISTORY) {
            histories = world.getMapper(historyType);
        }
    }

    @Override
    protected final void processSystem() {
        if (disposed) {
            throw new IllegalStateException(getClass().getName() + " was disposed");
        }
        float delta = world.delta;
        if (!(delta >= 0) || delta == Float.POSITIVE_INFINITY) { // NaN fails the first test
            throw new IllegalArgumentException(getClass().getName()
                    + ": world.delta must be finite and at least 0, was " + delta);
        }
        // the turn's settings, read once: what a callback changes during the turn applies from the next
        Budget tickBudget = budget;
        Threading tickThreading = threading;
        Executor tickExecutor = executor;
        IoPolicy nextBatchPolicy = policy;
        if (tickBudget != lastTickBudget) {
            allowance.reset();
            lastTickBudget = tickBudget;
        }
        boolean millis = tickBudget.kind() == Budget.Kind.MILLIS_PER_TICK;
        double tickStartSeconds = gameSeconds;
        gameSeconds += delta;
        jobsThisTick = 0;
        try {
            if (crew.busy()) {
                finishStartedJobs(); // jobs started in the previous tick (next-tick workers)
            }
            if (crew.executor() != tickExecutor) {
                crew.setExecutor(tickExecutor);
            }
            skipDroppedSlots();
            if (cursor == batchSize) {
                makeRoomForNextBatch(); // first: if it throws, the finished batch is left as it was
                if (batchPolicy.syncOutput()) {
                    saveStagedOutputs();
                }
                if (batchSize > 0) {
                    batchesCompleted++;
                    lastBatchJobs = jobsRunTotal - batchStartJobs;
                    lastBatchTicks = tick - batchStartTick;
                    lastBatchSeconds = tickStartSeconds - batchStartSeconds;
                }
                batchStartJobs = jobsRunTotal;
                batchStartTick = tick;
                batchStartSeconds = tickStartSeconds;
                startBatch(nextBatchPolicy);
            }
            if (tickThreading == Threading.WORLD_THREAD) {
                if (millis) {
                    runJobsFor((long) (tickBudget.amount() * 1_000_000));
                } else {
                    runJobs(allowance.release(tickBudget, delta, batchSize));
                }
            } else {
                int allowed = millis
                        ? estimatedJobsFor(tickBudget.amount() * 1_000_000)
                        : allowance.release(tickBudget, delta, batchSize);
                boolean sameTick = tickThreading == Threading.WORKERS_SAME_TICK;
                try {
                    startJobs(allowed, sameTick);
                } finally {
                    if (sameTick) {
                        finishStartedJobs(); // also when a VM error leaves: no job is finished a tick late
                    }
                }
            }
        } catch (Throwable thrown) {
            attachFailures(thrown); // reported now, with what leaves, not in a later tick
            throw thrown;
        } finally {
            // every turn past the checks above is a tick, and every job it started counts
            if (!millis) {
                allowance.spent(jobsThisTick);
            }
            jobsRunLastTick = jobsThisTick;
            jobsRunTotal += jobsThisTick;
            tick++;
        }
        throwFailure();
    }

    /**
     * Lets the jobs in flight finish (running on this thread any that no worker has started) and
     * drops their outputs (the world is going away), then refuses to process again. Called by
     * {@code World.dispose()}.
     */
    @Override
    protected void dispose() {
        crew.await();
        startedCount = 0;
        disposed = true;
    }

    /**
     * Artemis's notice that an entity left: drops its job and forgets its history, then calls
     * {@link #entityLeft(int)}. Final, so that no subclass can lose the protection of recycled ids.
     */
    @Override
    protected final void removed(int entityId) {
        forget(entityId);
        entityLeft(entityId);
    }

    /** Drops the entity's job from the batch and its history, so nothing of it reaches its id's next entity. */
    private void forget(int entityId) {
        int slot = Arrays.binarySearch(keys, 0, batchSize, entityId);
        if (slot >= 0) {
            markDropped(slot);
        }
        if (store.attached(entityId)) {
            detachHistoryOutsideComposition(entityId);
        }
        store.clear(entityId);
    }

    /**
     * Takes off the entity's history component if artemis does not count it as the entity's: one
     * attached by a first save after the entity was deleted in the same turn (artemis keeps a deleted
     * entity subscribed until the turn ends, but no longer records components added to it, so would
     * never remove it, and the id's next entity would inherit it). O(the entity's components).
     */
    private void detachHistoryOutsideComposition(int entityId) {
        DecisionHistory<O> history = histories.get(entityId);
        composition.clear();
        world.getComponentManager().getComponentsFor(entityId, composition);
        if (history != null && !composition.contains(history)) {
            histories.remove(entityId);
        }
        composition.clear();
    }

    /** Artemis's notice that an entity joined: calls {@link #entityJoined(int)}; its first job is in the next batch. */
    @Override
    protected final void inserted(int entityId) {
        entityJoined(entityId);
    }

    /**
     * Artemis's notice that entities left: forgets every one of them first, then calls
     * {@link #entityLeft(int)} for each, so a hook that throws cannot keep a later one's job or
     * history alive (the first throw is rethrown once every hook ran). Final for the same reason.
     */
    @Override
    public final void removed(IntBag entities) {
        int[] ids = entities.getData();
        for (int i = 0, s = entities.size(); s > i; i++) {
            forget(ids[i]);
        }
        tellHooks(entities, false);
    }

    /** Artemis's notice that entities joined: calls {@link #entityJoined(int)} for each, even after one throws. */
    @Override
    public final void inserted(IntBag entities) {
        tellHooks(entities, true);
    }

    /** Calls the joined or the left hook for every entity; the first throw is rethrown once all were called. */
    private void tellHooks(IntBag entities, boolean joined) {
        int[] ids = entities.getData();
        Throwable failed = null;
        for (int i = 0, s = entities.size(); s > i; i++) {
            try {
                if (joined) {
                    entityJoined(ids[i]);
                } else {
                    entityLeft(ids[i]);
                }
            } catch (Throwable thrown) {
                failed = firstOf(failed, thrown);
            }
        }
        rethrow(failed);
    }

    private static Throwable firstOf(Throwable first, Throwable next) {
        if (first == null) {
            return next;
        }
        if (first != next) {
            first.addSuppressed(next);
        }
        return first;
    }

    /** Throws {@code thrown} if not null: as it is if unchecked, else in an IllegalStateException. */
    private static void rethrow(Throwable thrown) {
        if (thrown instanceof RuntimeException) {
            throw (RuntimeException) thrown;
        }
        if (thrown instanceof Error) {
            throw (Error) thrown;
        }
        if (thrown != null) {
            throw new IllegalStateException("an entityJoined or entityLeft hook failed", thrown);
        }
    }

    /**
     * Called on the world's thread when an entity joins the system (created with the aspect's
     * components, or given them), as artemis's {@code inserted}: between systems, after the change
     * was made. Its first job comes in the next batch. Does nothing by default; override freely.
     */
    protected void entityJoined(int entityId) {
    }

    /**
     * Called on the world's thread when an entity left the system (deleted, or no longer matching
     * the aspect), as artemis's {@code removed}: between systems, after the change was made. By
     * then the system has dropped its job and forgotten its history, so nothing computed for it
     * can reach an entity that gets its id later. Does nothing by default; override freely.
     */
    protected void entityLeft(int entityId) {
    }

    /**
     * Grows the store and the slots for a batch of the subscription's entities. All that may throw
     * at a batch boundary (a store that cannot grow, the game's {@code createInput} or
     * {@code createOutput}) runs here, before the finished batch's outputs are saved: a failure
     * leaves the finished batch as it was, to be saved once when a later tick gets past this.
     */
    private void makeRoomForNextBatch() {
        IntBag entities = subscription.getEntities();
        int size = entities.size();
        if (size > 0) {
            // ids ascend: the last is the largest, so the batch's saves need no bounds check
            store.ensureEntity(entities.get(size - 1));
        }
        ensureSlots(size);
    }

    private void startBatch(IoPolicy policy) {
        IntBag entities = subscription.getEntities();
        int size = entities.size();
        System.arraycopy(entities.getData(), 0, keys, 0, size);
        batchSize = size;
        cursor = 0;
        stagedSaved = 0;
        batchNumber++;
        if (droppedCount != 0) {
            droppedSlots.clear();
            droppedCount = 0;
        }
        batchPolicy = policy;
        if (policy.syncInput()) {
            readAllInputs();
        }
    }

    @SuppressWarnings("unchecked")
    private void readAllInputs() {
        int[] k = keys;
        Object[] in = inputs;
        for (int slot = 0, s = batchSize; s > slot; slot++) {
            try {
                setUpInput(k[slot], (I) in[slot]);
            } catch (Throwable thrown) {
                if (thrown instanceof VirtualMachineError) { // it leaves at once: no job may run on an old input
                    for (int unread = slot; s > unread; unread++) {
                        markDropped(unread);
                    }
                }
                drop(slot, thrown);
            }
        }
    }

    /**
     * Starts and finishes, on the world's thread, up to {@code maxJobs} jobs of the current batch;
     * returns how many ran. With async output each job's output is saved right after it ran (with
     * {@link #NO_HISTORY}, in {@link #publishJobs}); with sync output it stays in its slot for the
     * batch's end. The loop keeps what it uses in locals:
     * the job's calls could change any field, so the JIT would read a field again for every job,
     * and on JDK 17 {@code Math.atan2}-like native calls fence memory, so each such dependent read
     * is paid in full (measured: 5 to 10% of a job loop like the seed's walker).
     */
    @SuppressWarnings("unchecked")
    private int runJobs(int maxJobs) {
        boolean syncInput = batchPolicy.syncInput();
        boolean syncOutput = batchPolicy.syncOutput();
        if (!syncOutput && historyDepth == NO_HISTORY) {
            return publishJobs(maxJobs, syncInput); // fewer locals to keep across the job's calls
        }
        int[] k = keys;
        int[] out = outputs;
        Object[] in = inputs;
        I sharedInput = (I) jobInput;
        DecisionStore kept = store;
        Object[] pool = kept.pool();
        int[] rings = kept.rings();
        long[] entries = kept.entries();
        int depth = kept.depth();
        int fullState = kept.fullState();
        long savedTick = tick;
        long savedSecondsBits = Double.doubleToRawLongBits(gameSeconds);
        int size = batchSize;
        int slot = cursor;
        int ran = 0;
        try {
            while (maxJobs > ran && size > slot) {
                int current = slot++;
                if (isDropped(current)) {
                    continue;
                }
                int entityId = k[current];
                try {
                    I input = syncInput ? (I) in[current] : sharedInput;
                    if (!syncInput) {
                        setUpInput(entityId, input);
                    }
                    ran++;
                    int output = out[current];
                    O object = (O) pool[output];
                    runJob(entityId, input, object);
                    if (!syncOutput) { // save(slot), with the store's arrays in locals
                        int displaced = DecisionStore.pushIfFull(rings, entries, depth, fullState, entityId, output,
                                savedTick, savedSecondsBits);
                        if (displaced == DecisionStore.NONE) {
                            displaced = firstSaves(entityId, output);
                            pool = kept.pool(); // the cold path may have grown the pool
                        }
                        out[current] = displaced;
                        outputSaved(entityId, object);
                    }
                } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
                    drop(current, thrown);
                }
            }
        } finally {
            cursor = slot; // also when a VM error leaves: the jobs started so far stay started and count
            jobsThisTick += ran;
        }
        skipDroppedSlots();
        return ran;
    }

    /**
     * {@link #runJobs} for a system with {@link #NO_HISTORY} and async output: each output is
     * published as soon as its job ran, through one shared output object. The loop's state is in
     * locals: the job's calls could change any field, so a field would be read again every job. A
     * loop of its own rather than a branch in {@code runJobs}: the store's locals there stay live
     * across the job's calls, and keeping them cost this loop about 5% (measured on JDK 17).
     */
    @SuppressWarnings("unchecked")
    private int publishJobs(int maxJobs, boolean syncInput) {
        int[] k = keys;
        Object[] in = inputs;
        I shared = (I) jobInput;
        O output = (O) jobOutput;
        int size = batchSize;
        int slot = cursor;
        int ran = 0;
        try {
            while (maxJobs > ran && size > slot) {
                int current = slot++;
                if (isDropped(current)) {
                    continue;
                }
                int entityId = k[current];
                try {
                    I input = syncInput ? (I) in[current] : shared;
                    if (!syncInput) {
                        setUpInput(entityId, input);
                    }
                    ran++;
                    runJob(entityId, input, output);
                    outputSaved(entityId, output);
                } catch (Throwable thrown) {
                    drop(current, thrown);
                }
            }
        } finally {
            cursor = slot; // also when a VM error leaves: the jobs started so far stay started and count
            jobsThisTick += ran;
        }
        skipDroppedSlots();
        return ran;
    }

    /**
     * Runs jobs on the world's thread until {@code budgetNanos} of wall-clock time are spent, at
     * least one. Reads the clock after the first job, then after strides that fill half the
     * remaining time at the tick's mean job cost so far: about log2(jobs) clock reads, and with jobs
     * of steady cost no more than one job past the budget.
     */
    private void runJobsFor(long budgetNanos) {
        long start = System.nanoTime();
        long deadline = start + budgetNanos;
        int ran = runJobs(1);
        while (batchSize > cursor) {
            long now = System.nanoTime();
            long left = deadline - now;
            if (left <= 0) {
                break;
            }
            long perJob = Math.max(1, (now - start) / Math.max(1, ran));
            ran += runJobs((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / (2 * perJob))));
        }
    }

    /** Jobs that fit a worker time budget at the measured cost per job; 1 until a cost is known. */
    private int estimatedJobsFor(double budgetNanos) {
        return nanosPerJob > 0 ? (int) Math.max(1, Math.min(Integer.MAX_VALUE, budgetNanos / nanosPerJob)) : 1;
    }

    /**
     * Picks up to {@code maxJobs} jobs of the current batch for the workers, reading their inputs
     * now with async input, and hands them to the workers chunk by chunk as their inputs are
     * ready (the world's thread helps later if {@code worldThreadHelps}).
     */
    @SuppressWarnings("unchecked")
    private void startJobs(int maxJobs, boolean worldThreadHelps) {
        boolean syncInput = batchPolicy.syncInput();
        workerJobNanos.set(0);
        crew.open(Math.min(maxJobs, batchSize - cursor), worldThreadHelps);
        int chunkSize = crew.chunkSize();
        int nextChunkEnd = chunkSize;
        int count = 0;
        try {
            while (maxJobs > count && batchSize > cursor) {
                int slot = cursor++;
                if (isDropped(slot)) {
                    continue;
                }
                if (!syncInput) {
                    try {
                        setUpInput(keys[slot], (I) inputs[slot]);
                    } catch (Throwable thrown) {
                        drop(slot, thrown);
                        continue;
                    }
                }
                started[count++] = slot;
                if (count == nextChunkEnd) {
                    crew.publish(count); // workers start on this chunk while the next ones are read
                    nextChunkEnd += chunkSize;
                }
            }
        } finally {
            crew.seal(count); // also when a VM error leaves: no worker waits for chunks to come
            startedCount = count;
            jobsThisTick += count;
        }
        skipDroppedSlots();
    }

    /** On the workers: runs started jobs [from, to), noting what each failed job threw. */
    @SuppressWarnings("unchecked")
    private void runStartedJobs(int from, int to) {
        long begin = System.nanoTime();
        for (int i = from; to > i; i++) {
            int slot = started[i];
            try {
                runJob(keys[slot], (I) inputs[slot], (O) store.object(outputs[slot]));
            } catch (Throwable t) {
                startedFailures[i] = t;
            }
        }
        workerJobNanos.addAndGet(System.nanoTime() - begin);
    }

    /**
     * Finishes the started jobs chunk by chunk, in order: waits for each chunk (running it, or
     * others nobody has claimed, meanwhile), drops its failed jobs and saves the rest (async
     * output) while the workers still run later chunks.
     */
    private void finishStartedJobs() {
        int count = startedCount;
        startedCount = 0;
        if (count == 0) {
            crew.await();
            return;
        }
        boolean syncOutput = batchPolicy.syncOutput();
        int chunkSize = crew.chunkSize();
        int finished = 0;
        try {
            for (int chunk = 0, chunks = crew.chunkCount(); chunks > chunk; chunk++) {
                crew.awaitChunk(chunk);
                for (int end = Math.min(count, finished + chunkSize); end > finished; finished++) {
                    int slot = started[finished];
                    Throwable thrown = startedFailures[finished];
                    if (thrown != null) {
                        startedFailures[finished] = null;
                        drop(slot, thrown);
                    } else if (!syncOutput) {
                        saveReportingFailure(slot);
                    }
                }
            }
        } finally {
            if (finished < count) { // a VM error is leaving: the jobs not finished get nothing from this batch
                crew.await();
                for (int i = finished; count > i; i++) {
                    markDropped(started[i]);
                    startedFailures[i] = null;
                }
            }
        }
        crew.await();
        double perJob = (double) workerJobNanos.get() / count;
        nanosPerJob = nanosPerJob < 0 ? perJob : 0.75 * nanosPerJob + 0.25 * perJob;
    }

    /** True if the slot was dropped from the current batch. */
    private boolean isDropped(int slot) {
        return droppedCount != 0 && droppedSlots.unsafeGet(slot);
    }

    /** Drops the slot from the current batch: its entity gets no job and no save from it. */
    private void markDropped(int slot) {
        droppedSlots.unsafeSet(slot);
        droppedCount++;
    }

    /** Moves the cursor past dropped slots, so a batch whose remaining slots all left is finished. */
    private void skipDroppedSlots() {
        while (batchSize > cursor && isDropped(cursor)) {
            cursor++;
        }
    }

    /**
     * Saves the finished batch's staged outputs. When a VM error leaves midway, the next attempt
     * starts after the slot it left in: no output is saved twice (that slot's may go unsaved).
     */
    private void saveStagedOutputs() {
        for (int slot = stagedSaved, s = batchSize; s > slot; slot++) {
            saveReportingFailure(slot);
        }
    }

    /**
     * Makes the slot's output the entity's latest: the output's handle moves into the entity's
     * ring and the handle it displaces there becomes the slot's output, so nothing is copied or
     * allocated once histories are full. Then publishes it (all a save does with
     * {@link #NO_HISTORY}); the caller catches what that throws.
     */
    @SuppressWarnings("unchecked")
    private void save(int slot) {
        int entityId = keys[slot];
        int output = outputs[slot];
        if (historyDepth == NO_HISTORY) {
            outputSaved(entityId, (O) store.object(output));
            return;
        }
        int displaced = store.pushIfFull(entityId, output, tick, gameSeconds);
        outputs[slot] = displaced != DecisionStore.NONE ? displaced : firstSaves(entityId, output);
        outputSaved(entityId, (O) store.object(output));
    }

    /**
     * The cold part of a save: while the entity's ring fills, makes a new output object for the
     * slot; on its first save since it joined (or since its id was recycled) attaches its history
     * component, creating it or binding the one already there; then pushes {@code output}. Returns
     * the slot's new output. What may throw (the game's {@link #createOutput()}, the component)
     * runs before anything changes, so a failure leaves the entity with no history, the ring and
     * the slot as they were. It may grow the output pool (the job loop reads it again) but never
     * the store's rings or entries.
     */
    private int firstSaves(int entityId, int output) {
        Object spare = store.nextDisplaced(entityId) == DecisionStore.NONE ? newOutput() : null;
        if (!store.attached(entityId)) {
            histories.create(entityId).bind(store, entityId);
            store.markAttached(entityId);
        }
        int spareHandle = spare != null ? store.add(spare) : DecisionStore.NONE;
        int displaced = store.push(entityId, output, tick, gameSeconds);
        return displaced != DecisionStore.NONE ? displaced : spareHandle;
    }

    /**
     * Saves the slot's output unless its slot was dropped (its entity left, or its job failed); what
     * publishing it throws is kept for the end of the tick.
     */
    private void saveReportingFailure(int slot) {
        if (isDropped(slot)) {
            return;
        }
        try {
            save(slot);
        } catch (Throwable thrown) {
            if (thrown instanceof VirtualMachineError) {
                stagedSaved = slot + 1; // it leaves at once: a batch-end save starts again after this slot
            }
            recordFailure(keys[slot], thrown);
        }
    }

    /** The slot's job failed: its entity gets no job or save for the rest of this batch. */
    private void drop(int slot, Throwable thrown) {
        markDropped(slot);
        recordFailure(keys[slot], thrown);
    }

    /**
     * Keeps a failure to throw when the tick's work is done. A {@link VirtualMachineError} (out of
     * memory, stack overflow) is not a job's failure: it is rethrown at once.
     */
    private void recordFailure(int entityId, Throwable thrown) {
        if (thrown instanceof VirtualMachineError) {
            throw (VirtualMachineError) thrown;
        }
        JobFailedException failed = new JobFailedException(this, entityId, thrown);
        if (failure == null) {
            failure = failed;
        } else {
            failure.addSuppressed(failed);
        }
    }

    /** Throws what failed in this tick: the executor's error if it threw one, else the first job failure. */
    private void throwFailure() {
        Error refused = crew.takeExecutorError();
        JobFailedException failed = failure;
        failure = null;
        if (refused != null) {
            if (failed != null) {
                refused.addSuppressed(failed);
            }
            throw refused;
        }
        if (failed != null) {
            throw failed;
        }
    }

    /** Attaches this tick's failures to {@code leaving}, which ends the tick early, so none is reported twice. */
    private void attachFailures(Throwable leaving) {
        Error refused = crew.takeExecutorError();
        if (refused != null && refused != leaving) {
            leaving.addSuppressed(refused);
        }
        if (failure != null) {
            leaving.addSuppressed(failure);
            failure = null;
        }
    }

    /** The game's {@link #createInput()}, checked: a null would fail far from its cause. */
    private I newInput() {
        I input = createInput();
        if (input == null) {
            throw new IllegalStateException(getClass().getName() + ".createInput() returned null");
        }
        return input;
    }

    /** The game's {@link #createOutput()}, checked: a null would fail far from its cause. */
    private O newOutput() {
        O output = createOutput();
        if (output == null) {
            throw new IllegalStateException(getClass().getName() + ".createOutput() returned null");
        }
        return output;
    }

    /**
     * Grows the slots to at least {@code size}, making their input and output objects. The game's
     * {@code createInput}/{@code createOutput} run before any field changes, so one that throws
     * leaves the system as it was and the next batch start tries again.
     */
    private void ensureSlots(int size) {
        int capacity = keys.length;
        if (size <= capacity) {
            return;
        }
        if (jobInput == null) {
            jobInput = newInput();
        }
        if (jobOutput == null && historyDepth == NO_HISTORY) {
            jobOutput = newOutput();
        }
        int grown = Math.max(size, capacity + (capacity >> 1));
        Object[] grownInputs = Arrays.copyOf(inputs, grown);
        Object[] newOutputs = new Object[grown - capacity];
        for (int i = capacity; grown > i; i++) {
            grownInputs[i] = newInput();
            newOutputs[i - capacity] = newOutput();
        }
        int[] grownOutputs = Arrays.copyOf(outputs, grown);
        for (int i = capacity; grown > i; i++) {
            grownOutputs[i] = store.add(newOutputs[i - capacity]);
        }
        keys = Arrays.copyOf(keys, grown);
        droppedSlots.ensureCapacity(grown);
        inputs = grownInputs;
        outputs = grownOutputs;
        started = new int[grown];
        startedFailures = new Throwable[grown];
    }
}
