package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * The saved outputs of one {@link TimeslicedSystem}: per entity id a ring of {@code depth + 1}
 * output objects, each with the tick and game time it was saved, in two flat arrays indexed by
 * entity id. {@link DecisionHistory} components are views of it.
 *
 * <p>The ring holds the entity's {@code depth} latest outputs and one more slot, the one after the
 * newest: its spare, the object its next job writes. A save only turns the ring (the spare becomes
 * the newest, the oldest the spare) and stamps the slot, so nothing is copied, moved or allocated
 * once an entity has its objects, and each entity keeps its own. A job and its save touch three
 * places: the entity's object slot, the object, and its stamps, which start with its ring state, so
 * the save writes one place. Memory: about 16 × ({@code depth} + 1) + 8 bytes of stamps and
 * 4 × ({@code depth} + 1) of references per entity id up to the highest seen, plus the objects.
 */
final class DecisionStore {

    /** The deepest history a store keeps. */
    static final int MAX_DEPTH = 1024;

    /** Ring state bits: the entity's history component is attached and bound to this store. */
    private static final int ATTACHED = 1 << 31;
    private static final int SIZE_SHIFT = 16;
    private static final int SIZE_MASK = 0x7FFF;
    private static final int NEWEST_MASK = 0xFFFF;

    private final int depth;
    /** Slots per entity: its depth outputs and its spare. */
    private final int slots;
    /** Longs per entity in {@link #stamps}: its ring state, then per slot its save's tick and game seconds' bits. */
    private final int stride;
    /** Entity {@code e}'s slot {@code k} is {@code outputs[e * slots + k]}; null until the entity's first job. */
    private Object[] outputs = new Object[0];
    /**
     * Entity {@code e}'s ring state is {@code stamps[e * stride]}: the {@link #ATTACHED} bit, how
     * many outputs are saved (bits 16 to 30) and the slot of the newest (bits 0 to 15); then slot
     * {@code k}'s tick and game seconds' bits at {@code e * stride + 1 + 2k}.
     */
    private long[] stamps = new long[0];

    /** A store keeping {@code depth} outputs per entity, 1 to {@link #MAX_DEPTH}; 0 keeps nothing. */
    DecisionStore(int depth) {
        this.depth = depth;
        this.slots = depth + 1;
        this.stride = 1 + 2 * slots;
    }

    int depth() {
        return depth;
    }

    /** Saved outputs of {@code entity}; 0 for an id the store never saw. O(1). */
    int size(int entity) {
        return has(entity) ? sizeOf(state(entity)) : 0;
    }

    /** True if {@code entity} has had a save since it joined and its component was attached. O(1). */
    boolean attached(int entity) {
        return has(entity) && (state(entity) & ATTACHED) != 0;
    }

    /** Notes that {@code entity}'s history component is attached and bound to this store. */
    void markAttached(int entity) {
        stamps[entity * stride] |= ATTACHED;
    }

    /** The newest output of {@code entity}, or null. O(1). */
    Object latest(int entity) {
        return size(entity) == 0 ? null : outputs[entity * slots + (state(entity) & NEWEST_MASK)];
    }

    Object output(int entity, int age) {
        return outputs[entity * slots + slot(entity, age)];
    }

    long savedAtTick(int entity, int age) {
        return stamps[entity * stride + 1 + 2 * slot(entity, age)];
    }

    double savedAtSeconds(int entity, int age) {
        return Double.longBitsToDouble(stamps[entity * stride + 2 + 2 * slot(entity, age)]);
    }

    private int slot(int entity, int age) {
        int size = size(entity);
        if (age < 0 || age >= size) {
            throw new IndexOutOfBoundsException("age " + age + " is outside the " + size + " saved outputs");
        }
        int slot = (state(entity) & NEWEST_MASK) - age;
        return slot < 0 ? slot + slots : slot;
    }

    private boolean has(int entity) {
        return entity >= 0 && (long) entity * stride < stamps.length;
    }

    private int state(int entity) {
        return (int) stamps[entity * stride];
    }

    /**
     * The index in {@link #outputs()} of the object the entity's next job writes: the slot after
     * its newest. For an entity below the capacity {@link #ensureEntity} made. O(1).
     */
    int spare(int entity) {
        return spare(stamps, stride, slots, entity);
    }

    /** {@link #spare(int)} on the store's arrays held in a job loop's locals. */
    static int spare(long[] stamps, int stride, int slots, int entity) {
        int next = ((int) stamps[entity * stride] & NEWEST_MASK) + 1;
        return entity * slots + (next == slots ? 0 : next);
    }

