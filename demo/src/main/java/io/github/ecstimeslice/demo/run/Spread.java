package io.github.ecstimeslice.demo.run;

import java.util.Arrays;
import java.util.Locale;

/**
 * A figure measured once a round: the median over the rounds, and the range, the least and the
 * most of them; the figures themselves in round order. A median moves with none of the rounds a
 * slow spell of the machine disturbed; the range says how far the rounds were apart.
 */
record Spread(double median, double min, double max, double[] perRound) {

    /** The spread of {@code perRound}, one figure a round in round order, at least one. */
    static Spread of(double... perRound) {
        if (perRound.length == 0) {
            throw new IllegalArgumentException("a figure for at least one round");
        }
        double[] sorted = perRound.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], perRound.clone());
    }

    /** How many rounds the figure was measured in. */
    int rounds() {
        return perRound.length;
    }

    /** True if this range and {@code other}'s share a value. */
    boolean overlaps(Spread other) {
        return min <= other.max && other.min <= max;
    }

    /** In how many of the rounds both were measured in this figure was below {@code other}'s of the same round. */
    int roundsBelow(Spread other) {
        int below = 0;
        for (int round = 0; round < Math.min(rounds(), other.rounds()); round++) {
            below += perRound[round] < other.perRound[round] ? 1 : 0;
        }
        return below;
    }

    /** The median and the range, each with {@code format}: "1.051 (0.980 to 1.200)"; the median alone for one round. */
    String text(String format) {
        String median = String.format(Locale.ROOT, format, this.median);
        return rounds() == 1 ? median : median + " (" + String.format(Locale.ROOT, format, min) + " to "
                + String.format(Locale.ROOT, format, max) + ")";
    }
}
