package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * The saved outputs of one {@link TimeslicedSystem}: per entity id a ring of {@code depth + 1}
 * output objects, each with the tick and game time it was saved, in flat arrays indexed by
 * entity id. {@link DecisionHistory} components are views of it.
 *
 * <p>The ring holds the entity's {@code depth} latest outputs and one more slot, the one after the
 * newest: its spare, the object its next job writes. A save only stamps the spare and turns the
 * ring (the spare becomes the newest, the oldest the spare), so nothing is copied, moved or
 * allocated once an entity has its objects, and each entity keeps its own. A slot's stamps sit at
 * its index in {@link #outputs()}, in {@link #ticks()} and {@link #seconds()}, so the job loop finds
 * the spare once, before the job, and its save is two stores there and the ring's new state. The
 * seconds' array is {@link Platform#newDoubles}'s, which holds them unboxed in a browser too, and
 * grows by a loop. Memory per entity id up to the highest seen: 16 × ({@code depth} + 1) bytes of
 * stamps, 4 of ring state and 4 × ({@code depth} + 1) of references, plus the objects.
 */
final class DecisionStore {

    /** The deepest history a store keeps. */
    static final int MAX_DEPTH = 1024;

    /**
     * Ring state bits: the entity's history component is attached and bound to this store. Every
     * ring state stays below 2^30, which a JavaScript engine keeps as a small integer in a GWT
     * {@code int[]} (its top bits would make each state a boxed number there).
     */
    private static final int ATTACHED = 1 << 29;
    private static final int SIZE_SHIFT = 16;
    private static final int SIZE_MASK = 0x1FFF;
    private static final int SPARE_MASK = 0xFFFF;

    private final int depth;
    /** Slots per entity: its depth outputs and its spare. */
    private final int slots;
    /** Entity {@code e}'s slot {@code k} is {@code outputs[e * slots + k]}; null until the entity's first job. */
    private Object[] outputs = new Object[0];
    /**
     * Entity {@code e}'s ring state: the {@link #ATTACHED} bit, how many outputs are saved (bits 16
     * to 28) and its spare's slot (bits 0 to 15).
     */
    private int[] rings = new int[0];
    /** The tick the output at {@code outputs[i]} was saved at. */
    private long[] ticks = new long[0];
    /** The game seconds the output at {@code outputs[i]} was saved at. */
    private double[] seconds = Platform.newDoubles(0);

    /** A store keeping {@code depth} outputs per entity, 1 to {@link #MAX_DEPTH}; 0 keeps nothing. */
    DecisionStore(int depth) {
        this.depth = depth;
        this.slots = depth + 1;
    }

    int depth() {
        return depth;
    }

    /** Saved outputs of {@code entity}; 0 for an id the store never saw. O(1). */
    int size(int entity) {
        return has(entity) ? sizeOf(rings[entity]) : 0;
    }

    /** True if {@code entity} has had a save since it joined and its component was attached. O(1). */
    boolean attached(int entity) {
        return has(entity) && (rings[entity] & ATTACHED) != 0;
    }

    /** Notes that {@code entity}'s history component is attached and bound to this store. */
    void markAttached(int entity) {
        rings[entity] |= ATTACHED;
    }

    /** The newest output of {@code entity}, or null. O(1). */
    Object latest(int entity) {
        return size(entity) == 0 ? null : outputs[at(entity, 0)];
    }

    Object output(int entity, int age) {
        return outputs[at(entity, checkedAge(entity, age))];
    }

    long savedAtTick(int entity, int age) {
        return ticks[at(entity, checkedAge(entity, age))];
    }

    double savedAtSeconds(int entity, int age) {
        return seconds[at(entity, checkedAge(entity, age))];
    }

    private int checkedAge(int entity, int age) {
        int size = size(entity);
        if (age < 0 || age >= size) {
            throw new IndexOutOfBoundsException("age " + age + " is outside the " + size + " saved outputs");
        }
        return age;
    }

    /** The index in {@link #outputs()} of the entity's output of {@code age}, 0 the newest. */
    private int at(int entity, int age) {
        int slot = (rings[entity] & SPARE_MASK) - 1 - age;
        return entity * slots + (slot < 0 ? slot + slots : slot);
    }

    private boolean has(int entity) {
        return entity >= 0 && entity < rings.length;
    }

    /**
     * The index in {@link #outputs()} of the object the entity's next job writes: its spare. For
     * an entity below the capacity {@link #ensureEntity} made. O(1).
     */
    int spare(int entity) {
        return spare(rings, slots, entity);
    }

    /** {@link #spare(int)} on the store's arrays held in a job loop's locals. */
    static int spare(int[] rings, int slots, int entity) {
        return entity * slots + (rings[entity] & SPARE_MASK);
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
        if (depth > 0 && maxEntity >= rings.length) {
            grow(maxEntity);
        }
    }

    /**
     * The usual save, for an attached entity: stamps its spare, at index {@code spare} in
     * {@link #outputs()} (which its job wrote), with {@code tick} and {@code gameSeconds}, makes
     * it the newest output, and returns true. Returns false and changes nothing for an entity not
     * attached yet: the caller attaches it, then {@link #push}es. O(1); allocates nothing.
     */
    static boolean pushIfAttached(int[] rings, long[] ticks, double[] seconds, int slots, int depth, int entity,
                                  int spare, long tick, double gameSeconds) {
        int ring = rings[entity];
        if ((ring & ATTACHED) == 0) {
            return false;
        }
        save(rings, ticks, seconds, slots, depth, entity, ring, spare, tick, gameSeconds);
        return true;
    }

    /** {@link #pushIfAttached(int[], long[], double[], int, int, int, int, long, double)} on the store's own arrays, for the entity's spare. */
    boolean pushIfAttached(int entity, long tick, double gameSeconds) {
        return pushIfAttached(rings, ticks, seconds, slots, depth, entity, spare(entity), tick, gameSeconds);
    }

    /** Makes the entity's spare its newest output, saved at {@code tick} and {@code gameSeconds}. O(1). */
    void push(int entity, long tick, double gameSeconds) {
        save(rings, ticks, seconds, slots, depth, entity, rings[entity], spare(entity), tick, gameSeconds);
    }

    /**
     * Stamps the spare of the entity whose ring state is {@code ring} (at index {@code spare} in
     * {@link #outputs()}) and turns its ring: the spare is the newest, the slot after it the spare,
     * one more saved up to the depth.
     */
    private static void save(int[] rings, long[] ticks, double[] seconds, int slots, int depth, int entity, int ring,
                             int spare, long tick, double gameSeconds) {
        ticks[spare] = tick;
        seconds[spare] = gameSeconds;
        int next = (ring & SPARE_MASK) + 1;
        int grown = sizeOf(ring) < depth ? ring + (1 << SIZE_SHIFT) : ring;
        rings[entity] = grown & ~SPARE_MASK | (next == slots ? 0 : next);
    }

    /** The output objects by slot, for a job loop's locals; replaced only by {@link #ensureEntity}. */
    Object[] outputs() {
        return outputs;
    }

    /** The ring states, for a job loop's locals; replaced only by {@link #ensureEntity}. */
    int[] rings() {
        return rings;
    }

    /** The ticks of the saves, for a job loop's locals; replaced only by {@link #ensureEntity}. */
    long[] ticks() {
        return ticks;
    }

    /** The game seconds of the saves, for a job loop's locals; replaced only by {@link #ensureEntity}. */
    double[] seconds() {
        return seconds;
    }

    /** Slots per entity ({@code depth + 1}). */
    int slots() {
        return slots;
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
            rings[entity] &= SPARE_MASK;
        }
    }

    /** Forgets every output of {@code entity}, and that it was attached; keeps its objects for the id's next entity. O(1). */
    void clear(int entity) {
        if (has(entity)) {
            rings[entity] = 0;
        }
    }

    /** The highest entity id a store of {@code depth} (1 to {@link #MAX_DEPTH}) holds: its slots fill one array. */
    static int highestEntityId(int depth) {
        return (Integer.MAX_VALUE - 8) / (depth + 1) - 1;
    }

    private void grow(int entity) {
        long limit = highestEntityId(depth) + 1L; // entity ids one array of slots can hold
        if (entity + 1L > limit) {
            throw new IllegalStateException("a history of depth " + depth + " cannot hold entity id " + entity
                    + ": lower the history depth");
        }
        int entities = rings.length;
        int grown = (int) Math.min(Math.max(entity + 1L, entities + (entities >> 1)), limit);
        rings = Arrays.copyOf(rings, grown);
        ticks = Arrays.copyOf(ticks, grown * slots);
        double[] grownSeconds = Platform.newDoubles(grown * slots);
        for (int i = 0; i < seconds.length; i++) { // a loop: in a browser, no Arrays method takes newDoubles' arrays
            grownSeconds[i] = seconds[i];
        }
        seconds = grownSeconds;
        outputs = Arrays.copyOf(outputs, grown * slots);
    }
}
