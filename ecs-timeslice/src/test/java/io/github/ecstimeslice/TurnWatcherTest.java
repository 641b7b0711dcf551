package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link TurnWatcher}: each turn's {@link TurnSummary}, from the system's stats. */
class TurnWatcherTest {

    private static final float DELTA = 1 / 60f;

    /** Keeps a copy of each summary: {tick, demand, jobs run, urgent, on top, released, held back}, and the smoothed pair. */
    static final class Keeping implements TurnWatcher {
        final List<long[]> turns = new ArrayList<>();
        final List<double[]> smoothed = new ArrayList<>();
        TimeslicedSystem<?, ?> told;

        @Override
        public void turnEnded(TimeslicedSystem<?, ?> system, TurnSummary turn) {
            told = system;
            turns.add(new long[]{turn.tick(), turn.demand(), turn.jobsRun(), turn.urgentJobs(), turn.urgentJobsOnTop(),
                turn.released(), turn.heldBack()});
            smoothed.add(new double[]{turn.pressure(), turn.quality(), turn.budgetMillis(), turn.turnMillis()});
        }
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void eachTurnTellsItsDemandJobsReleaseAndHeldBackWorkWithSmoothedPressureAndQuality(Threading threading) {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(5));
        system.setThreading(threading);
        Keeping watcher = new Keeping();
        system.stats().setTurnWatcher(watcher);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 20);
        TestWorlds.run(world, 4, DELTA);
        assertSame(system, watcher.told);
        // a batch of 20 at 5 a tick: demand 20, 15, 10, 5 as each turn's jobs begin
        long[][] expected = {{0, 20, 5, 0, 0, 5, 15}, {1, 15, 5, 0, 0, 5, 10}, {2, 10, 5, 0, 0, 5, 5}, {3, 5, 5, 0, 0, 5, 0}};
        double pressure = 0;
        double quality = 1;
        for (int t = 0; t < expected.length; t++) {
            assertEquals(java.util.Arrays.toString(expected[t]), java.util.Arrays.toString(watcher.turns.get(t)), "turn " + t);
            double turnPressure = expected[t][1] / 5.0;
            double turnQuality = 5.0 / expected[t][1];
            double weight = Math.max(0.1, 1.0 / (t + 1)); // the first turns' plain mean, then a tenth
            pressure += weight * (turnPressure - pressure);
            quality = t == 0 ? turnQuality : quality + weight * (turnQuality - quality);
            assertEquals(pressure, watcher.smoothed.get(t)[0], 1e-12, "pressure, turn " + t);
            assertEquals(quality, watcher.smoothed.get(t)[1], 1e-12, "quality, turn " + t);
            assertTrue(Double.isNaN(watcher.smoothed.get(t)[2]), "a jobs budget has no milliseconds");
            assertTrue(watcher.smoothed.get(t)[3] > 0, "the turn took some time");
        }
        world.dispose();
    }

    @Test
    void urgentAsksAreDemandAndTheAllowancesJobsAreToldApart() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2));
        system.setUrgentAllowance(3);
        Keeping watcher = new Keeping();
        system.stats().setTurnWatcher(watcher);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 10);
        TestWorlds.run(world, 1, DELTA);
        for (int i = 0; i < 5; i++) {
            system.decideSoon(ids[i]);
        }
        TestWorlds.run(world, 1, DELTA);
        // 5 urgent and 8 left in the batch: 3 urgent on top, then the budget's 2 go to the other 2 urgent
        assertEquals("[1, 13, 5, 5, 3, 2, 8]", java.util.Arrays.toString(watcher.turns.get(1)));
        world.dispose();
    }

    @Test
    void aTimeBudgetReleasesNoJobCountButItsMilliseconds() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.millisPerTick(0.5));
        Keeping watcher = new Keeping();
        system.stats().setTurnWatcher(watcher);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 10);
        TestWorlds.run(world, 2, DELTA);
        assertEquals(-1, watcher.turns.get(0)[5]);
        assertEquals(0.5, watcher.smoothed.get(0)[2], 1e-12);
        world.dispose();
    }

    @Test
    void aWatcherThatThrowsFailsItsTickAfterTheTurnAndTheNextTickWorks() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2));
        boolean[] fail = {true};
        system.stats().setTurnWatcher((s, turn) -> {
            if (fail[0]) {
                fail[0] = false;
                throw new IllegalStateException("watcher broke");
            }
        });
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 6);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> TestWorlds.run(world, 1, DELTA));
        assertEquals("watcher broke", thrown.getMessage());
        assertEquals(2, system.stats().jobsRunLastTick(), "the turn's work was done");
        TestWorlds.run(world, 1, DELTA);
        assertEquals(4, system.stats().jobsRunTotal());
        world.dispose();
    }

    @Test
    void noWatcherNoCallsAndSettingNullStopsThem() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2));
        Keeping watcher = new Keeping();
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 1, DELTA);
        system.stats().setTurnWatcher(watcher);
        TestWorlds.run(world, 2, DELTA);
        system.stats().setTurnWatcher(null);
        TestWorlds.run(world, 2, DELTA);
        assertEquals(2, watcher.turns.size());
        assertEquals(1, watcher.turns.get(0)[0], "from the next turn on");
        world.dispose();
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void aWatchedTickAllocatesNothingOnceRunning(Threading threading) {
        SteadyStateBytes.assertCounted();
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(50));
        system.setThreading(threading);
        system.setUrgentAllowance(4);
        long[] seen = new long[1];
        system.stats().setTurnWatcher((s, turn) -> seen[0] += turn.jobsRun() + (long) turn.pressure());
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 500);
        int[] asks = {0};
        TestWorlds.run(world, 1, DELTA);
        system.stats().setTurnWatcher((s, turn) -> {
            seen[0] += turn.jobsRun();
            for (int k = 0; k < 4; k++) {
                system.decideSoon(ids[(asks[0]++ * 7) % ids.length]); // urgent asks every tick, for the next
            }
        });
        SteadyStateBytes.assertTicksMakeNoGarbage(world, "a watched system with urgent asks, " + threading);
        assertTrue(seen[0] > 0);
        world.dispose();
    }
}
