package io.github.ecstimeslice.spread;

import java.util.Arrays;

/**
 * The groups of {@link SpreadInvocationStrategy}: which tick of the cycle each spread system runs
 * in, what a run of each has cost, and the rebalance that evens the groups' costs out. The spread
 * systems are slots {@code 0..S-1}, in the world's order; groups are {@code 0..N-1}.
 *
 * <p>The algorithm:
 * <ol>
 * <li>A system's cost is the median of its run and the two before it (one run a pause stretched
 *     moves nothing), averaged plainly over its first runs, then exponentially with a time
 *     constant of {@link #SMOOTHING_SECONDS} of game time. A group's cost is the sum of its
 *     systems'.</li>
 * <li>A rebalance makes two plans: the present one improved by descent, and a fresh one that puts
 *     the balanced systems, most expensive first, each into the cheapest group so far, then
 *     improved by descent.</li>
 * <li>Descent repeats the move of one balanced system to another group, or the swap of two, that
 *     lowers the sum of the squared group costs the most, until none does.</li>
 * <li>Of the two plans, the one with the narrower gap between its most and least expensive groups
 *     is taken if the hysteresis and the hold allow (the strategy's class documentation).</li>
 * </ol>
 *
 * <p>Costs O(1) a run; a rebalance O(S²) for the plan from the largest first, plus O(S × (S + N))
 * per step of either descent, at most 2S + N steps each. Memory: a few numbers per slot and per
 * group, all made at construction, so nothing is allocated afterwards.
 */
final class SpreadGroups {

    /** The time constant of a system's smoothed cost, in seconds of game time. */
    static final double SMOOTHING_SECONDS = 4;

    private final int groupCount;
    private final double hysteresis;
    private final double holdSeconds;
    /** Game time of the last move, or -1 before any. */
    private double lastMoveSeconds = -1;
    /** Per slot: its group; whether balancing may move it; its smoothed cost in nanoseconds; ran yet; disabled at its last turn. */
    private final int[] groupOf;
    private final boolean[] movable;
    private final double[] nanos;
    /** Per slot: its last run's and the one's before, nanoseconds. */
    private final long[] lastRun;
    private final long[] runBefore;
    /** Per slot: its runs so far (the first ones are averaged plainly), at most {@link Integer#MAX_VALUE}. */
    private final int[] runs;
    private final boolean[] measured;
    private final boolean[] resting;
    private final boolean anyMovable;
    /** Scratch of a rebalance: the two candidate plans, their groups' costs, and the slots from most to least expensive. */
    private final int[] nearPlan;
    private final int[] freshPlan;
    private final double[] nearCosts;
    private final double[] freshCosts;
    private final double[] nowCosts;
    private final int[] byCost;
    /** The groups before a rebalance that follows a {@link #schedule}. */
    private final int[] before;
    private long moves;
    /** Where the moves are recorded or played back from; null: none. */
    ScheduleLog schedule;

    /**
     * @param groupCount N, the ticks of a cycle
     * @param givenGroups per slot, its group, or -1 for a balanced system
     * @param hysteresis the fraction of the most expensive group's cost by which a new plan must
     *                   narrow the gap between the most and the least expensive group
     * @param holdSeconds the game time after a move before the next (less early in a game)
     */
    SpreadGroups(int groupCount, int[] givenGroups, double hysteresis, double holdSeconds) {
        this.groupCount = groupCount;
        this.hysteresis = hysteresis;
        this.holdSeconds = holdSeconds;
        int slots = givenGroups.length;
        groupOf = new int[slots];
        movable = new boolean[slots];
        nanos = new double[slots];
        lastRun = new long[slots];
        runBefore = new long[slots];
        runs = new int[slots];
        measured = new boolean[slots];
        resting = new boolean[slots];
        nearPlan = new int[slots];
        freshPlan = new int[slots];
        byCost = new int[slots];
        before = new int[slots];
        nearCosts = new double[groupCount];
        freshCosts = new double[groupCount];
        nowCosts = new double[groupCount];
        int[] members = new int[groupCount];
        boolean any = false;
        for (int slot = 0; slot < slots; slot++) {
            if (givenGroups[slot] >= 0) {
                groupOf[slot] = givenGroups[slot];
                members[givenGroups[slot]]++;
            }
        }
        for (int slot = 0; slot < slots; slot++) {
            if (givenGroups[slot] < 0) {
                int fewest = 0;
                for (int group = 1; group < groupCount; group++) {
                    if (members[group] < members[fewest]) {
                        fewest = group;
                    }
                }
                groupOf[slot] = fewest;
                members[fewest]++;
                movable[slot] = true;
                any = true;
            }
        }
        anyMovable = any;
    }

