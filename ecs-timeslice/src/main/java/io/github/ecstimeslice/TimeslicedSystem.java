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
 * <li>{@link #prepareJobs} (async input, if a job starts); run the urgent jobs
 *     ({@link #decideSoon}), then start and finish the batch's jobs, until the budget is spent or
 *     the batch has no jobs left; a tick never starts jobs of two batches;</li>
 * <li>with async output (and for urgent jobs), each job's output is saved as it finishes: into the
 *     entity's {@link DecisionHistory} (unless {@link #NO_HISTORY}), then {@link #outputSaved}
 *     publishes it.</li>
 * </ol>
 * Across ticks:
 * <ul>
 * <li>a newcomer's first job is in the next batch, or at once with {@link #decideSoon}; an entity
 *     that leaves gets no job, its pending output is dropped and its history cleared, so a
 *     recycled id never sees what was decided for the entity before;</li>
 * <li>a turn reads the settings at its start: a change mid-turn applies from the next tick (a
 *     policy, from the next batch started in a later turn); entity changes made during the turn
 *     reach the system as the turn ends, as for every artemis system;</li>
 * <li>what a job's callbacks throw fails that job alone, thrown as a {@link JobFailedException}
 *     when the tick's work is done ({@link VirtualMachineError}s at once); docs/timing.md says
 *     what every other failure does;</li>
 * <li>inputs live in reused batch slots, outputs in each entity's own reused objects (its history
 *     and a spare): in steady state a tick allocates nothing on the world's thread. A tick costs
 *     O(jobs run), plus O(entities) a batch to copy the keys (with tiers, O(ids / 64 × tiers +
 *     entities due)) and read the inputs with sync input;</li>
 * <li>a subclass that overrides {@link #dispose()} must call {@code super.dispose()}.</li>
 * </ul>
 *
 * @param <I> a job's input, written by {@link #setUpInput(int, Object)}
 * @param <O> a job's output, written by {@link #runJob(int, Object, Object)}
 */
public abstract class TimeslicedSystem<I, O> extends BaseEntitySystem {

    /** The history depth used when the constructor is not given one. */
    public static final int DEFAULT_HISTORY_DEPTH = 1;
    /** The history depth of a system that keeps none: a save is the {@link #outputSaved} call alone. */
    public static final int NO_HISTORY = 0;

    private IoPolicy policy;
    private Budget budget;
    private ThreadingSetting threading = ThreadingSetting.DEFAULT;
    private boolean decideNewcomersSoon;
    private int urgentAllowance;
    final Timeslicer<I, O> slicer;
    private boolean disposed;

    /**
     * A system over the subclass's {@code @All/@One/@Exclude}, keeping {@link #DEFAULT_HISTORY_DEPTH}
     * outputs per entity in {@link DecisionHistory}: for the one system of a world whose history
     * the game reads.
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null, or a work budget (sliced only)
     */
    protected TimeslicedSystem(IoPolicy policy, Budget budget) {
        this(null, policy, budget, null, DEFAULT_HISTORY_DEPTH);
    }

    /**
     * As {@link #TimeslicedSystem(IoPolicy, Budget)}, over the given aspect ({@code null}: the
     * subclass's annotations).
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null, or a work budget (sliced only)
     */
    protected TimeslicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget) {
        this(aspect, policy, budget, null, DEFAULT_HISTORY_DEPTH);
    }

    /**
     * A system over the given aspect ({@code null}: the subclass's annotations) keeping
     * {@code historyDepth} outputs per entity in {@link DecisionHistory}. With {@link #NO_HISTORY}
     * (the usual choice when {@link #outputSaved} publishes all the game reads) no history
     * component, and any number of such systems in a world.
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null or a work budget (sliced only), or
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
     *                     {@link #NO_HISTORY}: about 20 × (depth + 1) + 4 bytes per entity id up
     *                     to the highest seen, and depth + 1 output objects per entity; ids up to
     *                     {@link DecisionHistory#highestEntityId(int)}
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null or a work budget (sliced only), or
     *                                  {@code historyDepth} is below 0 or above 1,024
     */
    protected TimeslicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget,
                               Class<? extends DecisionHistory<O>> historyType, int historyDepth) {
        super(aspect);
        this.policy = notNull(policy, "policy");
        this.budget = Budget.checkedFor(this, budget);
        slicer = new Timeslicer<>(this, policy, historyType, historyDepth);
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
     * input and output. Read the world in {@link #setUpInput}, write it in {@link #outputSaved};
     * in development, {@link WorldEditCheck} fails a job that edits the world, at the edit.
     */
    protected abstract void runJob(int entityId, I input, O output);

    /**
     * Prepares what every job may read beside its input (the candidates a job picks from), on the
     * world's thread while no job of this system runs, right before inputs are read: with async
     * input once in each tick that starts jobs (after the previous tick's next-tick jobs
     * finished), with sync input at each batch's start. Jobs on any thread may read it until the
     * next call. Not in {@code begin()}: artemis calls it while next-tick jobs may still run. A
     * throw leaves the tick at once, as from {@code world.process()}. Default: nothing.
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
     * joins, at least once per {@link Tiers#reassessSeconds()}, and by {@link #reassess(int)};
     * never with one tier. Default: 0. A value out of range, or a throw, fails the tick with an
     * {@code IllegalStateException} naming the entity and the value; the entity keeps its tier.
     */
    protected int tierOf(int entityId) {
        return 0;
    }

    /**
     * Called on the world's thread when an entity joined, as artemis's {@code inserted}: its first
     * job is in the next batch, or in this tick if {@linkplain #decideSoon asked for}.
     */
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
        return (O) slicer.histories.store.latest(entityId);
    }

    /** The entity's decision history, or {@code null} if no output was saved since it joined. O(1). */
    public DecisionHistory<O> historyOf(int entityId) {
        return slicer.histories.of(entityId);
    }

    /** What this system has done: ticks, jobs, batches, decision rates and ages, in all and per tier. */
    public DecisionStats stats() {
        return slicer.stats;
    }

    /**
     * Gives the entity a job of its own in the system's next turn, ahead of the batch's jobs: a
     * newcomer or one whose decision went stale. Its input is read as it starts and its output
     * saved as it finishes, whatever the policy; under worker threading two or more in a turn run
     * on the workers, all inputs read first, outputs saved after, in the order asked. O(1).
     * <ul>
     *   <li>Up to the {@linkplain #setUrgentAllowance urgent allowance} run on top of the budget; more
     *   count against it, first asked, first served, at least one a tick.</li>
     *   <li>Asked again before its job, one job; left first, none. It keeps its place in its batch
     *   unless that job's decision would be older. Asked during the turn, the job comes in the next.</li>
     *   <li>Not joined yet (just created, or given the system's components): served as it joins, if
     *   before the system's next turn; deleted first, never. No live entity has the id: ignored.</li>
     * </ul>
     * {@link DecisionStats#urgentAsksWaiting()} and {@code urgentAsksDropped()} count the asks.
     *
     * @throws IllegalArgumentException if {@code entityId} is negative
     */
    public void decideSoon(int entityId) {
        if (entityId < 0) {
            throw new IllegalArgumentException("entityId must be at least 0, was " + entityId);
        }
        slicer.ask(entityId);
    }

    /** Urgent jobs a tick that run on top of the budget; 0 unless set. */
    public int urgentAllowance() {
        return urgentAllowance;
    }

    /**
     * Lets up to {@code jobsPerTick} urgent jobs ({@link #decideSoon}) a tick run on top of the
     * budget, from the next turn: they run first, and neither their jobs nor their time count
     * against the budget or a share of a {@link SharedBudget}, so the batch keeps its jobs. Urgent
     * jobs past the allowance are served within the budget, as with none (0, the default). For
     * what is worth going beyond the budget: a crowd that lost its target.
     *
     * @throws IllegalArgumentException if {@code jobsPerTick} is below 0
     */
    public void setUrgentAllowance(int jobsPerTick) {
        if (jobsPerTick < 0) {
            throw new IllegalArgumentException("urgent jobs a tick on top of the budget must be at least 0, was "
                    + jobsPerTick);
        }
        urgentAllowance = jobsPerTick;
    }

    /** True if each entity joining after the first turn is {@linkplain #decideSoon decided soon}; false unless set. */
    public boolean decideNewcomersSoon() {
        return decideNewcomersSoon;
    }

    /**
     * From now on, decides each entity that joins {@linkplain #decideSoon soon}, as if its entityJoined
     * asked; not the crowd there at the system's first turn (a level's start): the first batch's.
     */
    public void setDecideNewcomersSoon(boolean decideNewcomersSoon) {
        this.decideNewcomersSoon = decideNewcomersSoon;
    }

    /** This system's policy: the one the next batch will use. */
    public IoPolicy policy() {
        return policy;
    }

    /** The policy of the batch in progress. */
    public IoPolicy batchPolicy() {
        return slicer.batch.policy;
    }

    /** Changes the policy from the next batch started in a later turn; null: IllegalArgumentException. */
    public void setPolicy(IoPolicy policy) {
        this.policy = notNull(policy, "policy");
    }

    /** This system's budget. */
    public Budget budget() {
        return budget;
    }

    /** Changes the budget from the next tick (the old one's carry is dropped); null, or work for whole jobs: IllegalArgumentException. */
    public void setBudget(Budget budget) {
        this.budget = Budget.checkedFor(this, budget);
    }

    /** Where jobs run; {@link Threading#WORLD_THREAD} unless set. */
    public Threading threading() {
        return threading.threading();
    }

    /**
     * The executor worker threading uses: unless set, the library's shared {@code ForkJoinPool} of
     * daemon threads, one fewer than the processors (in a browser, the world's thread).
     */
    public Executor executor() {
        return threading.executor();
    }

    /** Runs jobs as {@code threading} says, on the shared pool, from the next tick; null: IllegalArgumentException. */
    public void setThreading(Threading threading) {
        use(ThreadingSetting.onSharedPool(threading, true));
    }

    /**
     * Runs jobs as {@code threading} says, on {@code executor}'s threads, from the next tick on (jobs
     * in flight finish first). A {@code ForkJoinPool} takes reusable tasks (no allocation per tick),
     * another executor {@code Runnable}s; none is shut down. In a browser jobs run on the world's
     * thread whatever the threading, with the same results.
     *
     * @throws IllegalArgumentException if {@code threading} or {@code executor} is null
     */
    public void setThreading(Threading threading, Executor executor) {
        use(ThreadingSetting.of(threading, executor, true));
    }

    private void use(ThreadingSetting setting) {
        slicer.prepareFor(setting.threading());
        threading = setting;
    }

    /** This system's significance tiers; {@code Tiers.decideEvery(1)} unless set. */
    public Tiers tiers() {
        return slicer.schedule.tiers;
    }

    /**
     * Gives the system significance tiers: which entities each batch holds, from the next batch
     * on. Entities keep their tier (the slowest, if there are fewer now) until their next
     * assessment, and are due within their new period. Called from {@link #tierOf} with other
     * periods, that call's answer is not used. O(entity ids / 64 + entities) if the periods changed.
     *
     * @throws IllegalArgumentException if {@code tiers} is null
     */
    public void setTiers(Tiers tiers) {
        slicer.schedule.use(notNull(tiers, "tiers"), slicer.batch.nextIndex());
    }

    /** The tier the entity is in now, as its last assessment said; -1 if it is not subscribed. O(1). */
    public int tier(int entityId) {
        return slicer.schedule.tier(entityId);
    }

    /**
     * Asks {@link #tierOf(int)} for the entity now (a teleport, a spawn near the camera): a faster
     * tier puts it in the next batch that starts. Nothing for an entity not subscribed yet (it is
     * asked when it joins) or while there is only one tier. On the world's thread.
     *
     * @throws IllegalStateException if {@code tierOf} answers a tier out of range or throws
     */
    public void reassess(int entityId) {
        if (slicer.schedule.tiered() && slicer.schedule.tier(entityId) >= 0) {
            slicer.schedule.assess(entityId);
        }
    }

    /** How many saved outputs each entity's history keeps. */
    public final int historyDepth() {
        return slicer.histories.depth;
    }

    /** The component type this system keeps its saved outputs in (none with {@link #NO_HISTORY}). */
    public final Class<? extends DecisionHistory<O>> historyType() {
        return slicer.histories.type;
    }

    @Override
    protected void setWorld(World world) {
        super.setWorld(world);
        slicer.bind(world);
    }

    @Override
    protected final void processSystem() {
        if (disposed) {
            throw new IllegalStateException(getClass().getName() + " was disposed");
        }
        slicer.turn(world.delta, policy, budget, threading, urgentAllowance);
    }

    /** Lets jobs in flight finish, drops their outputs and refuses to process again; {@code World.dispose()} calls it. */
    @Override
    protected void dispose() {
        slicer.abandon();
        disposed = true;
    }

    /** Artemis's notice: as {@link #removed(IntBag)} for one entity. Final: recycled ids stay safe. */
    @Override
    protected final void removed(int entityId) {
        removed(EntityNotices.one(entityId));
    }

    /** Artemis's notice: as {@link #inserted(IntBag)} for one entity. */
    @Override
    protected final void inserted(int entityId) {
        inserted(EntityNotices.one(entityId));
    }

    /**
     * Artemis's notice: forgets every entity first, then calls {@link #entityLeft(int)} for each.
     * What a hook throws is thrown at the end of the system's next turn.
     */
    @Override
    public final void removed(IntBag entities) {
        EntityNotices.left(entities, this, slicer.failures);
    }

    /**
     * Artemis's notice that entities joined: asks their tiers, then calls {@link #entityJoined(int)}
     * for each. What a tier or a hook throws is thrown at the end of the system's next turn.
     */
    @Override
    public final void inserted(IntBag entities) {
        EntityNotices.joined(entities, this, slicer.failures);
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
