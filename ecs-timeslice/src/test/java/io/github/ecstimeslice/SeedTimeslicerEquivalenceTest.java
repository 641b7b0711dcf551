package io.github.ecstimeslice;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Objects;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * With fixed entities, what {@code latestOutput} returns after every tick equals what the seed's
 * {@code Timeslicer} returns from {@code GetOutput} after every {@code Update}, for every policy,
 * over many entity counts and budgets.
 */
class SeedTimeslicerEquivalenceTest {

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void latestOutputMatchesTheSeedsTimeslicerForSmallBatchesAndEveryBudget(IoPolicy policy) {
        for (int entities = 0; entities <= 24; entities++) {
            for (int jobsPerTick = 1; jobsPerTick <= entities + 2; jobsPerTick++) {
                compare(policy, entities, jobsPerTick, 3 * entities / jobsPerTick + 8);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void latestOutputMatchesTheSeedsTimeslicerForLargerBatches(IoPolicy policy) {
        int[] entityCounts = {63, 64, 65, 100, 257, 1000};
        int[] budgets = {1, 3, 10, 64, 99, 256, 1000, 5000};
        for (int entities : entityCounts) {
            for (int jobsPerTick : budgets) {
                compare(policy, entities, jobsPerTick, Math.min(3 * entities / jobsPerTick + 8, 400));
            }
        }
    }

    private static void compare(IoPolicy policy, int entities, int jobsPerTick, int ticks) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(jobsPerTick));
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
            reference.update(jobsPerTick);
            for (int id : ids) {
                Long expected = reference.getOutput(id);
                Long actual = system.latestTick(id);
                if (!Objects.equals(expected, actual)) {
                    fail(policy + ", " + entities + " entities, " + jobsPerTick + " jobs per tick: after tick "
                            + tick[0] + " entity " + id + " has " + actual + ", the seed's Timeslicer has " + expected);
                }
            }
        }
        world.dispose();
    }
}
