package io.github.ecstimeslice;

/**
 * How old the decisions the game sees are: for the entities a {@link TimeslicedSystem} is
 * subscribed to, the age of each one's latest output (ticks and game seconds since it was saved),
 * mean and max. Filled on request by {@link TimeslicedSystem#measureAges(DecisionAges)}; reuse one
 * instance to measure without allocating.
 *
 * <p>An output saved in the latest tick has age 0 ticks and 0 seconds. Entities with no output yet
 * are counted in {@link #entities()} but not in the ages.
 */
public final class DecisionAges {

    int entities;
    int withOutput;
    double meanTicks;
    long maxTicks;
    double meanSeconds;
    double maxSeconds;

    /** Subscribed entities when measured. */
    public int entities() {
        return entities;
    }

    /** Subscribed entities that had a latest output when measured. */
    public int withOutput() {
        return withOutput;
    }

    /** Mean age of the latest outputs, in ticks; 0 if none. */
    public double meanTicks() {
        return meanTicks;
    }

    /** Oldest latest output, in ticks; 0 if none. */
    public long maxTicks() {
        return maxTicks;
    }

    /** Mean age of the latest outputs, in game seconds; 0 if none. */
    public double meanSeconds() {
        return meanSeconds;
    }

    /** Oldest latest output, in game seconds; 0 if none. */
    public double maxSeconds() {
        return maxSeconds;
    }

    @Override
    public String toString() {
        return String.format("%d/%d entities with output, age mean %.2f max %d ticks, mean %.4f max %.4f s",
                withOutput, entities, meanTicks, maxTicks, meanSeconds, maxSeconds);
    }
}