    /**
     * How many of the entity's slots (below the capacity {@link #ensureEntity} made) hold no object
     * yet: all of them before its first job, else none. O(depth).
     */
    int missingOutputs(int entity) {
        int missing = 0;
        for (int i = entity * slots, end = i + slots; end > i; i++) {
            if (outputs[i] == null) {
                missing++;
            }
        }
        return missing;
    }

    /** Puts the first {@code count} of {@code made} ({@link #missingOutputs} of them) in the entity's empty slots. O(depth). */
    void adopt(int entity, Object[] made, int count) {
        int used = 0;
        for (int i = entity * slots, end = i + slots; end > i && count > used; i++) {
            if (outputs[i] == null) {
                outputs[i] = made[used++];
            }
        }
    }

    /**
     * Makes room for entity ids up to {@code maxEntity}, so that the other methods need no check.
     * Allocates only when a larger entity id than ever before arrives.
     */
    void ensureEntity(int maxEntity) {
        if (depth > 0 && (long) maxEntity * stride >= stamps.length) {
            grow(maxEntity);
        }
    }

    /**
     * The usual save, for an attached entity: makes its spare (which its job wrote) the newest
     * output, saved at {@code tick} and {@code gameSecondsBits}, and returns true. Returns false and
     * changes nothing for an entity not attached yet: the caller attaches it, then {@link #push}es.
     * O(1); allocates nothing.
     */
    static boolean pushIfAttached(long[] stamps, int stride, int slots, int depth, int entity, long tick,
                                  long gameSecondsBits) {
        int at = entity * stride;
        int state = (int) stamps[at];
        if ((state & ATTACHED) == 0) {
            return false;
        }
        turn(stamps, at, state, slots, depth, tick, gameSecondsBits);
        return true;
    }

    /** Makes the entity's spare its newest output, saved at {@code tick} and {@code gameSeconds}. O(1). */
    void push(int entity, long tick, double gameSeconds) {
        int at = entity * stride;
        turn(stamps, at, (int) stamps[at], slots, depth, tick, Double.doubleToLongBits(gameSeconds));
    }

    /** Turns the ring whose state is at {@code stamps[at]} one slot on, and stamps its new newest. */
    private static void turn(long[] stamps, int at, int state, int slots, int depth, long tick, long gameSecondsBits) {
        int newest = (state & NEWEST_MASK) + 1;
        if (newest == slots) {
            newest = 0;
        }
        int size = sizeOf(state);
        stamps[at + 1 + 2 * newest] = tick;
        stamps[at + 2 + 2 * newest] = gameSecondsBits;
        stamps[at] = state & ATTACHED | (size < depth ? size + 1 : size) << SIZE_SHIFT | newest;
    }

    /** The output objects by slot, for a job loop's locals; replaced only by {@link #ensureEntity}. */
    Object[] outputs() {
        return outputs;
    }

    /** The stamps and ring states, for a job loop's locals; replaced only by {@link #ensureEntity}. */
    long[] stamps() {
        return stamps;
    }

    /** Slots per entity ({@code depth + 1}). */
    int slots() {
        return slots;
    }

    /** Longs per entity in {@link #stamps()}. */
    int stride() {
        return stride;
    }

    /** How many outputs are saved, for an entity with this ring state. */
    private static int sizeOf(int state) {
        return state >>> SIZE_SHIFT & SIZE_MASK;
    }

    /**
     * Forgets every output of {@code entity} whose history component was taken off, and that it
     * was attached, so its next save attaches a new one. Keeps the slot its job in flight (on a
     * worker) writes. O(1).
     */
    void detach(int entity) {
        if (has(entity)) {
            stamps[entity * stride] &= NEWEST_MASK;
        }
    }

    /** Forgets every output of {@code entity}, and that it was attached; keeps its objects for the id's next entity. O(1). */
    void clear(int entity) {
        if (has(entity)) {
            stamps[entity * stride] = 0;
        }
    }

    /** The highest entity id a store of {@code depth} (1 to {@link #MAX_DEPTH}) holds: its stamps fill one long[]. */
    static int highestEntityId(int depth) {
        return (Integer.MAX_VALUE - 8) / (1 + 2 * (depth + 1)) - 1;
    }

    private void grow(int entity) {
        long limit = highestEntityId(depth) + 1L; // entity ids one long[] can hold
        if (entity + 1L > limit) {
            throw new IllegalStateException("a history of depth " + depth + " cannot hold entity id " + entity
                    + ": lower the history depth");
        }
        int entities = stamps.length / stride;
        long grown = Math.min(Math.max(entity + 1L, entities + (entities >> 1)), limit);
        stamps = Arrays.copyOf(stamps, (int) (grown * stride));
        outputs = Arrays.copyOf(outputs, (int) (grown * slots));
    }
}
