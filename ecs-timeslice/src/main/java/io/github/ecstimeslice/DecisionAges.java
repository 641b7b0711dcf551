package io.github.ecstimeslice;

/**
 * How old the decisions the game sees are: for the entities a {@link TimeslicedSystem} is
 * subscribed to, the age of each one's latest output (ticks and game seconds since it was saved),
 * mean and max. Filled on request by {@link DecisionStats#measureAges(DecisionAges)}; reuse one
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
        return withOutput + "/" + entities + " entities with output, age mean " + fixed(meanTicks, 2) + " max "
                + maxTicks + " ticks, mean " + fixed(meanSeconds, 4) + " max " + fixed(maxSeconds, 4) + " s";
    }

    /**
     * {@code value} with {@code decimals} digits after the point, rounded half up, in every locale
     * (not {@code String.format}, which GWT lacks).
     */
    static String fixed(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return String.valueOf(value);
        }
        long scale = 1;
        for (int i = 0; decimals > i; i++) {
            scale *= 10;
        }
        StringBuilder digits = new StringBuilder(Long.toString(Math.round(Math.abs(value) * scale)));
        while (digits.length() <= decimals) {
            digits.insert(0, '0');
        }
        if (decimals > 0) {
            digits.insert(digits.length() - decimals, '.');
        }
        return value < 0 ? digits.insert(0, '-').toString() : digits.toString();
    }
}
