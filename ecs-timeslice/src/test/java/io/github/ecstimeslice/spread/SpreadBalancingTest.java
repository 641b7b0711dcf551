package io.github.ecstimeslice.spread;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.SteadyStateBytes;
import io.github.ecstimeslice.spread.Turns.Alpha;
import io.github.ecstimeslice.spread.Turns.Beta;
import io.github.ecstimeslice.spread.Turns.Epsilon;
import io.github.ecstimeslice.spread.Turns.Gamma;
import io.github.ecstimeslice.spread.Turns.Turn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How {@link SpreadInvocationStrategy} balances its groups, with costs given through a fake clock
 * (no timing: each system moves the clock on by the cost the test gives it).
 */
class SpreadBalancingTest {

    private static final long MILLI = 1_000_000;

    private static World world(SpreadInvocationStrategy strategy, BaseSystem... systems) {
        return new World(new WorldConfigurationBuilder().with(systems).register(strategy).build());
    }

    /** The most expensive group's cost over the cheapest's. */
    private static double spread(SpreadInvocationStrategy strategy) {
        double most = 0;
        double least = Double.MAX_VALUE;
        for (int group = 0; group < strategy.ticks(); group++) {
            most = Math.max(most, strategy.groupMillis(group));
            least = Math.min(least, strategy.groupMillis(group));
        }
        return most / least;
    }

