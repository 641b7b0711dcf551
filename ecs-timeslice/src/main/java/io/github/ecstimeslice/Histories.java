package io.github.ecstimeslice;

import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.utils.Bag;
import com.artemis.utils.ImmutableBag;

import java.util.Arrays;

/**
 * The saved outputs of a {@link TimeslicedSystem}: its {@link DecisionStore}, the entities'
 * {@link DecisionHistory} components, and the save that makes a job's output an entity's latest
 * and publishes it. A job writes its entity's spare, the slot after its newest output; the save
 * turns the entity's ring onto it, so nothing is copied or allocated once the entity has its
 * objects, and each entity's objects stay its own. With {@link TimeslicedSystem#NO_HISTORY} jobs
 * write their batch slot's output and a save is only the publishing call.
 */
final class Histories<O> {

    final DecisionStore store;
    final Class<? extends DecisionHistory<O>> type;
    final int depth;
    private final TimeslicedSystem<?, O> system;
    private final Batch batch;
    private final TickFailures failures;
    private final DecisionStats stats;
    private ComponentMapper<? extends DecisionHistory<O>> mapper;
    /** The components of an entity that leaves, for {@link #forget}; reused. */
    private final Bag<Component> composition = new Bag<>();
    /** {@link #jobOutput}'s scratch: the outputs made for an entity, before it adopts them. */
    private Object[] made = new Object[0];

    /**
     * The histories of {@code system}, in components of {@code type} ({@code null}:
     * {@link DecisionHistory} itself), {@code depth} outputs per entity.
     *
     * @throws IllegalArgumentException if {@code depth} is below 0 or above {@link DecisionStore#MAX_DEPTH}
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Histories(TimeslicedSystem<?, O> system, Class<? extends DecisionHistory<O>> type, int depth,
              Batch batch, TickFailures failures, DecisionStats stats) {
        if (depth < TimeslicedSystem.NO_HISTORY || depth > DecisionStore.MAX_DEPTH) {
            throw new IllegalArgumentException("history depth must be from 0 to " + DecisionStore.MAX_DEPTH
                    + ", was " + depth);
        }
        this.system = system;
        this.type = type != null ? type : (Class<? extends DecisionHistory<O>>) (Class) DecisionHistory.class;
        this.depth = depth;
        this.store = new DecisionStore(depth);
        this.batch = batch;
        this.failures = failures;
        this.stats = stats;
    }

    /**
     * Takes the world's mapper for the history type. (A history component that leaves its entity
     * tells the store itself: {@link DecisionHistory#reset}.)
     *
     * @throws IllegalStateException if another timesliced system in the world keeps its history in
     *                               the same type
     */
    void bind(World world) {
        if (depth == TimeslicedSystem.NO_HISTORY) {
            return;
        }
        // by index: a Bag's iterator is shared, and the world is iterating its systems right now
        ImmutableBag<BaseSystem> systems = world.getSystems();
        for (int i = 0, s = systems.size(); s > i; i++) {
            BaseSystem candidate = systems.get(i);
            if (!(candidate instanceof TimeslicedSystem) || candidate == system) {
                continue;
            }
            TimeslicedSystem<?, ?> other = (TimeslicedSystem<?, ?>) candidate;
            Class<?> otherType = other.historyType(); // as a Class<?>: GWT's compiler rejects comparing the two generic types
            if (other.historyDepth() != TimeslicedSystem.NO_HISTORY && otherType == type) {
                throw new IllegalStateException(system.getClass().getName() + " and " + other.getClass().getName()
                        + " both keep their outputs in " + type.getName()
                        + ": give each timesliced system its own DecisionHistory subclass");
            }
        }
        mapper = world.getMapper(type);
    }

    /** The entity's history component, or null if it has had no save since it joined. O(1). */
    DecisionHistory<O> of(int entityId) {
        return store.attached(entityId) ? mapper.get(entityId) : null;
    }

    /**
     * Saves the slot's output unless the slot was dropped; what publishing it throws is kept for
     * the end of the tick.
     */
    void saveReportingFailure(int slot) {
        if (batch.isDropped(slot)) {
            return;
        }
        try {
            save(slot);
        } catch (Throwable thrown) {
            if (Platform.isFatal(thrown)) {
                batch.stagedSaved = slot + 1; // it leaves at once: a batch-end save starts again after this slot
            }
            failures.record(batch.keys[slot], thrown);
        }
    }

    /** Saves the finished batch's staged outputs, from the first one no attempt has saved. */
    void saveStaged() {
        for (int slot = batch.stagedSaved, s = batch.size; s > slot; slot++) {
            saveReportingFailure(slot);
        }
    }

