package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * Significance tiers for a {@link TimeslicedSystem}: entities that matter more (near the player, on
 * screen) decide more often. Tier {@code i}'s entities get a job in one of every
 * {@code batchPeriods[i]} batches, spread over the period's phases so that batches stay about the
 * same size; tier 0 decides in every batch. The system asks each entity's tier
 * ({@link TimeslicedSystem#tierOf(int)}) when it joins and again at least once every
 * {@link #reassessSeconds()} of game time, a few entities a tick.
 *
 * <p>A batch holds about Σ N<sub>i</sub> / p<sub>i</sub> jobs for N<sub>i</sub> entities in tier i of
 * period p<sub>i</sub>, a little more while entities move: one that joins or moves to a faster tier
 * is due in the next batch, before its phase comes round.
 *
 * <p>Immutable; one instance can be shared by many systems. {@code Tiers.decideEvery(1)} is one
 * tier: every entity in every batch, as a system without tiers.
 */
public final class Tiers {

    /** The most tiers a system can have. */
    public static final int MAX_TIERS = 16;
    /**
     * The longest batch period: the slowest tier decides at least once every 64 batches. The
     * schedule keeps a bit per entity id for each phase in use.
     */
    public static final int MAX_BATCH_PERIOD = 64;
    /** Game seconds within which every entity's tier is asked again, unless told otherwise. */
    public static final double DEFAULT_REASSESS_SECONDS = 0.5;

    /** One tier, every entity in every batch: a system's tiers until it is given others. */
    static final Tiers ONE = decideEvery(1);

    private final int[] batchPeriods;
    private final double reassessSeconds;

    private Tiers(int[] batchPeriods, double reassessSeconds) {
        this.batchPeriods = batchPeriods;
        this.reassessSeconds = reassessSeconds;
    }

    /**
     * Tiers whose entities get a job in one of every {@code batchPeriods[i]} batches: tier 0 in
     * every batch ({@code batchPeriods[0]} is 1), each tier at least as slow as the one before.
     *
     * @param batchPeriods 1 to {@value #MAX_TIERS} periods, in batches: the first 1, each at least
     *                     the one before, the last at most {@value #MAX_BATCH_PERIOD}
     * @throws IllegalArgumentException naming the value if {@code batchPeriods} is null, empty,
     *                                  longer than {@value #MAX_TIERS}, does not start with 1,
     *                                  decreases anywhere or exceeds {@value #MAX_BATCH_PERIOD}
     */
    public static Tiers decideEvery(int... batchPeriods) {
        return new Tiers(checkedPeriods("batch", batchPeriods, MAX_BATCH_PERIOD), DEFAULT_REASSESS_SECONDS);
    }

    /**
     * A copy of {@code periods} (in {@code unit}s: batches, ticks), checked: 1 to {@value #MAX_TIERS},
     * the first 1, each at least the one before, none above {@code maxPeriod}.
     *
     * @throws IllegalArgumentException naming the value if not
     */
    static int[] checkedPeriods(String unit, int[] periods, int maxPeriod) {
        if (periods == null || periods.length == 0 || periods.length > MAX_TIERS) {
            throw new IllegalArgumentException("tiers need 1 to " + MAX_TIERS + " " + unit + " periods, was "
                    + (periods == null ? "null" : periods.length + ": " + Arrays.toString(periods)));
        }
        if (periods[0] != 1) {
            throw new IllegalArgumentException("tier 0 runs in every " + unit + ": its period must be 1, was "
                    + periods[0] + " in " + Arrays.toString(periods));
        }
        for (int i = 1; i < periods.length; i++) {
            if (periods[i] < periods[i - 1]) {
                throw new IllegalArgumentException("each tier's " + unit + " period must be at least the one before, was "
                        + periods[i] + " after " + periods[i - 1] + " in " + Arrays.toString(periods));
            }
        }
        if (periods[periods.length - 1] > maxPeriod) {
            throw new IllegalArgumentException(unit + " periods must be at most " + maxPeriod + ", was "
                    + periods[periods.length - 1] + " in " + Arrays.toString(periods));
        }
        return Arrays.copyOf(periods, periods.length); // not clone(): GWT has no clone of an array
    }

    /**
     * These tiers, with every entity's tier asked again at least once per {@code seconds} of game
     * time, spread over the ticks (O(entities × delta / seconds) calls a tick).
     *
     * @throws IllegalArgumentException naming the value if {@code seconds} is NaN, infinite, zero
     *                                  or negative
     */
    public Tiers reassessEvery(double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("reassess period in seconds must be positive and finite, was " + seconds);
        }
        return new Tiers(batchPeriods, seconds);
    }

    /** How many tiers: 1 to {@value #MAX_TIERS}. */
    public int count() {
        return batchPeriods.length;
    }

    /**
     * Tier {@code tier}'s period: its entities get a job in one of every so many batches.
     *
     * @throws IndexOutOfBoundsException if {@code tier} is not in [0, {@link #count()})
     */
    public int batchPeriod(int tier) {
        return batchPeriods[tier];
    }

    /** The slowest tier's period, at most {@value #MAX_BATCH_PERIOD}: no entity waits more than this many batches plus one between jobs. */
    public int longestBatchPeriod() {
        return batchPeriods[batchPeriods.length - 1];
    }

    /** Game seconds within which every entity's tier is asked again. */
    public double reassessSeconds() {
        return reassessSeconds;
    }

    /** The periods, a copy. */
    int[] batchPeriods() {
        return Arrays.copyOf(batchPeriods, batchPeriods.length);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Tiers)) {
            return false;
        }
        Tiers tiers = (Tiers) other;
        return Arrays.equals(batchPeriods, tiers.batchPeriods) && Double.compare(reassessSeconds, tiers.reassessSeconds) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(batchPeriods) + PortableMath.hashOf(reassessSeconds);
    }

    @Override
    public String toString() {
        return "decideEvery" + Arrays.toString(batchPeriods) + ", reassessEvery(" + reassessSeconds + " s)";
    }
}
