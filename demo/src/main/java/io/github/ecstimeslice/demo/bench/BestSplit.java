package io.github.ecstimeslice.demo.bench;

/**
 * The most even split of systems of given costs into groups, by trying every one: what
 * {@link SpreadBalance} holds the strategy's groups against. O(groups<sup>systems</sup>), so only
 * for at most five groups of ten systems (about ten million splits, a second or so).
 */
final class BestSplit {

    /** The most groups searched. */
    static final int MOST_GROUPS = 5;

    private final double[] costs;
    private final double[] sums;
    private double best = Double.POSITIVE_INFINITY;

    private BestSplit(double[] costs, int groups) {
        this.costs = costs;
        this.sums = new double[groups];
    }

    /**
     * The least most-over-least group cost any split of {@code costs} into {@code groups} groups
     * (none left empty, if there are systems enough) reaches; NaN above {@value #MOST_GROUPS} groups.
     */
    static double mostOverLeast(double[] costs, int groups) {
        if (groups > MOST_GROUPS) {
            return Double.NaN;
        }
        BestSplit search = new BestSplit(costs, groups);
        search.place(0, 0);
        return search.best;
    }

    /** Places system {@code next} and the ones after it; {@code used} groups hold a system so far. */
    private void place(int next, int used) {
        if (next == costs.length) {
            if (used < Math.min(sums.length, costs.length)) {
                return; // a group left empty: no split to compare
            }
            double most = 0;
            double least = Double.MAX_VALUE;
            for (double sum : sums) {
                most = Math.max(most, sum);
                least = Math.min(least, sum);
            }
            best = Math.min(best, most / least);
            return;
        }
        // a system goes into a group used so far or the first empty one: no split is tried twice under another numbering
        for (int g = 0; g < Math.min(used + 1, sums.length); g++) {
            sums[g] += costs[next];
            place(next + 1, Math.max(used, g + 1));
            sums[g] -= costs[next];
        }
    }
}
