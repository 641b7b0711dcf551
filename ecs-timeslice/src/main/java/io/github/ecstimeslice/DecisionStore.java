package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * The saved outputs of one {@link TimeslicedSystem}, for all its entities: a ring of
 * {@code depth} entries per entity id, each with the tick and game time it was saved, kept in flat
 * arrays indexed by entity id. {@link DecisionHistory} components are views of it.
 *
 * <p>Output objects live in one pool and are passed around by handle (their index in the pool):
 * the rings and the system's job slots hold {@code int} handles, so a save moves ints, never
 * object references (no GC write barriers on the hot path), and saves of consecutive entities
 * touch consecutive memory. Memory: about {@code depth} × 20 bytes per entity id up to the highest
 * id seen, plus the pooled outputs.
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
    /** Entry {@code k} of entity {@code e} is at {@code e * depth + k}: a handle, or NONE. */
    private int[] entries = new int[0];
    /** Entry {@code i}'s tick at {@code 2i}, its game seconds' bits at {@code 2i + 1}. */
    private long[] stamps = new long[0];
    /**
     * Per entity: the {@link #ATTACHED} bit, how many entries are valid (bits 16 to 30) and the
     * ring index of the newest (bits 0 to 15, meaningful while the size is above 0).
     */
    private int[] rings = new int[0];

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
        return pool[entries[entity * depth + (rings[entity] & NEWEST_MASK)]];
    }

    Object output(int entity, int age) {
        return pool[entries[index(entity, age)]];
    }

    long savedAtTick(int entity, int age) {
        return stamps[2 * index(entity, age)];
    }

    double savedAtSeconds(int entity, int age) {
        return Double.longBitsToDouble(stamps[2 * index(entity, age) + 1]);
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
     * Makes room for entity ids up to {@code maxEntity}, so that {@link #push} needs no check.
     * Allocates only when a larger entity id than ever before arrives.
     */
    void ensureEntity(int maxEntity) {
        if (depth > 0 && maxEntity >= rings.length) {
            grow(maxEntity);
        }
    }

    /**
     * The usual save, for an attached entity whose ring is full: makes the output {@code handle}
     * names the newest entry of {@code entity} (an id below the capacity {@link #ensureEntity}
     * made) and returns the evicted oldest output's handle, which the caller reuses as a job's
     * output. Otherwise changes nothing and returns {@link #NONE}: the caller has work to do first
     * (attach the component, find an output object while the ring fills), then {@link #push}es.
     * O(1); allocates nothing.
     */
    int pushIfFull(int entity, int handle, long tick, double gameSeconds) {
        int state = rings[entity];
        if ((state & ATTACHED) == 0 || sizeOf(state) != depth) {
            return NONE;
        }
        return push(entity, handle, tick, gameSeconds);
    }

    /**
     * The handle the next {@link #push} for {@code entity} will displace: the evicted oldest output,
     * a stale one left from before a {@link #clear}, or {@link #NONE} while the ring fills. O(1).
     */
    int nextDisplaced(int entity) {
        return entries[entity * depth + nextRing(rings[entity])];
    }

    /**
     * Makes the output {@code handle} names the newest entry of {@code entity} (an id below the
     * capacity {@link #ensureEntity} made) and returns the handle it displaced from the ring (see
     * {@link #nextDisplaced}). O(1); allocates nothing.
     */
    int push(int entity, int handle, long tick, double gameSeconds) {
        int state = rings[entity];
        int size = sizeOf(state);
        int ring = nextRing(state);
        int i = entity * depth + ring;
        int displaced = entries[i];
        entries[i] = handle;
        stamps[2 * i] = tick;
        stamps[2 * i + 1] = Double.doubleToRawLongBits(gameSeconds);
        rings[entity] = state & ATTACHED | (size < depth ? size + 1 : size) << SIZE_SHIFT | ring;
        return displaced;
    }

    /** How many entries are valid, for an entity with this ring state. */
    private static int sizeOf(int state) {
        return state >>> SIZE_SHIFT & SIZE_MASK;
    }

    /** The ring index the next push writes, for an entity with this ring state. */
    private int nextRing(int state) {
        if (sizeOf(state) == 0) {
            return 0;
        }
        int ring = (state & NEWEST_MASK) + 1;
        return ring == depth ? 0 : ring;
    }

    /** Forgets every output of {@code entity}, and that it was attached; keeps the objects for reuse. O(1). */
    void clear(int entity) {
        if (entity >= 0 && entity < rings.length) {
            rings[entity] = 0;
        }
    }

    private void grow(int entity) {
        long entities = Math.max(entity + 1L, rings.length + (rings.length >> 1));
        long stampCount = 2 * entities * depth;
        if (stampCount > Integer.MAX_VALUE - 8) {
            entities = Math.max(entity + 1L, (Integer.MAX_VALUE - 8) / (2L * depth));
            if (2 * entities * depth > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a history of depth " + depth + " cannot hold entity id " + entity
                        + ": lower the history depth");
            }
        }
        int oldEntries = entries.length;
        entries = Arrays.copyOf(entries, (int) (entities * depth));
        Arrays.fill(entries, oldEntries, entries.length, NONE);
        stamps = Arrays.copyOf(stamps, (int) (2 * entities * depth));
        rings = Arrays.copyOf(rings, (int) entities);
    }
}
