package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * The saved outputs of one {@link TimeslicedSystem}: a ring of {@code depth} entries per entity id,
 * each with the tick and game time it was saved, in flat arrays indexed by entity id.
 * {@link DecisionHistory} components are views of it.
 *
 * <p>Output objects live in one pool and travel by handle (their index in the pool), so a save
 * moves numbers, never references (no GC write barriers), and an entry's handle, tick and time sit
 * side by side, so a save writes one place. Memory: about 24 × {@code depth} + 4 bytes per entity
 * id up to the highest seen, plus the pooled outputs; ids up to about 2<sup>31</sup> / (3 × depth).
 */
final class DecisionStore {

    /** A handle that names no output. */
    static final int NONE = -1;
    /** The deepest history a store keeps. */
    static final int MAX_DEPTH = 1024;

    /** Ring state bits: the entity's history component is attached and bound to this store. */
    private static final int ATTACHED = 1 << 31;
    private static final int SIZE_SHIFT = 16;
    private static final int SIZE_MASK = 0x7FFF;
    private static final int NEWEST_MASK = 0xFFFF;

    private final int depth;
    private Object[] pool = new Object[0];
    private int pooled;
    /** Longs per entry: the output's handle (or NONE), the tick it was saved, its game seconds' bits. */
    private static final int ENTRY = 3;
    /** Entry {@code k} of entity {@code e} starts at {@code ENTRY * (e * depth + k)}. */
    private long[] entries = new long[0];
    /**
     * Per entity: the {@link #ATTACHED} bit, how many entries are valid (bits 16 to 30) and the
     * ring index of the newest (bits 0 to 15, meaningful while the size is above 0).
     */
    private int[] rings = new int[0];
    /**
     * Per entity: the handle of its spare output, the object its next job writes, or {@link #NONE}.
     * A save pushes the spare and takes the handle it displaces as the next spare, so each entity
     * keeps its own depth + 1 objects: a batch that holds other entities than the last (tiers)
     * does not scatter them over the pool.
     */
    private int[] spares = new int[0];

    /**
     * A store keeping {@code depth} outputs per entity, 1 to {@link #MAX_DEPTH}; with depth 0 only
     * its pool of output objects is used.
     */
    DecisionStore(int depth) {
        this.depth = depth;
    }

    int depth() {
        return depth;
    }

    /** Adds an output object to the pool; returns its handle. Allocates only to grow the pool. */
    int add(Object output) {
        if (pooled == pool.length) {
            pool = Arrays.copyOf(pool, Math.max(16, pooled + (pooled >> 1)));
        }
        pool[pooled] = output;
        return pooled++;
    }

    /** The output object a handle names. O(1). */
    Object object(int handle) {
        return pool[handle];
    }

    /**
     * How many output objects the entity (below the capacity {@link #ensureEntity} made) lacks: its
     * spare, and one for each ring entry that holds none. O(depth).
     */
    int missingOutputs(int entity) {
        int missing = spares[entity] == NONE ? 1 : 0;
        for (int k = 0; k < depth; k++) {
            if (entries[ENTRY * (entity * depth + k)] == NONE) {
                missing++;
            }
        }
        return missing;
    }

    /**
     * Gives the entity the first {@code count} of {@code outputs} ({@link #missingOutputs} of them):
     * the first as its spare if it has none, the others to its ring entries that hold none, which
     * saves displace as its next spares. Returns its spare's handle. O(depth).
     */
    int adopt(int entity, Object[] outputs, int count) {
        int used = 0;
        if (spares[entity] == NONE) {
            spares[entity] = add(outputs[used++]);
        }
        for (int k = 0; k < depth && used < count; k++) {
            int i = ENTRY * (entity * depth + k);
            if (entries[i] == NONE) {
                entries[i] = add(outputs[used++]);
            }
        }
        return spares[entity];
    }

    /** Valid entries of {@code entity}; 0 for an id the store never saw. O(1). */
    int size(int entity) {
        return entity >= 0 && entity < rings.length ? sizeOf(rings[entity]) : 0;
    }

    /** True if {@code entity} has had a save since it joined and its component was attached. O(1). */
    boolean attached(int entity) {
        return entity >= 0 && entity < rings.length && (rings[entity] & ATTACHED) != 0;
    }

    /** Notes that {@code entity}'s history component is attached and bound to this store. */
    void markAttached(int entity) {
        rings[entity] |= ATTACHED;
    }

    /** The newest output of {@code entity}, or null. O(1). */
    Object latest(int entity) {
        if (size(entity) == 0) {
            return null;
        }
        return pool[(int) entries[ENTRY * (entity * depth + (rings[entity] & NEWEST_MASK))]];
    }

    Object output(int entity, int age) {
        return pool[(int) entries[ENTRY * index(entity, age)]];
    }

    long savedAtTick(int entity, int age) {
        return entries[ENTRY * index(entity, age) + 1];
    }

    double savedAtSeconds(int entity, int age) {
        return Double.longBitsToDouble(entries[ENTRY * index(entity, age) + 2]);
    }

    private int index(int entity, int age) {
        int size = size(entity);
        if (age < 0 || age >= size) {
            throw new IndexOutOfBoundsException("age " + age + " is outside the " + size + " saved outputs");
        }
        int ring = (rings[entity] & NEWEST_MASK) - age;
        return entity * depth + (ring < 0 ? ring + depth : ring);
    }

