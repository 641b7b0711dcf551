package io.github.ecstimeslice;

import com.artemis.PooledComponent;

/**
 * The decision results a {@link TimeslicedSystem} saved for one entity, newest first, each with
 * the tick and game time at which it was saved: the ring buffer of job results in Chou's {@code Timeslicer}, kept per
 * entity so a lookup by key is one component read instead of a search.
 *
 * <ul>
 * <li>Other systems read it with a {@code ComponentMapper} of the system's history type, or through
 *     {@link TimeslicedSystem#historyOf(int)}.</li>
 * <li>Each timesliced system in a world that keeps a history needs a history type of its own:
 *     declare an empty subclass ({@code public class FacingHistory extends
 *     DecisionHistory<FacingDecision> {}}) and pass it to the system's constructor. A world with one
 *     such system may use this class as it is.</li>
 * <li>The outputs are owned by the system and reused: read them within the tick, copy what you
 *     need to keep.</li>
 * <li>A deleted entity's history goes with it; an entity that receives a recycled id starts with
 *     an empty one.</li>
 * <li>Taking the component off an entity, or replacing it with a component of the game's, forgets
 *     its history (and {@link TimeslicedSystem#latestOutput}) until its next save, which attaches a
 *     new one.</li>
 * </ul>
 * The component is a pooled view of the system's store, which keeps every entity's entries in flat
 * arrays by entity id.
 *
 * @param <O> the system's output type
 */
public class DecisionHistory<O> extends PooledComponent {

    private DecisionStore store;
    private int entityId = -1;

    /** How many saved outputs this history holds now, 0 up to {@link #depth()}. O(1). */
    public int size() {
        return store == null ? 0 : store.size(entityId);
    }

    /** The most outputs this history keeps; the system's configured history depth. O(1). */
    public int depth() {
        return store == null ? 0 : store.depth();
    }

    /** True if no output has been saved for this entity yet (or since it left the system). O(1). */
    public boolean isEmpty() {
        return size() == 0;
    }

    /** The newest saved output, or {@code null} if there is none. O(1). */
    @SuppressWarnings("unchecked")
    public O latest() {
        return store == null ? null : (O) store.latest(entityId);
    }

    /**
     * A saved output by age: 0 is the newest, {@code size() - 1} the oldest kept. O(1).
     *
     * @throws IndexOutOfBoundsException if {@code age} is negative or not below {@link #size()}
     */
    @SuppressWarnings("unchecked")
    public O output(int age) {
        return (O) bound(age).output(entityId, age);
    }

    /**
     * The system tick (see {@link DecisionStats#tick()}) at which the output of the given age
     * was saved. O(1).
     *
     * @throws IndexOutOfBoundsException if {@code age} is negative or not below {@link #size()}
     */
    public long savedAtTick(int age) {
        return bound(age).savedAtTick(entityId, age);
    }

    /**
     * The system's game time in seconds (see {@link DecisionStats#gameSeconds()}) at which the
     * output of the given age was saved. O(1).
     *
     * @throws IndexOutOfBoundsException if {@code age} is negative or not below {@link #size()}
     */
    public double savedAtSeconds(int age) {
        return bound(age).savedAtSeconds(entityId, age);
    }

    private DecisionStore bound(int age) {
        if (store == null) {
            throw new IndexOutOfBoundsException("age " + age + " is outside the 0 saved outputs");
        }
        return store;
    }

    /** Attaches this component to the entity's entries in its system's store. */
    void bind(DecisionStore store, int entityId) {
        this.store = store;
        this.entityId = entityId;
    }

    /**
     * Called by artemis when the component leaves its entity (taken off, replaced, or the entity
     * deleted), whenever in the turn: the entity's history is forgotten, and its next save
     * attaches a new component. Final: the store must hear of every removal.
     */
    @Override
    protected final void reset() {
        if (store != null) {
            store.detach(entityId);
        }
        store = null;
        entityId = -1;
    }

    /**
     * The highest entity id a system keeping {@code historyDepth} outputs per entity can hold
     * (about 2<sup>31</sup> / (depth + 1); any id with {@link TimeslicedSystem#NO_HISTORY}).
     *
     * @throws IllegalArgumentException if {@code historyDepth} is below 0 or above 1,024
     */
    public static int highestEntityId(int historyDepth) {
        if (historyDepth < TimeslicedSystem.NO_HISTORY || historyDepth > DecisionStore.MAX_DEPTH) {
            throw new IllegalArgumentException("history depth must be from 0 to " + DecisionStore.MAX_DEPTH
                    + ", was " + historyDepth);
        }
        return historyDepth == TimeslicedSystem.NO_HISTORY ? Integer.MAX_VALUE : DecisionStore.highestEntityId(historyDepth);
    }
}
