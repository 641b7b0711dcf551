package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A {@code tierOf} that answers a tier out of range, or throws, fails the tick (or {@code reassess})
 * with an {@code IllegalStateException} naming the system, the entity and the value; the entity
 * keeps its tier, the other entities' jobs of that tick still run, and the next tick is normal.
 */
class TierOfFailureTest {

    private static final float DELTA = 1 / 60f;
    /** Three tiers, asked again every half second: 30 ticks of {@link #DELTA}. */
    private static final Tiers TIERS = Tiers.decideEvery(1, 4, 16);
    private static final int REASSESS_TICKS = 30;
    private static final int ENTITIES = 12;
    /** The entity whose tierOf goes bad: tier 2 while it behaves (id % 3). */
    private static final int BAD = 5;

    /** Every entity in tier id % 3; BAD in tier 2. */
    private static final IntUnaryOperator GOOD = id -> id % 3;

    private static TierProbe probe(IoPolicy policy, Threading threading) {
        TierProbe system = new TierProbe(policy, Budget.jobsPerTick(1000), threading);
        system.setTiers(TIERS);
        system.tierFunction = GOOD;
        return system;
    }

    private static void assertNames(IllegalStateException failure, TimeslicedSystem<?, ?> system, int entity,
                                    String value) {
        String message = failure.getMessage();
        assertNotNull(message);
        assertTrue(message.contains(system.getClass().getName()), "names the system: " + message);
        assertTrue(message.contains("(" + entity + ")"), "names the entity " + entity + ": " + message);
        assertTrue(message.contains(value), "names the value " + value + ": " + message);
    }

    /** Runs ticks until one throws (at most {@code limit}); returns the test tick that threw, and the failure. */
    private static Object[] tickUntilFailure(TierProbe system, World world, int limit) {
        for (int i = 0; i < limit; i++) {
            int tick = system.ticks;
            try {
                system.tick(world, DELTA);
            } catch (IllegalStateException failed) {
                return new Object[]{tick, failed};
            }
        }
        return fail("no tick failed in " + limit + " ticks although tierOf(" + BAD + ") is bad");
    }

    /** The entities that had a job in the batch that started in test tick {@code tick}. */
    private static List<Integer> ranInBatchStartedIn(TierProbe system, int tick) {
        int number = system.batchStartTicks.indexOf(tick) + 1;
        assertTrue(number > 0, "a batch started in tick " + tick);
        return system.jobs.stream().filter(job -> job[1] == number).map(job -> (int) job[0]).sorted().toList();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aTierOutOfRangeFailsTheTickOnlyAndTheEntityKeepsItsTier(IoPolicy policy, Threading threading) {
        TierProbe system = probe(policy, threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, ENTITIES);
        system.ticks(world, 2 * REASSESS_TICKS, DELTA);
        assertEquals(2, system.tier(BAD));
        system.tierFunction = id -> id == BAD ? 3 : GOOD.applyAsInt(id);

        Object[] failed = tickUntilFailure(system, world, REASSESS_TICKS + 1);
        int failedTick = (int) failed[0];
        IllegalStateException failure = (IllegalStateException) failed[1];
        assertNames(failure, system, BAD, "3");
        assertEquals(2, system.tier(BAD), "the entity keeps its tier");

        // the next ticks are normal: the sweep only comes back to the bad entity a reassess period later
        system.ticks(world, 10, DELTA);
        List<Integer> ranInFailedTick = ranInBatchStartedIn(system, failedTick);
        for (int id = 0; id < ENTITIES; id += 3) {
            assertTrue(ranInFailedTick.contains(id), "tier-0 entity " + id + " ran in the failed tick: " + ranInFailedTick);
        }
        for (int tick = failedTick + 1; tick < failedTick + 9; tick++) {
            assertTrue(ranInBatchStartedIn(system, tick).containsAll(List.of(0, 3, 6, 9)),
                    "tier 0 runs in every batch after the failure");
        }
        assertEquals(2, system.tier(BAD));
        assertEquals(List.of(4, 4, 4), List.of(system.stats().entitiesInTier(0), system.stats().entitiesInTier(1),
                system.stats().entitiesInTier(2)));
        world.dispose();
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 3, 4, 16, 255, 256, 257, Integer.MAX_VALUE, Integer.MIN_VALUE})
    void everyValueOutsideTheTiersIsRejectedAndNamed(int value) {
        TierProbe system = probe(IoPolicy.AIAO, Threading.WORLD_THREAD);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, ENTITIES);
        system.ticks(world, REASSESS_TICKS, DELTA);
        system.tierFunction = id -> id == BAD ? value : GOOD.applyAsInt(id);

