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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A game's own per-system work beside {@link SpreadInvocationStrategy}: {@link SystemRunHooks}. */
class SpreadRunHooksTest {

    private static final long MILLI = 1_000_000;

    /** Deltas exact in a float, varied, so sums are exact and a wrong tick shows. */
    private static float deltaOf(int tick) {
        return (1 + tick % 5) / 64f;
    }

    private static World world(SpreadInvocationStrategy strategy, BaseSystem... systems) {
        return new World(new WorldConfigurationBuilder().with(systems).register(strategy).build());
    }

    /** Artemis's own managers, systems the strategy runs every tick too: the hooks see them, the logs leave them out. */
    private static boolean isArtemisOwn(BaseSystem system) {
        return system.getClass().getPackage().getName().equals("com.artemis");
    }

    /**
     * A timing strategy of the test's own, as a game writes one: per system, the deltas each run
     * saw before and after it, and a log of every hook call and run in order.
     */
    static final class SystemTimer implements SystemRunHooks {
        final String name;
        final List<String> log;
        final Map<Class<?>, List<Float>> deltasBefore = new HashMap<>();
        final Map<Class<?>, List<Float>> deltasAfter = new HashMap<>();
        /** If set, the fake clock the hooks move on, to show that the strategy's measure leaves them out. */
        Turns clockToMove;

        SystemTimer(String name, List<String> log) {
            this.name = name;
            this.log = log;
        }

        @Override
        public void beforeRun(BaseSystem system, World world) {
            if (isArtemisOwn(system)) {
                return;
            }
            log.add(name + " before " + system.getClass().getSimpleName());
            deltasBefore.computeIfAbsent(system.getClass(), type -> new ArrayList<>()).add(world.delta);
            if (clockToMove != null) {
                clockToMove.now += 7 * MILLI;
            }
        }

        @Override
        public void afterRun(BaseSystem system, World world) {
            if (isArtemisOwn(system)) {
                return;
            }
            log.add(name + " after " + system.getClass().getSimpleName());
            deltasAfter.computeIfAbsent(system.getClass(), type -> new ArrayList<>()).add(world.delta);
            if (clockToMove != null) {
                clockToMove.now += 5 * MILLI;
            }
        }
    }

    @Test
    void aTimerOfTheGamesOwnSeesEverySystemTheStrategyRunsWithTheDeltaItSees() {
        Turns turns = new Turns();
        Alpha everyTick = new Alpha(turns, MILLI);
        Beta spreadOne = new Beta(turns, 2 * MILLI);
        Gamma spreadTwo = new Gamma(turns, 3 * MILLI);
        Epsilon unmarked = new Epsilon(turns, MILLI);
        SystemTimer timer = new SystemTimer("timer", new ArrayList<>());
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(3).everyTick(Alpha.class)
                .spread(Beta.class, Gamma.class).aroundEachRun(timer).clock(turns.clock()).build();
        World world = world(strategy, everyTick, spreadOne, spreadTwo, unmarked);
        for (int t = 0; t < 30; t++) {
            turns.tick(world, deltaOf(t));
        }
        for (Turn system : new Turn[] {everyTick, spreadOne, spreadTwo, unmarked}) {
            String name = system.getClass().getSimpleName();
            assertTrue(system.ticks.size() >= 10, name + " ran");
            assertEquals(system.deltas, timer.deltasBefore.get(system.getClass()), name + ": each run, its delta, before");
            assertEquals(system.deltas, timer.deltasAfter.get(system.getClass()), name + ": each run, its delta, after");
        }
        assertEquals(30, everyTick.ticks.size());
        assertEquals(10, spreadOne.ticks.size(), "a spread system, once a cycle");
        assertTrue(spreadOne.deltas.get(3) > deltaOf(spreadOne.ticks.get(3)), "a spread system's delta is the time since its last run");
    }

    @Test
    void eachRunIsBracketedByTheHooksWhichNestAsWrappers() {
        Turns turns = new Turns();
        List<String> log = new ArrayList<>();
        SystemTimer outer = new SystemTimer("outer", log);
        SystemTimer inner = new SystemTimer("inner", log);
        Beta spread = new Beta(turns, 0);
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2).spread(Beta.class)
                .aroundEachRun(outer).aroundEachRun(inner).build();
        World world = world(strategy, new Logging(log, "Gamma"), spread);
        turns.tick(world, 1 / 60f);
        assertEquals(List.of("outer before Logging", "inner before Logging", "run Gamma", "inner after Logging",
                "outer after Logging", "outer before Beta", "inner before Beta", "inner after Beta",
                "outer after Beta"), log);
        log.clear();
        turns.tick(world, 1 / 60f); // Beta's group is out of its turn: neither run nor told
        assertEquals(List.of("outer before Logging", "inner before Logging", "run Gamma", "inner after Logging",
                "outer after Logging"), log);
    }

    /** An every-tick system that logs its run. */
    static final class Logging extends BaseSystem {
        final List<String> log;
        final String name;
        boolean fail;

        Logging(List<String> log, String name) {
            this.log = log;
            this.name = name;
        }

        @Override
        protected void processSystem() {
            log.add("run " + name);
            if (fail) {
                throw new IllegalStateException("the system failed");
            }
        }
    }

    @Test
    void aDisabledSystemIsNotToldAndAThrowingOneStillGetsItsAfterHook() {
        List<String> log = new ArrayList<>();
        Logging system = new Logging(log, "it");
        SystemTimer timer = new SystemTimer("timer", log);
        World world = world(SpreadInvocationStrategy.spreadOver(2).aroundEachRun(timer).build(), system);
        system.setEnabled(false);
        world.process();
        assertEquals(List.of(), log);
        system.setEnabled(true);
        system.fail = true;
        assertThrows(IllegalStateException.class, world::process);
        assertEquals(List.of("timer before Logging", "run it", "timer after Logging"), log);
    }

    @Test
    void theStrategysMeasureOfASystemLeavesTheHooksOut() {
        Turns turns = new Turns();
        Beta spread = new Beta(turns, 2 * MILLI);
        SystemTimer timer = new SystemTimer("timer", new ArrayList<>());
        timer.clockToMove = turns;
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2).spread(Beta.class)
                .aroundEachRun(timer).clock(turns.clock()).build();
        World world = world(strategy, spread);
        turns.run(world, 20, 1 / 60f);
        assertEquals(2, strategy.runMillis(Beta.class), 1e-9);
    }

    @Test
    void nullHooksAreRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> SpreadInvocationStrategy.spreadOver(2).aroundEachRun(null));
        assertTrue(refused.getMessage().contains("null"), refused.getMessage());
    }

    @Test
    void aTickWithHooksAllocatesNothingOnceRunning() {
        SteadyStateBytes.assertCounted();
        long[] runs = new long[1];
        SystemRunHooks counting = new SystemRunHooks() {
            @Override
            public void beforeRun(BaseSystem system, World world) {
                runs[0]++;
            }

            @Override
            public void afterRun(BaseSystem system, World world) {
                runs[0]++;
            }
        };
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(3)
                .everyTick(SpreadBalancingTest.Still.class)
                .spread(SpreadBalancingTest.StillTwo.class, SpreadBalancingTest.StillThree.class)
                .aroundEachRun(counting).aroundEachRun(counting).build();
        World world = world(strategy, new SpreadBalancingTest.Still(), new SpreadBalancingTest.StillTwo(),
                new SpreadBalancingTest.StillThree());
        SteadyStateBytes.assertTicksMakeNoGarbage(world, "spread invocation with two hooks");
        assertTrue(runs[0] > 0);
    }
}
