package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link SharedBudget}: one pool of jobs or milliseconds, split between several systems through a world. */
class SharedBudgetTest {

    private static void tick(World world) {
        world.setDelta(1 / 60f);
        world.process();
    }

    @Test
    void aJobsPoolIsSplitByWeight() {
        SharedBudget pool = SharedBudget.jobsPerTick(12);
        StampSystem combat = new StampSystem(IoPolicy.AIAO, pool.share(3), TimeslicedSystem.NO_HISTORY) { };
        StampSystem ambient = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        World world = TestWorlds.of(combat, ambient);
        TestWorlds.deciders(world, 1000); // both systems decide for every entity
        tick(world); // the first tick: the systems join the pool, the first taking it all
        assertEquals(12, pool.jobsLastTick(), "the tick just run");
        assertEquals(0, pool.jobsLastTick(ambient.budget()), "the later system joined with no part");
        for (int tick = 0; tick < 5; tick++) {
            tick(world);
            assertEquals(9, combat.stats().jobsRunLastTick(), "combat, tick " + tick);
            assertEquals(3, ambient.stats().jobsRunLastTick(), "ambient, tick " + tick);
            assertEquals(12, pool.jobsLastTick());
        }
        assertEquals(9, pool.jobsLastTick(combat.budget()));
        assertEquals(2, pool.systems());
    }

    /** A stamp system over the entities that also have a {@link Serial}: a few of them, in these tests. */
    private static StampSystem few(Budget budget) {
        return new StampSystem(com.artemis.Aspect.all(Decides.class, Serial.class), IoPolicy.AIAO, budget,
                TimeslicedSystem.NO_HISTORY) { };
    }

