package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.annotations.SkipWire;
import com.artemis.utils.IntBag;

import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An {@code IteratingSystem} for the every-tick layer (animation, steering): calls
 * {@link #process(int)} for every subscribed entity every tick.
 *
 * <p><b>Workers.</b> With {@link Threading#WORKERS_SAME_TICK} the entities are spread over an
 * executor's threads and the world's thread, joined before the system's turn ends:
 * <ul>
 * <li>{@code process} runs on several threads at once, each entity exactly once, in no particular
 *     order: it may read anything no other system writes during this one's turn, and write only
 *     the components of the entity it is given (no creating or deleting entities, no adding or
 *     removing components);</li>
 * <li>chunks of the subscription are claimed by reusable tasks: a tick allocates nothing with a
 *     {@code ForkJoinPool};</li>
 * <li>a subscription smaller than {@link #minEntitiesForWorkers()} is processed on the world's
 *     thread alone, where handing out work would cost more than it saves.</li>
 * </ul>
 *
 * <p><b>Failures.</b> The rest of the game sees the same as with {@link Threading#WORLD_THREAD},
 * unless a {@code process} call throws:
 * <ul>
 * <li>on the world's thread the tick stops at that entity; with workers the failing chunk stops
 *     there, the other chunks run on, and the first failure is rethrown after the join;</li>
 * <li>an {@code Error} the executor throws (no thread could be made) only costs parallelism: the
 *     world's thread processes what it refused, and the error is thrown after the join, once, with
 *     a {@code process} failure of that tick attached as suppressed, as {@link TimeslicedSystem}
 *     does;</li>
 * <li>a {@code world.delta} that is not finite and at least 0 is rejected with an
 *     {@code IllegalArgumentException} before anything changes, as {@link TimeslicedSystem} does.</li>
 * </ul>
 *
 * <p><b>Tiers.</b> With {@link #processEvery(int...)} far or unseen entities are processed less
 * often: tier {@code i} ({@link #tierOf(int)}) once every {@code k_i} ticks, spread over the
 * ticks, with {@link #entityDelta(int)} the game time since the entity's last turn (an animation
 * that moves by rate × that time reaches the same place). A tick then costs the due entities'
 * work and a bit per entity id.
 *
 * <p>A subclass that overrides {@link #dispose()} must call {@code super.dispose()}.
 */
public abstract class ParallelIteratingSystem extends BaseEntitySystem {

    /** The smallest subscription handed to workers unless {@link #setMinEntitiesForWorkers(int)} says otherwise. */
    public static final int DEFAULT_MIN_ENTITIES_FOR_WORKERS = 8_192;

    /** Many small chunks: the other threads may be busy with other work (decision jobs) for a while. */
    private static final int CHUNKS_PER_THREAD = 16;

    private ThreadingSetting threading = ThreadingSetting.DEFAULT;
    private int minEntitiesForWorkers = DEFAULT_MIN_ENTITIES_FOR_WORKERS;
    /** Made by the first worker threading (never in a browser); null until then. */
    @SkipWire
    private Workers.Crew crew;
    @SkipWire
    private final TierThinning thinning = new TierThinning();
    /** This tick's entity ids, for the workers; published to them by the crew's start. */
    private int[] tickEntities = new int[0];
    /** The first failure of this tick's {@code process} calls, on any thread. */
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    /**
     * A system whose aspect comes from {@code @All/@One/@Exclude} on the concrete subclass, or
     * from {@code aspect} if it is not null.
     */
    protected ParallelIteratingSystem(Aspect.Builder aspect) {
        super(aspect);
    }

    /** A system whose aspect comes from {@code @All/@One/@Exclude} on the concrete subclass. */
    protected ParallelIteratingSystem() {
        this(null);
    }

    /**
     * Does this tick's work for one entity. With workers, called on several threads at once: see
     * the class comment for what it may touch.
     */
    protected abstract void process(int entityId);

    /**
     * The entity's significance tier for this system, 0 to {@code tickPeriods().length - 1} as
     * they were when the tick began (periods set during it apply from the next): tier {@code i} is
     * processed once every {@code tickPeriods()[i]} ticks. Called on the world's
     * thread at the start of each tick the entity is due in, before any {@code process} call;
     * never while every entity is processed every tick. Default: 0. A value out of range, or a
     * throw, fails the tick, after its processing, with an {@code IllegalStateException} naming
     * the system, the entity and the value or what was thrown (the entity is processed as tier 0;
     * a {@link VirtualMachineError} leaves at once, and every entity due in that tick is due in the
     * next).
     */
    protected int tierOf(int entityId) {
        return 0;
    }

    /**
     * The game seconds since {@code process} last ran for the entity (since the end of the tick
     * before it joined, if it never did), up to the end of this tick: {@code world.delta} while
     * every entity is processed every tick, except in the first tick after tiers were switched
     * off, which gives each entity the time it was not processed for. Call it from
     * {@code process}, for that entity. O(1).
     */
    protected final float entityDelta(int entityId) {
        return thinning.keepsTimes ? thinning.secondsSince(entityId) : world.delta;
    }

    /**
     * Processes tier {@code i}'s entities ({@link #tierOf(int)}) once every {@code tickPeriods[i]}
     * ticks instead of every tick, spread over the ticks by a hash of their ids, from the start of
     * the system's next turn wherever it is called (during its turn, or from {@code inserted} while
     * artemis tells of a change), for the entities subscribed then; the periods it has already
     * change nothing.
     * {@link #entityDelta(int)} gives {@code process} the time since an entity's last turn. Each
     * entity is processed at least once every {@code tickPeriods[last]} ticks, however its tier
     * moves. A tick then costs O(entity ids / 64) plus the due entities' work. Default: {@code 1},
     * every entity every tick (no tiers asked, no bookkeeping). Costs 20 bytes per entity id and
     * O(entities) to switch.
     *
     * @param tickPeriods 1 to 16 periods, in ticks: the first 1, each at least the one before, at
     *                    most {@value TierThinning#MAX_PERIOD}
     * @throws IllegalArgumentException naming the value if they are not
     */
    public void processEvery(int... tickPeriods) {
        thinning.use(Tiers.checkedPeriods("tick", tickPeriods, TierThinning.MAX_PERIOD));
    }

    /** Each tier's period in ticks (a copy); {@code [1]} unless set. */
    public int[] tickPeriods() {
        int[] periods = thinning.latestPeriods();
        return Arrays.copyOf(periods, periods.length); // not clone(): GWT has no clone of an array
    }

    /** Where {@link #process(int)} runs; {@link Threading#WORLD_THREAD} unless set. */
    public Threading threading() {
        return threading.threading();
    }

    /**
     * The executor worker threading uses: the library's shared pool unless set, as
     * {@link TimeslicedSystem#executor()} says.
     */
    public Executor executor() {
        return threading.executor();
    }

    /**
     * Runs {@link #process(int)} on the world's thread alone, or spread over the library's shared
     * pool (see {@link #executor()}) and the world's thread, from the next tick on.
     *
     * @throws IllegalArgumentException if {@code threading} is null or
     *                                  {@link Threading#WORKERS_NEXT_TICK}: every-tick work is
     *                                  joined in the tick that starts it
     */
    public void setThreading(Threading threading) {
        use(ThreadingSetting.onSharedPool(threading, false));
    }

    /**
     * Like {@link #setThreading(Threading)}, on {@code executor}'s threads. A {@code ForkJoinPool}
     * takes the system's reusable tasks as they are (no allocation per tick); another executor gets
     * them as {@code Runnable}s. The system does not shut the executor down. In a browser, which
     * has no threads for workers, every entity is processed on the world's thread.
     *
     * @throws IllegalArgumentException if {@code threading} is null or
     *                                  {@link Threading#WORKERS_NEXT_TICK}, or {@code executor} is
     *                                  null
     */
    public void setThreading(Threading threading, Executor executor) {
        use(ThreadingSetting.of(threading, executor, false));
    }

    private void use(ThreadingSetting setting) {
        Workers workers = Platform.workers();
        if (setting.threading() != Threading.WORLD_THREAD && crew == null && workers != null) {
            crew = workers.crew(this::processRange, CHUNKS_PER_THREAD, this);
        }
        threading = setting;
    }

    /** The smallest subscription that worker threading hands to the workers. */
    public int minEntitiesForWorkers() {
        return minEntitiesForWorkers;
    }

    /**
     * With worker threading, processes subscriptions smaller than {@code entities} on the world's
     * thread alone.
     *
     * @throws IllegalArgumentException if {@code entities} is below 1
     */
    public void setMinEntitiesForWorkers(int entities) {
        if (entities < 1) {
            throw new IllegalArgumentException("min entities for workers must be at least 1, was " + entities);
        }
        minEntitiesForWorkers = entities;
    }

    @Override
    protected final void processSystem() {
        thinning.turnStarted(DecisionStats.checkedDelta(world.delta, this), subscription.getEntities());
        boolean processedAll = false;
        try {
            processEntities();
            processedAll = true;
        } finally {
            thinning.turnEnded(processedAll);
        }
    }

    private void processEntities() {
        IntBag entities = subscription.getEntities();
        int size = entities.size();
        int[] ids = entities.getData();
        IllegalStateException badTier = null;
        if (thinning.tiered()) { // only the due entities, their tiers asked on the world's thread
            badTier = thinning.collect(this);
            size = thinning.dueCount;
            ids = thinning.due;
        }
        ThreadingSetting tickThreading = threading;
        if (tickThreading.threading() == Threading.WORLD_THREAD || crew == null
                || size < minEntitiesForWorkers) {
            if (thinning.keepsTimes) {
                thinning.process(this, ids, 0, size);
            } else {
                for (int i = 0; size > i; i++) {
                    process(ids[i]);
                }
            }
        } else {
            crew.setExecutor(tickThreading.executor());
            tickEntities = ids;
            try {
                crew.start(size, true);
            } finally {
                crew.await(); // also when a VM error leaves: no chunk runs on into the next tick
            }
            throwFailure(badTier);
        }
        TickFailures.rethrow(badTier);
    }

    /** Artemis's notice that entities joined: with tiers, each is due in the next tick; then {@code inserted(int)} for each. */
    @Override
    public final void inserted(IntBag entities) {
        if (thinning.keepsTimes) {
            thinning.joined(entities);
        }
        super.inserted(entities);
    }

    /** Artemis's notice that entities left: with tiers, none waits for a tick any more; then {@code removed(int)} for each. */
    @Override
    public final void removed(IntBag entities) {
        if (thinning.tiered()) {
            thinning.left(entities);
        }
        super.removed(entities);
    }

    /**
     * Throws what failed in this tick, once: an error the executor threw, with the first
     * {@code process} failure attached; or that failure alone (a checked one thrown sneakily
     * wrapped in an {@code IllegalStateException}); a tier out of range ({@code badTier}, may be
     * null) attached to either.
     */
    private void throwFailure(IllegalStateException badTier) {
        Throwable failed = TickFailures.unchecked(failure.getAndSet(null), "process failed on a worker");
        if (failed != null && badTier != null) {
            failed.addSuppressed(badTier);
        }
        TickFailures.rethrow(TickFailures.executorErrorFirst(crew.takeExecutorError(), failed));
    }

    /** On any thread: processes this tick's entities [from, to); a failure ends the chunk, and is kept. */
    private void processRange(int from, int to) {
        int[] ids = tickEntities;
        try {
            if (thinning.keepsTimes) {
                thinning.process(this, ids, from, to);
                return;
            }
            for (int i = from; to > i; i++) {
                process(ids[i]);
            }
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
    }

    /** Called by {@code World.dispose()}. */
    @Override
    protected void dispose() {
        if (crew != null) {
            crew.await();
        }
    }
}