    /** Ten systems of random costs, 0.5 to 3 ms, from {@code seed}. */
    private static Turn[] tenOfRandomCosts(Turns turns, long seed) {
        Random random = new Random(seed);
        long[] costs = new long[10];
        for (int i = 0; i < costs.length; i++) {
            costs[i] = MILLI / 2 + (long) (random.nextDouble() * 2.5 * MILLI);
        }
        return Turns.ten(turns, costs);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void tenSystemsOfRandomCostsSettleInGroupsWithinTenPercentOfEachOther(long seed) {
        Turns turns = new Turns();
        Turn[] systems = tenOfRandomCosts(turns, seed);
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(3)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        World world = world(strategy, systems);
        turns.run(world, 3, 1 / 60f);
        double before = spread(strategy);
        turns.run(world, 3 * 10, 1 / 60f);
        assertTrue(spread(strategy) <= 1.10, "groups settled within 10%: " + spread(strategy) + ", were " + before
                + " apart by count alone");
    }

    @Test
    void unevenGroupsAreEvenedOutByMovingSystems() {
        Turns turns = new Turns();
        Turn[] systems = Turns.ten(turns, 9 * MILLI, 1 * MILLI, 8 * MILLI, 1 * MILLI, 7 * MILLI,
                1 * MILLI, 6 * MILLI, 1 * MILLI, 5 * MILLI, 1 * MILLI);
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        World world = world(strategy, systems);
        turns.run(world, 2, 1 / 60f);
        assertEquals(35, strategy.groupMillis(0), 1e-9, "by count alone, the expensive ones share group 0");
        assertEquals(5, strategy.groupMillis(1), 1e-9);
        turns.run(world, 2, 1 / 60f);
        assertEquals(20, strategy.groupMillis(0), 1e-9, "one rebalance evens them out");
        assertEquals(20, strategy.groupMillis(1), 1e-9);
    }

    @Test
    void onceSettledGroupsStayPutWhileCostsWobbleByFivePercent() {
        Turns turns = new Turns();
        Turn[] systems = tenOfRandomCosts(turns, 11);
        for (int i = 0; i < systems.length; i++) {
            systems[i].wobble(0.05, 100 + i);
        }
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(3)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        World world = world(strategy, systems);
        turns.run(world, 3 * 10, 1 / 60f);
        long settled = strategy.moves();
        int[] groups = groupsOf(strategy, systems);
        turns.run(world, 3 * 200, 1 / 60f);
        assertEquals(settled, strategy.moves(), "no system moved after settling");
        assertEquals(java.util.Arrays.toString(groups), java.util.Arrays.toString(groupsOf(strategy, systems)));
    }

    /**
     * Costs as a real game's are: ten systems whose every run costs up to half more or less than
     * its mean, and two of them whose mean also rises and falls by half over a few hundred ticks.
     * A move made after the first ten seconds is followed by ten seconds of game time with none,
     * and in every ten seconds after the first the two groups' mean costs stay within 15% of each
     * other.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void groupsHoldStillOnCostsThatVaryFromRunToRunAndOverHundredsOfTicks(long seed) {
        Turns turns = new Turns();
        Turn[] systems = tenOfRandomCosts(turns, seed);
        for (int i = 0; i < systems.length; i++) {
            systems[i].wobble(0.5, seed * 100 + i);
        }
        systems[(int) (seed % 10)].drift(0.5, 300);
        systems[(int) ((seed + 5) % 10)].drift(0.5, 470);
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        World world = world(strategy, systems);
        int ticksPerSecond = 60;
        int window = 10 * ticksPerSecond;
        int lastMoveTick = Integer.MIN_VALUE / 2;
        double[] windowCosts = new double[2];
        java.util.List<String> troubles = new java.util.ArrayList<>();
        for (int tick = 0; tick < 12 * window; tick++) {
            long movesBefore = strategy.moves();
            turns.tick(world, 1f / ticksPerSecond);
            if (strategy.moves() != movesBefore) {
                if (lastMoveTick >= window && tick - lastMoveTick < window) {
                    troubles.add("moved at tick " + tick + ", " + (tick - lastMoveTick) + " ticks after the last move");
                }
                lastMoveTick = tick;
            }
            for (Turn system : systems) {
                windowCosts[strategy.groupOf(system.getClass())] += system.costAt(tick);
            }
            if ((tick + 1) % window == 0) {
                double ratio = Math.max(windowCosts[0], windowCosts[1]) / Math.min(windowCosts[0], windowCosts[1]);
                if (tick >= window && ratio > 1.15) {
                    troubles.add("groups " + String.format("%.2f", ratio) + "x apart in the ten seconds to tick " + tick);
                }
                windowCosts[0] = 0;
                windowCosts[1] = 0;
            }
        }
        assertTrue(troubles.isEmpty(), strategy.moves() + " moves in all; " + troubles);
    }

    @Test
    void nearEqualCostsThatWobbleMoveNothingWithHysteresisButHopWithout() {
        assertEquals(0, movesOfFourNearEqualSystems(SpreadInvocationStrategy.DEFAULT_HYSTERESIS));
        assertTrue(movesOfFourNearEqualSystems(0) > 10, "without hysteresis, systems hop between groups");
    }

    /** Moves made in 200 cycles by four systems of 1 ms, give or take 5% a run, spread over two ticks. */
    private static long movesOfFourNearEqualSystems(double hysteresis) {
        Turns turns = new Turns();
        Turn[] systems = {new Alpha(turns, MILLI), new Beta(turns, MILLI), new Gamma(turns, MILLI), new Epsilon(turns, MILLI)};
        for (int i = 0; i < systems.length; i++) {
            systems[i].wobble(0.05, 7 + i);
        }
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2).hysteresis(hysteresis)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        turns.run(world(strategy, systems), 2 * 200, 1 / 60f);
        return strategy.moves();
    }

    @Test
    void aSingleRunThatAPauseStretchedMovesNothing() {
        // four systems of 1 ms over two ticks settle two and two; then one run of one of them takes
        // 10 ms (the OS took the thread away): averaged in, its cost would rise by a quarter of 9 ms
        Turns turns = new Turns();
        Turn[] systems = {new Alpha(turns, MILLI), new Beta(turns, MILLI), new Gamma(turns, MILLI), new Epsilon(turns, MILLI)};
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        World world = world(strategy, systems);
        turns.run(world, 2 * 10, 1 / 60f);
        long settled = strategy.moves();
        for (int spike = 0; spike < 5; spike++) {
            systems[spike % 4].costNanos = 10 * MILLI;
            turns.run(world, 2, 1 / 60f);
            systems[spike % 4].costNanos = MILLI;
            turns.run(world, 2 * 10, 1 / 60f);
        }
        assertEquals(settled, strategy.moves(), "a lone slow run moved systems");
        assertEquals(1.0, spread(strategy), 1e-9);
    }

