package io.github.ecstimeslice;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Objects;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * With fixed entities, what {@code latestOutput} returns after every tick equals what the seed's
 * {@code Timeslicer} returns from {@code GetOutput} after every {@code Update}, for every policy and
 * threading, over many entity counts and budgets.
 */
class SeedTimeslicerEquivalenceTest {

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void latestOutputMatchesTheSeedsTimeslicerForSmallBatchesAndEveryBudget(IoPolicy policy, Threading threading) {
        for (int entities = 0; entities <= 24; entities++) {
            for (int jobsPerTick = 1; jobsPerTick <= entities + 2; jobsPerTick++) {
                compare(policy, threading, entities, jobsPerTick, 3 * entities / jobsPerTick + 8);
            }
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void latestOutputMatchesTheSeedsTimeslicerForLargerBatches(IoPolicy policy, Threading threading) {
        int[] entityCounts = {63, 64, 65, 100, 257, 1000};
        int[] budgets = {1, 3, 10, 64, 99, 256, 1000, 5000};
        for (int entities : entityCounts) {
            for (int jobsPerTick : budgets) {
                compare(policy, threading, entities, jobsPerTick, Math.min(3 * entities / jobsPerTick + 8, 400));
            }
        }
    }

    /**
     * Compares after every tick. On the world's thread and with same-tick workers the system is the
     * seed's {@code Update}; with next-tick workers, the seed's reordered {@code Update} (finish
     * jobs, try a new batch, start jobs).
     */
    private static void compare(IoPolicy policy, Threading threading, int entities, int jobsPerTick, int ticks) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(jobsPerTick));
        system.setThreading(threading);
        World world = new World(new WorldConfigurationBuilder().with(system).build());
        int[] ids = new int[entities];
        for (int i = 0; i < entities; i++) {
            ids[i] = world.create();
            world.edit(ids[i]).create(Decides.class);
        }
        long[] tick = {0};
        ReferenceTimeslicer reference = new ReferenceTimeslicer(ids, policy, key -> tick[0]);
        for (tick[0] = 0; tick[0] < ticks; tick[0]++) {
            world.process();
            reference.updateAs(threading, jobsPerTick);
            for (int id : ids) {
                Long expected = reference.getOutput(id);
                Long actual = system.latestTick(id);
                if (!Objects.equals(expected, actual)) {
                    fail(policy + ", " + threading + ", " + entities + " entities, " + jobsPerTick + " jobs per tick: after tick "
                            + tick[0] + " entity " + id + " has " + actual + ", the seed's Timeslicer has " + expected);
                }
            }
        }
        world.dispose();
    }
}