    /** The group slot {@code slot} runs in. */
    int groupOf(int slot) {
        return groupOf[slot];
    }

    /**
     * Notes a run of slot {@code slot} that took {@code runNanos}, {@code seconds} of game time after
     * its last. What enters the smoothed cost is the median of this run and the two before it: one
     * run a pause stretched (the OS took the thread, a collection) counts for nothing, and a real
     * change of cost counts from its second run. The smoothed cost is the plain mean of the first
     * runs, then an exponential average over about {@link #SMOOTHING_SECONDS} of game time, so costs
     * that vary from run to run, or rise and fall within a few seconds, barely move it.
     */
    void record(int slot, long runNanos, double seconds) {
        if (measured[slot]) {
            if (runs[slot] < Integer.MAX_VALUE) {
                runs[slot]++;
            }
            double weight = Math.max(1.0 / runs[slot], seconds / (seconds + SMOOTHING_SECONDS));
            nanos[slot] += weight * (median(runNanos, lastRun[slot], runBefore[slot]) - nanos[slot]);
            runBefore[slot] = lastRun[slot];
        } else {
            nanos[slot] = runNanos;
            runBefore[slot] = runNanos;
            runs[slot] = 1;
            measured[slot] = true;
        }
        lastRun[slot] = runNanos;
        resting[slot] = false;
    }

    private static long median(long a, long b, long c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }

    /** Notes that slot {@code slot} is disabled: it counts 0 until it runs again. */
    void rest(int slot) {
        resting[slot] = true;
    }

    /** The smoothed cost of a run of slot {@code slot} as balancing counts it, in nanoseconds. */
    double costOf(int slot) {
        return resting[slot] ? 0 : nanos[slot];
    }

    /** The summed costs of group {@code group}'s systems, in nanoseconds. O(S). */
    double costOfGroup(int group) {
        double sum = 0;
        for (int slot = 0; slot < groupOf.length; slot++) {
            if (groupOf[slot] == group) {
                sum += costOf(slot);
            }
        }
        return sum;
    }

    /** Systems moved since the start. */
    long moves() {
        return moves;
    }

    /**
     * Makes two plans, the present one improved by descent and a fresh one (largest first, then
     * descent), and takes the one with the narrower gap between its most and least expensive
     * groups if that gap is narrower than the present one's by more than the hysteresis fraction
     * of the present most expensive group's cost, and its most expensive group costs no more.
     * After a move at game time t, none comes before t + min(hold, t): early in a game the plans
     * follow the first measurements quickly, then at most one move a hold. With a
     * {@link #schedule}, the plan's moves are recorded to it, or the recorded ones made instead.
     *
     * @param nowSeconds the game time since the world's first tick
     */
    void rebalance(double nowSeconds) {
        if (schedule == null) {
            plan(nowSeconds);
            return;
        }
        System.arraycopy(groupOf, 0, before, 0, groupOf.length);
        long movesBefore = moves;
        plan(nowSeconds);
        int planned = 0;
        for (int slot = 0; slot < groupOf.length; slot++) {
            planned += groupOf[slot] != before[slot] ? 1 : 0;
        }
        int count = schedule.follow(planned);
        // the plan's moves, or in playback the recorded ones in their place
        System.arraycopy(groupOf, 0, nearPlan, 0, groupOf.length);
        System.arraycopy(before, 0, groupOf, 0, groupOf.length);
        moves = movesBefore;
        for (int i = 0, next = 0; i < count; i++) {
            while (next < groupOf.length && nearPlan[next] == before[next]) {
                next++;
            }
            int slot = schedule.follow(next < groupOf.length ? next : 0);
            int group = schedule.follow(next < groupOf.length ? nearPlan[next] : 0);
            next++;
            if (slot < 0 || slot >= groupOf.length || !movable[slot] || group < 0 || group >= groupCount) {
                throw new IllegalStateException("the schedule moves system " + slot + " to group " + group
                        + ", which this strategy has not: it spreads " + groupOf.length + " systems over " + groupCount);
            }
            groupOf[slot] = group;
            moves++;
            lastMoveSeconds = nowSeconds;
        }
    }