    /**
     * Makes room for entity ids up to {@code maxEntity}, so that {@link #push} and the
     * {@code pushIfFull} methods need no check.
     * Allocates only when a larger entity id than ever before arrives.
     */
    void ensureEntity(int maxEntity) {
        if (depth > 0 && maxEntity >= rings.length) {
            grow(maxEntity);
        }
    }

    /**
     * The usual save, for an attached entity with a full ring: makes {@code handle}'s output the
     * newest of {@code entity} (below the capacity {@link #ensureEntity} made) and returns the evicted
     * oldest one's handle, for the caller to reuse. Otherwise changes nothing and returns
     * {@link #NONE}: the caller attaches or finds an output first, then {@link #push}es. O(1).
     */
    int pushIfFull(int entity, int handle, long tick, double gameSeconds) {
        return pushIfFull(rings, entries, depth, fullState(), entity, handle, tick, Double.doubleToRawLongBits(gameSeconds));
    }

    /**
     * {@link #pushIfFull(int, int, long, double)} on the store's arrays held in a job loop's locals.
     * Only {@link #ensureEntity} replaces them, at a batch start ({@link #add} grows the pool alone).
     */
    static int pushIfFull(int[] rings, long[] entries, int depth, int fullState, int entity, int handle,
                          long tick, long gameSecondsBits) {
        int state = rings[entity];
        if ((state & ~NEWEST_MASK) != fullState) {
            return NONE;
        }
        int ring = after(state & NEWEST_MASK, depth);
        int displaced = replaceEntry(entries, ENTRY * (entity * depth + ring), handle, tick, gameSecondsBits);
        rings[entity] = fullState | ring;
        return displaced;
    }

    /** The ring state of an attached entity with a full ring, newest index 0. */
    int fullState() {
        return ATTACHED | depth << SIZE_SHIFT;
    }

    /** The per-entity ring states, for {@link #pushIfFull(int[], long[], int, int, int, int, long, long)}. */
    int[] rings() {
        return rings;
    }

    /** The entries, for {@link #pushIfFull(int[], long[], int, int, int, int, long, long)}. */
    long[] entries() {
        return entries;
    }

    /** The spares, by entity, for a job loop's locals; replaced only by {@link #ensureEntity}. */
    int[] spares() {
        return spares;
    }

    /** The output pool, by handle; replaced when {@link #add} grows it. */
    Object[] pool() {
        return pool;
    }

    /**
     * Makes the output {@code handle} names the newest entry of {@code entity} (an id below the
     * capacity {@link #ensureEntity} made) and returns the handle it displaced from the ring: the
     * evicted oldest output, an object {@link #adopt}ed or left from before a {@link #clear}, or
     * {@link #NONE}. O(1); allocates nothing.
     */
    int push(int entity, int handle, long tick, double gameSeconds) {
        int state = rings[entity];
        int size = sizeOf(state);
        int ring = nextRing(state);
        int displaced = replaceEntry(entries, ENTRY * (entity * depth + ring), handle, tick,
                Double.doubleToRawLongBits(gameSeconds));
        rings[entity] = state & ATTACHED | (size < depth ? size + 1 : size) << SIZE_SHIFT | ring;
        return displaced;
    }

    /** How many entries are valid, for an entity with this ring state. */
    private static int sizeOf(int state) {
        return state >>> SIZE_SHIFT & SIZE_MASK;
    }

    /** The ring index the next push writes, for an entity with this ring state. */
    private int nextRing(int state) {
        return sizeOf(state) == 0 ? 0 : after(state & NEWEST_MASK, depth);
    }

    /** The ring index after {@code ring} in a ring of {@code depth} entries. */
    private static int after(int ring, int depth) {
        int next = ring + 1;
        return next == depth ? 0 : next;
    }

    /** Writes entry {@code i} (its first long): handle, tick, game seconds' bits; returns the handle it held. */
    private static int replaceEntry(long[] entries, int i, int handle, long tick, long gameSecondsBits) {
        int displaced = (int) entries[i];
        entries[i] = handle;
        entries[i + 1] = tick;
        entries[i + 2] = gameSecondsBits;
        return displaced;
    }

    /** Forgets every output of {@code entity}, and that it was attached; keeps the objects (and its spare) for reuse. O(1). */
    void clear(int entity) {
        if (entity >= 0 && entity < rings.length) {
            rings[entity] = 0;
        }
    }

    private void grow(int entity) {
        long limit = (Integer.MAX_VALUE - 8) / ((long) ENTRY * depth); // entity ids one long[] can hold
        if (entity + 1L > limit) {
            throw new IllegalStateException("a history of depth " + depth + " cannot hold entity id " + entity
                    + ": lower the history depth");
        }
        long entities = Math.min(Math.max(entity + 1L, rings.length + (rings.length >> 1)), limit);
        int oldEntries = entries.length;
        entries = Arrays.copyOf(entries, (int) (ENTRY * entities * depth));
        for (int i = oldEntries; entries.length > i; i += ENTRY) {
            entries[i] = NONE;
        }
        rings = Arrays.copyOf(rings, (int) entities);
        int oldSpares = spares.length;
        spares = Arrays.copyOf(spares, (int) entities);
        Arrays.fill(spares, oldSpares, spares.length, NONE);
    }
}