        IllegalStateException atOnce = assertThrows(IllegalStateException.class, () -> system.reassess(BAD));
        assertNames(atOnce, system, BAD, String.valueOf(value));
        assertEquals(2, system.tier(BAD), "reassess leaves the tier as it was");

        Object[] failed = tickUntilFailure(system, world, REASSESS_TICKS + 1);
        assertNames((IllegalStateException) failed[1], system, BAD, String.valueOf(value));
        assertEquals(2, system.tier(BAD));
        assertEquals(4, system.stats().entitiesInTier(2));
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aTierOfThatThrowsFailsTheTickWithTheThrowAsCause(IoPolicy policy, Threading threading) {
        TierProbe system = probe(policy, threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, ENTITIES);
        system.ticks(world, REASSESS_TICKS, DELTA);
        Throwable[] thrown = {new IllegalArgumentException("no position for the NPC"), new IOException("checked"),
                new AssertionError("an Error that is no VirtualMachineError")};
        for (Throwable throwing : thrown) {
            system.tierFunction = id -> {
                if (id == BAD) {
                    throw Sneaky.thrown(throwing);
                }
                return GOOD.applyAsInt(id);
            };
            IllegalStateException atOnce = assertThrows(IllegalStateException.class, () -> system.reassess(BAD));
            assertSame(throwing, atOnce.getCause());
            assertNames(atOnce, system, BAD, throwing.getMessage());

            Object[] failed = tickUntilFailure(system, world, REASSESS_TICKS + 1);
            IllegalStateException failure = (IllegalStateException) failed[1];
            assertSame(throwing, failure.getCause(), "the throw is the cause");
            assertNames(failure, system, BAD, throwing.getMessage());
            assertEquals(2, system.tier(BAD));
            system.tick(world, DELTA); // normal; with next-tick workers it finishes the failed tick's jobs
            assertTrue(ranInBatchStartedIn(system, (int) failed[0]).contains(0), "tier 0 ran in the failed tick");
        }
        system.tierFunction = GOOD;
        system.ticks(world, 2 * REASSESS_TICKS, DELTA); // none throws
        world.dispose();
    }