    /** The rebalance of the measured costs, with no schedule to follow. */
    private void plan(double nowSeconds) {
        if (!anyMovable || groupCount < 2
                || lastMoveSeconds >= 0 && nowSeconds - lastMoveSeconds < Math.min(holdSeconds, lastMoveSeconds)) {
            return;
        }
        System.arraycopy(groupOf, 0, nearPlan, 0, groupOf.length);
        sumGroups(groupOf, nowCosts);
        sumGroups(nearPlan, nearCosts);
        descend(nearPlan, nearCosts);
        largestFirst(freshPlan, freshCosts);
        descend(freshPlan, freshCosts);
        boolean fresh = gap(freshCosts) < gap(nearCosts);
        int[] plan = fresh ? freshPlan : nearPlan;
        double[] costs = fresh ? freshCosts : nearCosts;
        double peak = peak(nowCosts);
        if (gap(nowCosts) - gap(costs) > hysteresis * peak && peak(costs) <= peak) {
            for (int slot = 0; slot < groupOf.length; slot++) {
                if (groupOf[slot] != plan[slot]) {
                    groupOf[slot] = plan[slot];
                    moves++;
                    lastMoveSeconds = nowSeconds;
                }
            }
        }
    }

    /** The fresh plan: given systems where given, the balanced ones from the most expensive down each into the cheapest group so far (first of equals); costless ones stay. */
    private void largestFirst(int[] plan, double[] costs) {
        Arrays.fill(costs, 0);
        int count = 0;
        for (int slot = 0; slot < groupOf.length; slot++) {
            plan[slot] = groupOf[slot];
            if (!movable[slot] || costOf(slot) == 0) {
                costs[groupOf[slot]] += costOf(slot);
            } else {
                int at = count++;
                while (at > 0 && costOf(byCost[at - 1]) < costOf(slot)) { // insertion sort, stable
                    byCost[at] = byCost[at - 1];
                    at--;
                }
                byCost[at] = slot;
            }
        }
        for (int i = 0; i < count; i++) {
            int cheapest = 0;
            for (int group = 1; group < groupCount; group++) {
                if (costs[group] < costs[cheapest]) {
                    cheapest = group;
                }
            }
            plan[byCost[i]] = cheapest;
            costs[cheapest] += costOf(byCost[i]);
        }
    }

    /**
     * Improves {@code plan} step by step: each step makes the move of a balanced system to a
     * cheaper group, or the swap of two balanced systems of different groups, that lowers the sum
     * of the squared group costs the most; stops when none lowers it, or after 2S + N steps.
     */
    private void descend(int[] plan, double[] costs) {
        int slots = plan.length;
        for (int step = 0, steps = 2 * slots + groupCount; step < steps; step++) {
            double best = 0;
            int bestOut = -1;
            int bestIn = -1;
            int bestGroup = -1;
            for (int out = 0; out < slots; out++) {
                if (!movable[out]) {
                    continue;
                }
                double from = costs[plan[out]];
                double cost = costOf(out);
                for (int group = 0; group < groupCount; group++) {
                    double gain = cost * (from - costs[group] - cost); // half the fall of the squares' sum
                    if (gain > best) {
                        best = gain;
                        bestOut = out;
                        bestIn = -1;
                        bestGroup = group;
                    }
                }
                for (int in = 0; in < slots; in++) {
                    double shift = cost - costOf(in);
                    if (!movable[in] || shift <= 0) {
                        continue;
                    }
                    double gain = shift * (from - costs[plan[in]] - shift);
                    if (gain > best) {
                        best = gain;
                        bestOut = out;
                        bestIn = in;
                        bestGroup = plan[in];
                    }
                }
            }
            if (bestOut < 0) {
                return;
            }
            double shift = costOf(bestOut) - (bestIn < 0 ? 0 : costOf(bestIn));
            costs[plan[bestOut]] -= shift;
            costs[bestGroup] += shift;
            if (bestIn >= 0) {
                plan[bestIn] = plan[bestOut];
            }
            plan[bestOut] = bestGroup;
        }
    }

    private void sumGroups(int[] plan, double[] costs) {
        Arrays.fill(costs, 0);
        for (int slot = 0; slot < plan.length; slot++) {
            costs[plan[slot]] += costOf(slot);
        }
    }

    private static double peak(double[] costs) {
        double most = costs[0];
        for (double cost : costs) {
            most = Math.max(most, cost);
        }
        return most;
    }

    private static double gap(double[] costs) {
        double least = costs[0];
        for (double cost : costs) {
            least = Math.min(least, cost);
        }
        return peak(costs) - least;
    }
}
