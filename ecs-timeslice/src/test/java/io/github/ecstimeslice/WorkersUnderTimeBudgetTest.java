package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code millisPerTick} budget on workers: jobs start while the time lasts, none counted ahead,
 * and the ones prepared but not started go back to the batch, to run once, later.
 */
class WorkersUnderTimeBudgetTest {

    /** Jobs of 10 µs for the first 20 ticks, then of 1 ms; counts each entity's jobs and all of them. */
    private static final class DearerLater extends BudgetTest.SpinSystem {
        final AtomicIntegerArray runsById = new AtomicIntegerArray(2_000);
        final AtomicLong runs = new AtomicLong();
        /** Jobs run from the start of one turn to the start of the next, by turn. */
        final AtomicIntegerArray runsByTurn = new AtomicIntegerArray(200);
        volatile int turn;
        volatile boolean dear;

        DearerLater(IoPolicy policy) {
            super(policy, Budget.millisPerTick(2), 0);
        }

        @Override
        long spinNanos(int entityId) {
            return dear ? 1_000_000 : 10_000;
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            super.runJob(entityId, input, output);
            runsById.incrementAndGet(entityId);
            runs.incrementAndGet();
            runsByTurn.incrementAndGet(turn);
        }

        @Override
        protected void begin() {
            turn++;
        }

        /** Most jobs one entity ran less the fewest another did, over {@code ids}. */
        int runsSpread(int[] ids) {
            int most = Integer.MIN_VALUE;
            int least = Integer.MAX_VALUE;
            for (int id : ids) {
                most = Math.max(most, runsById.get(id));
                least = Math.min(least, runsById.get(id));
            }
            return most - least;
        }
    }

    @ParameterizedTest
    @EnumSource(value = IoPolicy.class)
    void joinedNextTickJobsThatGrewDearerStartOnlyWhileTheTimeLastsNotAtTheCountEstimatedBefore(IoPolicy policy) {
        // 20 ticks of 10 µs jobs teach that hundreds fit 2 ms; then each costs 1 ms. Counted ahead,
        // a tick started about 200 of them (0.1 s on two threads, most run by the next turn); by
        // the clock, two threads start a chunk each and perhaps one more before the deadline, the
        // chunks of two jobs at most, and the next turn runs none of them
        DearerLater system = new DearerLater(policy);
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            system.setThreading(Threading.WORKERS_NEXT_TICK, pool);
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, 1_500);
            TestWorlds.run(world, 20, 1 / 60f);
            system.dear = true;
            for (int tick = 0; tick < 40; tick++) {
                TestWorlds.run(world, 1, 1 / 60f); // finishes the last tick's jobs, starts this one's
                LockSupport.parkNanos(5_000_000); // the rest of the frame: past the 2 ms deadline
                int ran = system.runsByTurn.get(system.turn);
                assertTrue(ran <= 12, policy + ", tick " + tick + ": " + ran + " jobs of 1 ms ran from its turn to the next");
                assertTrue(system.runsSpread(ids) <= 1, "an entity decided twice in a batch, or one was skipped");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    void jobsHandedBackRunOnceLaterAndCountOnlyWhenTheyRun(Threading threading) {
        DearerLater system = new DearerLater(IoPolicy.AIAO);
        system.dear = true;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            system.setThreading(threading, pool);
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, 40);
            for (int tick = 0; tick < 60; tick++) {
                TestWorlds.run(world, 1, 1 / 60f);
                LockSupport.parkNanos(4_000_000); // next tick: the workers stop at the deadline meanwhile
                long counted = system.stats().jobsRunTotal();
                long ran = system.runs.get();
                if (threading == Threading.WORKERS_SAME_TICK) {
                    assertEquals(counted, ran, "tick " + tick);
                } else { // the last turn's jobs count in the next, which finishes them
                    assertTrue(counted <= ran && ran <= counted + 12, "tick " + tick + ": counted " + counted
                            + ", ran " + ran);
                }
                assertTrue(system.runsSpread(ids) <= 1, "tick " + tick + ": an entity decided twice in a batch, or one was skipped");
            }
            assertTrue(system.stats().batchesCompleted() >= 2, "batches went on: " + system.stats().batchesCompleted());
        } finally {
            pool.shutdownNow();
        }
    }
}