    /**
     * An entity whose tier cannot be asked when it joins: the tick fails at its end (the contract:
     * thrown from world.process() at the end of the tick), the entity is in tier 0 and gets its first
     * job in the next batch, the other entities' jobs of that tick ran, and the next tick is normal.
     *
     * <p>It caught a bug: the join-time failure was rethrown from the system's {@code inserted}
     * notice, so it left world.process() from artemis's entity-state update before any system's
     * turn: the tick's jobs never ran, and the entity never got a job (see the next test for why).
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aTierOfThatFailsWhenTheEntityJoinsFailsTheTickAtItsEnd(IoPolicy policy, Threading threading) {
        TierProbe system = probe(policy, threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, ENTITIES);
        system.ticks(world, REASSESS_TICKS, DELTA);
        int joining = TestWorlds.deciders(world, 1)[0];
        system.tierFunction = id -> id == joining ? -7 : GOOD.applyAsInt(id);
        long systemTick = system.stats().tick();
        int tick = system.ticks;

        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> system.tick(world, DELTA));
        assertNames(failure, system, joining, "-7");
        long systemTickAfter = system.stats().tick();
        int tierAfter = system.tier(joining);
        system.tierFunction = GOOD;
        system.ticks(world, 3, DELTA);
        Map<Integer, List<Long>> jobs = system.jobsByEntity();
        assertAll(
                () -> assertEquals(systemTick + 1, systemTickAfter, "the system's turn ran in the failed tick"),
                () -> assertEquals(0, tierAfter, "tier 0: it just joined"),
                () -> assertTrue(system.batchStartTicks.contains(tick)
                                && ranInBatchStartedIn(system, tick).containsAll(List.of(0, 3, 6, 9)),
                        "the other entities' jobs ran in the failed tick"),
                () -> assertTrue(jobs.containsKey(joining), "the entity whose tier failed still gets jobs"),
                () -> assertEquals(ENTITIES + 1, system.stats().entitiesInTier(0) + system.stats().entitiesInTier(1)
                        + system.stats().entitiesInTier(2), "the tiers count it"));
        world.dispose();
    }

    /**
     * An entity whose tier cannot be asked joins in the same update as another leaves: the tick
     * fails, and the next ticks run normally.
     *
     * <p>It caught a bug: the failure left artemis's subscription update before it reset the
     * system's entity bag, so the bag still held the entity that left, and every batch start from
     * then on failed on its NOT_SUBSCRIBED state: the system was wedged.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aTierOfThatFailsWhenAnEntityJoinsAsAnotherLeavesDoesNotWedgeTheSystem(IoPolicy policy, Threading threading) {
        TierProbe system = probe(policy, threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, ENTITIES);
        system.ticks(world, 3, DELTA);
        world.delete(ids[4]);
        int joining = TestWorlds.deciders(world, 1)[0];
        system.tierFunction = id -> {
            if (id == joining) {
                throw new IllegalArgumentException("no position yet");
            }
            return GOOD.applyAsInt(id);
        };
        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> system.tick(world, DELTA));
        assertNames(failure, system, joining, "no position yet");
        system.tierFunction = GOOD;
        for (int t = 0; t < 5; t++) {
            int tick = t;
            assertDoesNotThrow(() -> system.tick(world, DELTA),
                    "tick " + tick + " after the failed one");
        }
        world.dispose();
    }

    /** Counts what its subscription holds: the world's other systems must see an entity whatever its tier did. */
    static final class Counter extends BaseEntitySystem {
        Counter() {
            super(Aspect.all(Decides.class, Serial.class));
        }

        int size() {
            return getSubscription().getEntities().size();
        }

        @Override
        protected void processSystem() {
        }
    }

    /**
     * A tierOf that fails when an entity joins must not break the world's bookkeeping: the entity is
     * in every subscription it matches, the timesliced system's own included, and gets jobs.
     *
     * <p>It caught a bug: EntityNotices.joined rethrew the failure out of artemis's
     * EntitySubscription.informEntityChanges, which then skipped {@code entities.setSize(0)} (the
     * system's own entity bag stayed stale: the entity was missing from it and never got a job,
     * while entitiesInTier counted it), and AspectSubscriptionManager.process skipped every later
     * subscription, whose changed bits it had already cleared: another system never saw the entity.
     * Failures in the notices are now kept for the end of the system's next turn.
     */
    @Test
    void aTierOfThatFailsWhenAnEntityJoinsLeavesTheOtherSubscriptionsRight() {
        TierProbe system = probe(IoPolicy.AIAO, Threading.WORLD_THREAD);
        Counter counter = new Counter();
        World world = TestWorlds.of(system, counter);
        RandomChurn churn = new RandomChurn(1);
        for (int i = 0; i < ENTITIES; i++) {
            churn.create(world);
        }
        system.ticks(world, 3, DELTA);
        assertEquals(ENTITIES, counter.size());
        int joining = churn.create(world);
        system.tierFunction = id -> id == joining ? 99 : GOOD.applyAsInt(id);
        assertThrows(IllegalStateException.class, () -> system.tick(world, DELTA));
        system.tierFunction = GOOD;
        system.ticks(world, 3, DELTA);
        assertAll(
                () -> assertEquals(ENTITIES + 1, counter.size(),
                        "another system's subscription holds the entity that joined"),
                () -> assertEquals(ENTITIES + 1, system.getSubscription().getEntities().size(),
                        "the timesliced system's own subscription holds it"),
                () -> assertEquals(ENTITIES + 1, system.stats().entitiesInTier(0) + system.stats().entitiesInTier(1)
                        + system.stats().entitiesInTier(2), "the tiers count it"),
                () -> assertTrue(system.jobsByEntity().containsKey(joining), "the entity that joined gets jobs"));
        world.dispose();
    }
}
