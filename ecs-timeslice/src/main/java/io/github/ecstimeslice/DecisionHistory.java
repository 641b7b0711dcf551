package io.github.ecstimeslice;

import com.artemis.PooledComponent;

/**
 * The decision results a {@link TimeslicedSystem} saved for one entity, newest first, each with
 * the tick and game time at which it was saved: the seed's ring buffer of job results, kept per
 * entity so a lookup by key is one component read instead of a search.
 *
 * <p>Other systems read it with a {@code ComponentMapper} of the system's history type, or
 * through {@link TimeslicedSystem#historyOf(int)}. Each timesliced system in a world needs its own
 * history type: declare an empty subclass ({@code public class FacingDecisions extends
 * DecisionHistory<FacingDecision> {}}) and pass it to the system's constructor. A world with a
 * single timesliced system may use this class as it is.
 *
 * <p>The outputs are owned by the system and reused: read them within the tick, copy what you need
 * to keep. The component is pooled; a deleted entity's history goes with it, and an entity that
 * receives a recycled id starts with an empty one.
 *
 * @param <O> the system's output type
 */
public class DecisionHistory<O> extends PooledComponent {

    private static final Object[] NO_OUTPUTS = {};
    private static final long[] NO_TICKS = {};
    private static final double[] NO_SECONDS = {};

    private Object[] outputs = NO_OUTPUTS;
    private long[] ticks = NO_TICKS;
    private double[] seconds = NO_SECONDS;
    /** Ring index of the newest output; meaningful only while {@code size > 0}. */
    private int newest = -1;
    private int size;

    /** How many saved outputs this history holds now, 0 up to {@link #depth()}. O(1). */
    public int size() {
        return size;
    }

    /** The most outputs this history keeps; the system's configured history depth. O(1). */
    public int depth() {
        return outputs.length;
    }

    /** True if no output has been saved for this entity yet (or since it left the system). O(1). */
    public boolean isEmpty() {
        return size == 0;
    }

    /** The newest saved output, or {@code null} if there is none. O(1). */
    @SuppressWarnings("unchecked")
    public O latest() {
        return size == 0 ? null : (O) outputs[newest];
    }

    /**
     * A saved output by age: 0 is the newest, {@code size() - 1} the oldest kept. O(1).
     *
     * @throws IndexOutOfBoundsException if {@code age} is negative or not below {@link #size()}
     */
    @SuppressWarnings("unchecked")
    public O output(int age) {
        return (O) outputs[ring(age)];
    }

    /**
     * The system tick (see {@link TimeslicedSystem#tick()}) at which the output of the given age
     * was saved. O(1).
     *
     * @throws IndexOutOfBoundsException if {@code age} is negative or not below {@link #size()}
     */
    public long savedAtTick(int age) {
        return ticks[ring(age)];
    }

    /**
     * The system's game time in seconds (see {@link TimeslicedSystem#gameSeconds()}) at which the
     * output of the given age was saved. O(1).
     *
     * @throws IndexOutOfBoundsException if {@code age} is negative or not below {@link #size()}
     */
    public double savedAtSeconds(int age) {
        return seconds[ring(age)];
    }

    private int ring(int age) {
        if (age < 0 || age >= size) {
            throw new IndexOutOfBoundsException("age " + age + " is outside the " + size + " saved outputs");
        }
        int i = newest - age;
        return i < 0 ? i + outputs.length : i;
    }

    /** Sizes the ring for the owning system; allocates only when the depth changes. */
    void ensureDepth(int depth) {
        if (outputs.length != depth) {
            outputs = new Object[depth];
            ticks = new long[depth];
            seconds = new double[depth];
            newest = -1;
            size = 0;
        }
    }

    /**
     * Makes {@code output} the newest entry and returns the object it displaced from the ring: the
     * evicted oldest output, a stale output left from before a {@link #clear()}, or {@code null}.
     * The caller reuses the returned object as a job's output slot. O(1), no allocation.
     */
    Object push(Object output, long tick, double gameSeconds) {
        int i = newest + 1 == outputs.length ? 0 : newest + 1;
        Object displaced = outputs[i];
        outputs[i] = output;
        ticks[i] = tick;
        seconds[i] = gameSeconds;
        newest = i;
        if (size < outputs.length) {
            size++;
        }
        return displaced;
    }

    /** Forgets every saved output; keeps the output objects for reuse. O(1). */
    void clear() {
        size = 0;
    }

    @Override
    protected void reset() {
        size = 0;
    }
}
