package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With entities fixed, three systems of three classes holding shares of one pool allocate nothing
 * on the world's thread in a tick, for a pool of jobs and of milliseconds on every threading: the
 * split, the leftovers passed on and the reports are all in arrays made once.
 */
class SharedBudgetAllocationTest {

    /** Three classes, three policies; one keeps a history (a world has one system per history class). */
    private static final class Facing extends StampSystem {
        Facing(Budget budget) {
            super(IoPolicy.AIAO, budget, TimeslicedSystem.DEFAULT_HISTORY_DEPTH);
        }
    }

    private static final class Alertness extends StampSystem {
        Alertness(Budget budget) {
            super(IoPolicy.SISO, budget, TimeslicedSystem.NO_HISTORY);
        }
    }

    private static final class Wander extends StampSystem {
        Wander(Budget budget) {
            super(IoPolicy.SIAO, budget, TimeslicedSystem.NO_HISTORY);
        }
    }

    static Stream<Arguments> poolsAndThreadings() {
        return Stream.of("jobsPerTick(60)", "millisPerTick(0.05)").flatMap(pool ->
                Arrays.stream(Threading.values()).map(threading -> Arguments.of(pool, threading)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("poolsAndThreadings")
    void threeSystemsOnOnePoolAllocateZeroBytesATick(String pool, Threading threading) {
        SteadyStateBytes.assertCounted();
        SharedBudget shared = pool.startsWith("jobs") ? SharedBudget.jobsPerTick(60) : SharedBudget.millisPerTick(0.05);
        StampSystem[] systems = {new Facing(shared.share(3)), new Alertness(shared.share(2)), new Wander(shared.share(1))};
        for (StampSystem system : systems) {
            system.setThreading(threading);
        }
        World world = TestWorlds.of(systems);
        TestWorlds.deciders(world, 200); // few entities: batches end often
        TestWorlds.run(world, 5_000, 1 / 60f); // fills every slot and history, warms up the JIT
        long[] batchesBefore = new long[systems.length];
        for (int i = 0; i < systems.length; i++) {
            batchesBefore[i] = systems[i].stats().batchesCompleted();
        }
        SteadyStateBytes.assertNoGarbage(() -> TestWorlds.run(world, 1_000, 1 / 60f),
                "a pool of " + pool + ", " + threading + ", 1,000 ticks a span");
        // the measured spans crossed batches: every system's with a jobs pool (10 to 30 jobs a
        // tick each); with a millis pool at least the first system's, which always gets a job,
        // while a slow machine's overrun on workers may leave the last ones none most ticks
        long crossed = 0;
        for (int i = 0; i < systems.length; i++) {
            long mine = systems[i].stats().batchesCompleted() - batchesBefore[i];
            crossed += mine;
            if (pool.startsWith("jobs")) {
                assertTrue(mine > 5, systems[i].getClass().getSimpleName() + " crossed batches: " + mine);
            }
        }
        assertTrue(crossed > 5, "batches crossed in the measured spans: " + crossed);
        world.dispose();
    }
}
