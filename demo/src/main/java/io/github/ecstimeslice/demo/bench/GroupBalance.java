package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.spread.SpreadInvocationStrategy;
import io.github.ecstimeslice.demo.bench.RandomCostSystems.FixedWork;

import java.util.Arrays;

/**
 * {@link SpreadBalance}'s record of the measured ticks: after each tick, the strategy's group costs'
 * most over least (its smoothed measure), the same of the systems' given costs as the groups stand
 * (what the plan is worth, the machine's noise aside) and whether balancing moved a system; at each
 * cycle's end the same of the cycle's whole ticks as timed from outside; each group's ticks summed. Preallocated: noting a tick allocates
 * nothing.
 */
final class GroupBalance {

    private final SpreadInvocationStrategy strategy;
    private final FixedWork[] systems;
    private final int groups;
    private final double[] strategyRatios;
    private final double[] givenRatios;
    private final double[] givenSums;
    private final double[] cycleRatios;
    private final long[] cycleTicks;
    private final long[] groupNanos;
    private final long[] groupTicks;
    private int ticks;
    private int cycles;
    private long lastMoves;
    private int movingTicks;

    /** Room for {@code capacity} ticks of {@code strategy}'s world of {@code systems}, from now. */
    GroupBalance(SpreadInvocationStrategy strategy, FixedWork[] systems, int capacity) {
        this.strategy = strategy;
        this.systems = systems;
        this.groups = strategy.ticks();
        strategyRatios = new double[capacity];
        givenRatios = new double[capacity];
        givenSums = new double[groups];
        cycleRatios = new double[capacity / groups + 1];
        cycleTicks = new long[groups];
        groupNanos = new long[groups];
        groupTicks = new long[groups];
        lastMoves = strategy.moves();
    }

    /** True while there is room for another cycle. */
    boolean hasRoom() {
        return ticks + groups <= strategyRatios.length;
    }

    /** Notes the tick just run, of group {@code group}, which took {@code nanos}; a cycle starts at group 0. */
    void note(int group, long nanos) {
        double most = 0;
        double least = Double.MAX_VALUE;
        for (int g = 0; g < groups; g++) {
            double millis = strategy.groupMillis(g);
            most = Math.max(most, millis);
            least = Math.min(least, millis);
        }
        strategyRatios[ticks] = most / least;
        Arrays.fill(givenSums, 0);
        for (FixedWork system : systems) {
            givenSums[strategy.groupOf(system.getClass())] += system.targetMillis;
        }
        most = 0;
        least = Double.MAX_VALUE;
        for (double sum : givenSums) {
            most = Math.max(most, sum);
            least = Math.min(least, sum);
        }
        givenRatios[ticks++] = most / least;
        long moves = strategy.moves();
        if (moves > lastMoves) {
            movingTicks++;
        }
        lastMoves = moves;
        cycleTicks[group] = nanos;
        groupNanos[group] += nanos;
        groupTicks[group]++;
        if (group == groups - 1) {
            long longest = 0;
            long shortest = Long.MAX_VALUE;
            for (long tick : cycleTicks) {
                longest = Math.max(longest, tick);
                shortest = Math.min(shortest, tick);
            }
            cycleRatios[cycles++] = (double) longest / shortest;
        }
    }

    int ticks() {
        return ticks;
    }

    int cycles() {
        return cycles;
    }

    /** Ticks in which balancing moved a system: the cycles that changed the groups. */
    int movingTicks() {
        return movingTicks;
    }

    /** The mean measured tick of group {@code group}, in milliseconds. */
    double meanTickMillis(int group) {
        return groupTicks[group] == 0 ? 0 : groupNanos[group] / 1e6 / groupTicks[group];
    }

    /** The strategy's most over least group cost after each tick: median, p90 and max. */
    double[] strategySpread() {
        return summary(strategyRatios, ticks);
    }

    /** The given costs' most over least group, as the groups stood after each tick: median, p90 and max. */
    double[] givenSpread() {
        return summary(givenRatios, ticks);
    }

    /** The cycles' longest over shortest whole tick: median, p90 and max. */
    double[] tickSpread() {
        return summary(cycleRatios, cycles);
    }

    private static double[] summary(double[] values, int count) {
        if (count == 0) {
            return new double[]{Double.NaN, Double.NaN, Double.NaN};
        }
        double[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return new double[]{sorted[rank(50, count)], sorted[rank(90, count)], sorted[count - 1]};
    }

    /** The index of the {@code p}th percentile, nearest rank. */
    private static int rank(double p, int count) {
        return Math.max(0, Math.min(count - 1, (int) Math.ceil(p / 100 * count) - 1));
    }
}