    /** Makes the slot's output the entity's latest, then publishes it; the caller catches what that throws. */
    @SuppressWarnings("unchecked")
    private void save(int slot) {
        int entityId = batch.keys[slot];
        save(entityId, (O) (depth == TimeslicedSystem.NO_HISTORY ? batch.outputs[slot]
                : store.outputs()[store.spare(entityId)]));
    }

    /**
     * Makes {@code output} (with a history, the entity's spare) the entity's latest, then
     * publishes it; the caller catches what that throws.
     */
    void save(int entityId, O output) {
        if (depth != TimeslicedSystem.NO_HISTORY && !store.pushIfAttached(entityId, stats.tick, stats.gameSeconds)) {
            firstSave(entityId);
        }
        system.outputSaved(entityId, output);
    }

    /**
     * The object the entity's job writes: its spare. An entity without objects (its first job
     * since its id was first used) gets every object its history will hold at once
     * ({@code createOutput}, depth + 1 times, which may throw before anything changes), so one
     * entity's outputs sit side by side in memory, in the order entities first decide, whichever
     * batches its later jobs fall in (tiers). On the world's thread, before the job; with history only.
     */
    Object jobOutput(int entityId) {
        Object spare = store.outputs()[store.spare(entityId)];
        if (spare == null) {
            int missing = store.missingOutputs(entityId);
            if (made.length < missing) {
                made = new Object[missing];
            }
            try {
                for (int i = 0; i < missing; i++) {
                    made[i] = system.newOutput();
                }
                store.adopt(entityId, made, missing);
            } finally {
                Arrays.fill(made, 0, missing, null); // keeps no game object alive
            }
            spare = store.outputs()[store.spare(entityId)];
        }
        return spare;
    }

    /**
     * The cold part of a save, once per entity, on its first save since it joined: attaches its
     * history component, then makes its spare its newest output.
     */
    void firstSave(int entityId) {
        mapper.create(entityId).bind(store, entityId);
        store.markAttached(entityId);
        store.push(entityId, stats.tick, stats.gameSeconds);
    }

    /**
     * Forgets the entity's outputs. Also takes off its history component if artemis does not count
     * it as the entity's: one a first save attached after the entity was deleted in the same turn
     * (artemis would never remove it, and the id's next entity would inherit it). O(the entity's
     * components) if it had a history, else O(1).
     */
    void forget(int entityId, World world) {
        if (store.attached(entityId)) {
            DecisionHistory<O> history = mapper.get(entityId);
            composition.clear();
            world.getComponentManager().getComponentsFor(entityId, composition);
            if (history != null && !composition.contains(history)) {
                mapper.remove(entityId);
            }
            composition.clear();
        }
        store.clear(entityId);
    }

    /**
     * Measures the ages of the latest outputs of the entities {@code schedule} has subscribed in
     * {@code tier} ({@code -1}: all) into {@code ages}: those the system was told of, also while
     * artemis tells of a change. Ages count from the latest tick, the one in progress during a
     * turn. O(entity ids / 64 + entities).
     */
    DecisionAges measureAges(DecisionAges ages, TierSchedule schedule, int tier) {
        long lastTick = stats.latestTick();
        int counted = 0;
        int withOutput = 0;
        long sumTicks = 0;
        long maxTicks = 0;
        double sumSeconds = 0;
        double maxSeconds = 0;
        for (int entity = schedule.nextSubscribed(0); entity >= 0; entity = schedule.nextSubscribed(entity + 1)) {
            if (tier >= 0 && schedule.tier(entity) != tier) {
                continue;
            }
            counted++;
            if (store.size(entity) == 0) {
                continue;
            }
            withOutput++;
            long ageTicks = lastTick - store.savedAtTick(entity, 0);
            double ageSeconds = stats.gameSeconds - store.savedAtSeconds(entity, 0);
            sumTicks += ageTicks;
            sumSeconds += ageSeconds;
            maxTicks = Math.max(maxTicks, ageTicks);
            maxSeconds = Math.max(maxSeconds, ageSeconds);
        }
        ages.entities = counted;
        ages.withOutput = withOutput;
        ages.meanTicks = withOutput == 0 ? 0 : (double) sumTicks / withOutput;
        ages.maxTicks = maxTicks;
        ages.meanSeconds = withOutput == 0 ? 0 : sumSeconds / withOutput;
        ages.maxSeconds = maxSeconds;
        return ages;
    }
}