    @Test
    void givenGroupsCountInTheirGroupsCostAndBalancedSystemsSettleAroundThem() {
        Turns turns = new Turns();
        Alpha given = new Alpha(turns, 6 * MILLI);
        Turn[] balanced = {new Beta(turns, 2 * MILLI), new Gamma(turns, 2 * MILLI), new Epsilon(turns, 2 * MILLI)};
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2)
                .inGroup(0, Alpha.class).spread(Turns.classes(balanced)).clock(turns.clock()).build();
        World world = world(strategy, given, balanced[0], balanced[1], balanced[2]);
        turns.run(world, 2 * 5, 1 / 60f);
        assertEquals(0, strategy.groupOf(Alpha.class));
        for (Turn system : balanced) {
            assertEquals(1, strategy.groupOf(Turns.classes(system)[0]));
        }
        assertEquals(6, strategy.groupMillis(0), 1e-9);
        assertEquals(6, strategy.groupMillis(1), 1e-9);
    }

    @Test
    void aSystemGrownExpensiveIsBalancedAgainstTheOthers() {
        Turns turns = new Turns();
        Turn[] systems = {new Alpha(turns, MILLI), new Beta(turns, MILLI), new Gamma(turns, MILLI), new Epsilon(turns, MILLI)};
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        World world = world(strategy, systems);
        turns.run(world, 2 * 5, 1 / 60f);
        assertEquals(0, strategy.moves());
        systems[0].costNanos = 3 * MILLI; // Alpha now costs as much as the other three
        turns.run(world, 2 * 900, 1 / 60f); // 30 s: the smoothing's 4 s time constant, many times over
        int alone = strategy.groupOf(Alpha.class);
        for (int i = 1; i < systems.length; i++) {
            assertEquals(1 - alone, strategy.groupOf(Turns.classes(systems[i])[0]), "the others share the other group");
        }
        assertEquals(3, strategy.runMillis(Alpha.class), 0.01, "the smoothed cost caught up");
    }

    @Test
    void aDisabledSystemCountsNothingInItsGroupUntilItRunsAgain() {
        Turns turns = new Turns();
        Turn[] systems = {new Alpha(turns, 4 * MILLI), new Beta(turns, MILLI), new Gamma(turns, MILLI), new Epsilon(turns, MILLI)};
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        World world = world(strategy, systems);
        turns.run(world, 2 * 5, 1 / 60f);
        assertEquals(4, strategy.runMillis(Alpha.class), 1e-9);
        systems[0].setEnabled(false);
        turns.run(world, 2, 1 / 60f);
        assertEquals(0, strategy.runMillis(Alpha.class));
        systems[0].setEnabled(true);
        turns.run(world, 2, 1 / 60f);
        assertEquals(4, strategy.runMillis(Alpha.class), 1e-9);
    }

    @Test
    void aTickAllocatesNothingOnceRunning() {
        SteadyStateBytes.assertCounted();
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(3)
                .everyTick(Still.class).spread(StillTwo.class, StillThree.class, StillFour.class).build();
        World world = world(strategy, new Still(), new StillTwo(), new StillThree(), new StillFour());
        SteadyStateBytes.assertTicksMakeNoGarbage(world, "spread invocation");
    }

    private static int[] groupsOf(SpreadInvocationStrategy strategy, Turn[] systems) {
        int[] groups = new int[systems.length];
        for (int i = 0; i < systems.length; i++) {
            groups[i] = strategy.groupOf(Turns.classes(systems[i])[0]);
        }
        return groups;
    }

    /** Systems that do nothing, for the allocation check. */
    static final class Still extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    static final class StillTwo extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    static final class StillThree extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    static final class StillFour extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }
}
