package io.github.ecstimeslice;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Objects;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Tiers that put every entity in every batch change nothing: with {@code setTiers(decideEvery(1))}
 * set explicitly (tierOf never asked), and with several tiers of period 1 between which entities
 * move at random, what {@code latestOutput} returns after every tick equals what the seed's
 * {@code Timeslicer} returns, as in {@link SeedTimeslicerEquivalenceTest}.
 */
class OneTierEquivalenceTest {

    private static final int[] ENTITY_COUNTS = {0, 1, 2, 5, 13, 64};

    /** A StampSystem whose tierOf answers a random tier of its tiers, counting the calls. */
    static final class RandomTiers extends StampSystem {
        private final Random random = new Random(42);
        int calls;

        RandomTiers(IoPolicy policy, Budget budget, Tiers tiers) {
            super(policy, budget);
            setTiers(tiers);
        }

        @Override
        protected int tierOf(int entityId) {
            calls++;
            return random.nextInt(tiers().count());
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void oneTierSetExplicitlyMatchesTheSeedsTimeslicerAndNeverAsksATier(IoPolicy policy, Threading threading) {
        for (int entities : ENTITY_COUNTS) {
            for (int jobsPerTick : budgets(entities)) {
                RandomTiers system = new RandomTiers(policy, Budget.jobsPerTick(jobsPerTick),
                        Tiers.decideEvery(1).reassessEvery(1e-3));
                compare(system, policy, threading, entities, jobsPerTick, true);
                assertEquals(0, system.calls, "tierOf is never called with one tier");
            }
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void tiersThatAllDecideInEveryBatchMatchTheSeedsTimeslicerWhateverTheMoves(IoPolicy policy, Threading threading) {
        Tiers[] everyBatch = {Tiers.decideEvery(1, 1).reassessEvery(0.02),
                Tiers.decideEvery(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1).reassessEvery(1e-3)};
        for (Tiers tiers : everyBatch) {
            for (int entities : ENTITY_COUNTS) {
                for (int jobsPerTick : budgets(entities)) {
                    RandomTiers system = new RandomTiers(policy, Budget.jobsPerTick(jobsPerTick), tiers);
                    compare(system, policy, threading, entities, jobsPerTick, false);
                    assertTrue(entities == 0 || system.calls > entities, "the tiers were asked and changed");
                }
            }
        }
    }

    private static int[] budgets(int entities) {
        return new int[]{1, 3, Math.max(1, entities), entities + 1};
    }

    /**
     * Compares after every tick, as SeedTimeslicerEquivalenceTest does: on the world's thread and with
     * same-tick workers the system is the seed's {@code Update}; with next-tick workers, the seed's
     * reordered {@code Update}. Between ticks every entity is reassessed: with one tier that asks
     * nothing, with more it moves the entity to a random tier (the sweep moves some too).
     */
    private static void compare(RandomTiers system, IoPolicy policy, Threading threading, int entities,
                                int jobsPerTick, boolean oneTier) {
        system.setThreading(threading);
        World world = new World(new WorldConfigurationBuilder().with(system).build());
        int[] ids = TestWorlds.deciders(world, entities);
        long[] tick = {0};
        ReferenceTimeslicer reference = new ReferenceTimeslicer(ids, policy, key -> tick[0]);
        int ticks = Math.min(3 * entities / jobsPerTick + 8, 200);
        for (tick[0] = 0; tick[0] < ticks; tick[0]++) {
            world.setDelta(1 / 60f);
            world.process();
            reference.updateAs(threading, jobsPerTick);
            for (int id : ids) {
                Long expected = reference.getOutput(id);
                Long actual = system.latestTick(id);
                if (!Objects.equals(expected, actual)) {
                    fail(policy + ", " + threading + ", " + system.tiers() + ", " + entities + " entities, "
                            + jobsPerTick + " jobs per tick: after tick " + tick[0] + " entity " + id + " has "
                            + actual + ", the seed's Timeslicer has " + expected);
                }
                system.reassess(id); // asks nothing with one tier; moves it between tiers of period 1 with more
                int tier = system.tier(id);
                assertTrue(oneTier ? tier == 0 : tier >= 0 && tier < system.tiers().count(), "entity " + id
                        + " has tier " + tier + " of " + system.tiers());
            }
            assertEquals(entities, system.stats().entitiesInTier(0) + (oneTier ? 0 : othersThanZero(system)));
        }
        world.dispose();
    }

    private static int othersThanZero(StampSystem system) {
        int sum = 0;
        for (int tier = 1; tier < system.tiers().count(); tier++) {
            sum += system.stats().entitiesInTier(tier);
        }
        return sum;
    }
}
