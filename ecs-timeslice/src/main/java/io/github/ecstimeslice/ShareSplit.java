package io.github.ecstimeslice;

/**
 * How a {@link SharedBudget} splits one tick's pool between its shares: in proportion to their
 * weights, none given more than it wants, so what one cannot use goes to the others (water
 * filling). Every share that wants work first gets one job, if the pool has one for each (else the
 * heaviest shares get one, the first of equals before the later); then the rest is split by
 * weight among the shares that want more, a share that wants less than its part getting what it
 * wants and the others its part of the remainder, until no part exceeds a want. A jobs pool
 * rounds the parts down and hands the jobs left one each to the largest fractions (the earlier
 * share first among equals). O(shares²), no allocation once the arrays have grown.
 */
final class ShareSplit {

    /** Per share, what it gets; read by the pool after {@link #split}. */
    double[] parts = new double[0];
    private boolean[] full = new boolean[0];

    /**
     * Splits {@code pool} between the first {@code count} shares of {@code weights} (positive)
     * wanting {@code wants} (at least 0; infinite for no limit), in whole jobs if {@code whole}.
     */
    void split(double pool, double[] weights, double[] wants, int count, boolean whole) {
        ensure(count);
        double left = pool;
        int wanting = 0;
        for (int i = 0; count > i; i++) {
            parts[i] = 0;
            full[i] = !(wants[i] > 0);
            if (!full[i]) {
                wanting++;
            }
        }
        if (wanting == 0) {
            return;
        }
        if (whole) {
            left = firstJobs(left, weights, wants, count, wanting);
        }
        fill(left, weights, wants, count);
        if (whole) {
            roundDown(pool, count);
        }
    }

    /** One job to every share that wants one, or to the heaviest if there are too few; returns what is left. */
    private double firstJobs(double pool, double[] weights, double[] wants, int count, int wanting) {
        if (pool >= wanting) {
            for (int i = 0; count > i; i++) {
                if (!full[i]) {
                    parts[i] = 1;
                    full[i] = wants[i] <= 1;
                }
            }
            return pool - wanting;
        }
        for (int given = 0; pool > given; given++) {
            int heaviest = -1;
            for (int i = 0; count > i; i++) {
                if (!full[i] && parts[i] == 0 && (heaviest < 0 || weights[i] > weights[heaviest])) {
                    heaviest = i;
                }
            }
            parts[heaviest] = 1;
        }
        for (int i = 0; count > i; i++) {
            full[i] = true;
        }
        return 0;
    }

    /** Splits {@code left} by weight among the shares not full, each capped at its want. */
    private void fill(double left, double[] weights, double[] wants, int count) {
        while (left > 0) {
            double weightSum = 0;
            for (int i = 0; count > i; i++) {
                if (!full[i]) {
                    weightSum += weights[i];
                }
            }
            if (weightSum == 0) {
                return;
            }
            double perWeight = left / weightSum;
            double taken = 0;
            boolean capped = false;
            for (int i = 0; count > i; i++) { // the shares that want less than their part: given their want
                if (!full[i] && parts[i] + perWeight * weights[i] >= wants[i]) {
                    taken += wants[i] - parts[i];
                    parts[i] = wants[i];
                    full[i] = true;
                    capped = true;
                }
            }
            if (!capped) { // none capped: each takes its part
                for (int i = 0; count > i; i++) {
                    if (!full[i]) {
                        parts[i] += perWeight * weights[i];
                    }
                }
                return;
            }
            left -= taken;
        }
    }

    /** Whole jobs: each part rounded down, then the jobs left one each to the largest fractions. */
    private void roundDown(double pool, int count) {
        double given = 0;
        for (int i = 0; count > i; i++) {
            given += Math.floor(parts[i]);
        }
        for (double left = Math.floor(pool) - given; left >= 1; left--) {
            int largest = -1;
            double largestFraction = 0;
            for (int i = 0; count > i; i++) {
                double fraction = parts[i] - Math.floor(parts[i]);
                if (fraction > largestFraction + 1e-9) {
                    largest = i;
                    largestFraction = fraction;
                }
            }
            if (largest < 0) {
                break;
            }
            parts[largest] = Math.floor(parts[largest]) + 1;
        }
        for (int i = 0; count > i; i++) {
            parts[i] = Math.floor(parts[i] + 1e-9);
        }
    }

    private void ensure(int count) {
        if (parts.length < count) {
            parts = new double[count];
            full = new boolean[count];
        }
    }
}