    private static void giveSerials(World world, int[] ids, int count) {
        for (int i = 0; i < count; i++) {
            world.edit(ids[i]).create(Serial.class);
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @org.junit.jupiter.params.provider.MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aJobsPoolIsSplitByWeightUnderEveryPolicyAndThreadingWithTiers(IoPolicy policy, Threading threading) {
        SharedBudget pool = SharedBudget.jobsPerTick(8);
        StampSystem tiered = new StampSystem(policy, pool.share(3), TimeslicedSystem.NO_HISTORY) {
            @Override
            protected int tierOf(int entityId) {
                return entityId % 2;
            }
        };
        tiered.setTiers(Tiers.decideEvery(1, 2));
        StampSystem plain = new StampSystem(policy, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        tiered.setThreading(threading);
        plain.setThreading(threading);
        World world = TestWorlds.of(tiered, plain);
        TestWorlds.deciders(world, 400);
        tick(world);
        int byWeight = 0;
        for (int tick = 0; tick < 20; tick++) {
            tick(world);
            int a = tiered.stats().jobsRunLastTick();
            int b = plain.stats().jobsRunLastTick();
            assertTrue(a + b <= 8, "tick " + tick + ": " + a + " + " + b + " jobs of a pool of 8");
            if (a == 6 && b == 2) {
                byWeight++;
            }
        }
        // batches of 200 to 400 jobs: 3 : 1 but in the few ticks where one ends (and a tick without jobs may follow)
        assertTrue(byWeight >= 16, byWeight + " of 20 ticks split 6 : 2");
    }

    @Test
    void whatTheFirstSystemCannotUseGoesToTheLaterOne() {
        SharedBudget pool = SharedBudget.jobsPerTick(10);
        StampSystem few = few(pool.share(1));
        StampSystem many = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        World world = TestWorlds.of(few, many);
        giveSerials(world, TestWorlds.deciders(world, 100), 2);
        tick(world);
        for (int tick = 0; tick < 5; tick++) {
            tick(world);
            assertEquals(2, few.stats().jobsRunLastTick(), "a batch of two a tick, tick " + tick);
            assertEquals(8, many.stats().jobsRunLastTick(), "the rest of the pool, tick " + tick);
        }
    }

    @Test
    void whatTheLaterSystemCannotUseGoesToTheFirstBeforeItsTurn() {
        SharedBudget pool = SharedBudget.jobsPerTick(10);
        StampSystem many = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        StampSystem few = few(pool.share(1));
        World world = TestWorlds.of(many, few);
        giveSerials(world, TestWorlds.deciders(world, 100), 2);
        tick(world);
        for (int tick = 0; tick < 5; tick++) {
            tick(world);
            assertEquals(8, many.stats().jobsRunLastTick(), "the first system, tick " + tick);
            assertEquals(2, few.stats().jobsRunLastTick(), "tick " + tick);
        }
    }

    @Test
    void everySystemWithWorkGetsAJobWhenThePoolHoldsOneForEach() {
        SharedBudget pool = SharedBudget.jobsPerTick(3);
        StampSystem heavy = new StampSystem(IoPolicy.AIAO, pool.share(100), TimeslicedSystem.NO_HISTORY) { };
        StampSystem light = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        World world = TestWorlds.of(heavy, light);
        TestWorlds.deciders(world, 100);
        tick(world);
        for (int tick = 0; tick < 5; tick++) {
            tick(world);
            assertEquals(1, light.stats().jobsRunLastTick(), "the light system's one job, tick " + tick);
            assertEquals(2, heavy.stats().jobsRunLastTick(), "tick " + tick);
        }
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void urgentJobsTakeTheirSharesPartAndNeverRunPastThePool(IoPolicy policy) {
        SharedBudget pool = SharedBudget.jobsPerTick(2);
        StampSystem a = new StampSystem(policy, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        StampSystem b = new StampSystem(policy, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        World world = TestWorlds.of(a, b);
        int[] ids = TestWorlds.deciders(world, 50);
        tick(world);
        for (int tick = 0; tick < 10; tick++) {
            for (int i = 0; i < 5; i++) {
                a.decideSoon(ids[(tick * 5 + i) % ids.length]);
            }
            tick(world);
            assertTrue(a.stats().jobsRunLastTick() + b.stats().jobsRunLastTick() <= 2,
                    "tick " + tick + ": " + a.stats().jobsRunLastTick() + " + " + b.stats().jobsRunLastTick());
        }
    }

    @Test
    void aMillisPoolsSystemsStopOnceTheirPartIsSpent() {
        SharedBudget pool = SharedBudget.millisPerTick(2);
        StampSystem first = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                spin(100_000);
            }
        };
        StampSystem second = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                spin(100_000);
            }
        };
        World world = TestWorlds.of(first, second);
        TestWorlds.deciders(world, 1000);
        int over = 0;
        for (int tick = 0; tick < 30; tick++) {
            tick(world);
            // jobs of 100 µs in 2 ms: 20 in all, and one past: the first's overrun comes off the second's part
            if (first.stats().jobsRunLastTick() + second.stats().jobsRunLastTick() > 21) {
                over++;
            }
        }
        assertTrue(over <= 3, over + " of 30 ticks ran more than the pool and a job");
        assertTrue(pool.millisLastTick() > 0);
    }

    private static void spin(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    @Test
    void twoSystemsHoldingOneShareAreRefusedNamingBoth() {
        SharedBudget pool = SharedBudget.jobsPerTick(4);
        Budget share = pool.share(1);
        StampSystem a = new StampSystem(IoPolicy.AIAO, share, TimeslicedSystem.NO_HISTORY) { };
        StampSystem b = new StampSystem(IoPolicy.AIAO, share, TimeslicedSystem.NO_HISTORY) { };
        World world = TestWorlds.of(a, b);
        TestWorlds.deciders(world, 4);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> tick(world));
        assertTrue(refused.getMessage().contains("the same share"), refused.getMessage());
    }

    @Test
    void aSystemThatGivesUpItsShareLeavesThePoolFromItsNextTurn() {
        SharedBudget pool = SharedBudget.jobsPerTick(6);
        StampSystem staying = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        StampSystem leaving = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) { };
        World world = TestWorlds.of(staying, leaving);
        TestWorlds.deciders(world, 100);
        tick(world);
        tick(world);
        assertEquals(3, staying.stats().jobsRunLastTick());
        leaving.setBudget(Budget.jobsPerTick(1));
        tick(world); // leaving's turn leaves the pool; staying gets all of it from the next tick
        tick(world);
        assertEquals(6, staying.stats().jobsRunLastTick());
        assertEquals(1, pool.systems());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void aJobsPoolBelowOneJobIsRefusedNamingTheValue(int jobs) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> SharedBudget.jobsPerTick(jobs));
        assertTrue(refused.getMessage().contains(String.valueOf(jobs)), refused.getMessage());
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -1, Double.NaN, Double.POSITIVE_INFINITY})
    void badMillisAndWeightsAreRefusedNamingTheValue(double value) {
        IllegalArgumentException millis = assertThrows(IllegalArgumentException.class,
                () -> SharedBudget.millisPerTick(value));
        assertTrue(millis.getMessage().contains(String.valueOf(value)), millis.getMessage());
        IllegalArgumentException weight = assertThrows(IllegalArgumentException.class,
                () -> SharedBudget.jobsPerTick(4).share(value));
        assertTrue(weight.getMessage().contains(String.valueOf(value)), weight.getMessage());
    }
}
