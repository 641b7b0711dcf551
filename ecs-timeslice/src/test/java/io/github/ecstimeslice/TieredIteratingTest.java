package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.World;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The every-tick layer thinned by tiers: ParallelIteratingSystem.processEvery, tierOf and entityDelta. */
class TieredIteratingTest {

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {3, 5, 7, 12})
    void anEntitysPhaseIsTheSameWhereIntArithmeticWouldWrap(int period) {
        // the ids whose hash is within 10,000 of 2^31: past tick 10,000, tick + hash outgrows an int
        int found = 0;
        for (int id = 0; found < 20; id++) {
            long hash = (int) (id * 0x9E3779B9L) >>> 1;
            if (hash < Integer.MAX_VALUE - 10_000) {
                continue;
            }
            found++;
            for (int now : new int[]{10_000, 123_456, 1_000_000_000}) {
                int next = TierThinning.nextOnPhase(now, id, period);
                assertTrue(next > now && next <= now + period, "tick " + now + ", id " + id + ": next " + next);
                // exactly, as a browser computes it (its int does not wrap): the JVM must agree
                assertEquals(0, Math.floorMod(next + hash, (long) period), "tick " + now + ", id " + id + ": next " + next);
            }
        }
    }

    private static final float DELTA = 1 / 60f;
    private final ForkJoinPool pool = new ForkJoinPool(2);

    @AfterEach
    void shutDown() {
        pool.shutdownNow();
    }

    /**
     * Counts each entity's turns, notes the tick of its last and sums the entity deltas they were
     * given; tier = tiers[id], and a tierOf(throwFor) throws, once (an error if throwsAnError).
     */
    static class SummingSystem extends ParallelIteratingSystem {
        final int[] tiers = new int[4096];
        final AtomicIntegerArray processed = new AtomicIntegerArray(4096);
        final double[] summedDelta = new double[4096];
        final int[] lastTurn = new int[4096];
        final AtomicIntegerArray perTick = new AtomicIntegerArray(1000);
        int tick;
        int throwFor = -1;
        boolean throwsAnError;

        SummingSystem() {
            super(Aspect.all(Decides.class));
        }

        @Override
        protected int tierOf(int entityId) {
            if (entityId == throwFor) {
                throwFor = -1;
                if (throwsAnError) {
                    throw new StackOverflowError("once");
                }
                throw new ArithmeticException("once");
            }
            return tiers[entityId];
        }

        @Override
        protected void process(int entityId) {
            processed.incrementAndGet(entityId);
            summedDelta[entityId] += entityDelta(entityId);
            lastTurn[entityId] = tick;
            perTick.incrementAndGet(tick);
        }

        /**
         * Checks each entity there from the first tick was given, over its turns, the game time up
         * to the end of its last turn ({@code delta} every tick): none lost, none counted twice.
         */
        void assertTimeKept(int[] ids, float delta) {
            for (int id : ids) {
                assertEquals((lastTurn[id] + 1) * (double) delta, summedDelta[id], 1e-4,
                        "entity " + id + ", last processed in tick " + lastTurn[id]);
            }
        }

        @Override
        protected void end() {
            tick++;
        }

        World world() {
            return world;
        }
    }

    private void onThreads(ParallelIteratingSystem system, Threading threading) {
        if (threading == Threading.WORKERS_SAME_TICK) {
            system.setThreading(threading, pool);
            system.setMinEntitiesForWorkers(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Threading.class, names = {"WORLD_THREAD", "WORKERS_SAME_TICK"})
    void eachTierIsProcessedOnceInItsPeriodSpreadOverTheTicksWithTheTimeSinceItsLastTurn(Threading threading) {
        SummingSystem system = new SummingSystem();
        system.processEvery(1, 4, 16);
        onThreads(system, threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3000);
        for (int id : ids) {
            system.tiers[id] = id % 3;
        }
        int ticks = 1 + 16 * 40; // the first tick processes every entity, then 40 periods of the slowest tier
        TestWorlds.run(world, ticks, DELTA);
        for (int id : ids) {
            int period = new int[]{1, 4, 16}[id % 3];
            assertEquals(1 + (ticks - 1) / period, system.processed.get(id), 1, "entity " + id + " every " + period);
            // its deltas add up to the game time until its last turn: at most one period short
            double gameTime = ticks * (double) DELTA;
            assertTrue(system.summedDelta[id] <= gameTime + 1e-4 && system.summedDelta[id] >= gameTime - period * DELTA - 1e-4,
                    "entity " + id + ": deltas summed to " + system.summedDelta[id] + " of " + gameTime);
        }
        // after the first tick: tier 0's 1,000 every tick, tier 1's 1,000 over 4 ticks, tier 2's over 16
        int expected = 1000 + 1000 / 4 + 1000 / 16;
        for (int tick = 1; tick < ticks; tick++) {
            assertEquals(expected, system.perTick.get(tick), 0.25 * expected, "tick " + tick);
        }
    }

    @Test
    void anEntityBouncingBetweenTiersIsProcessedAtLeastOnceInTheLongestPeriod() {
        SummingSystem system = new SummingSystem() {
            int[] lastTurn = new int[4096];

            @Override
            protected int tierOf(int entityId) {
                return (tick + entityId) % 3; // a different tier at every ask
            }

            @Override
            protected void process(int entityId) {
                assertTrue(tick - lastTurn[entityId] <= 5, "entity " + entityId + " waited " + (tick - lastTurn[entityId]));
                lastTurn[entityId] = tick;
                super.process(entityId);
            }
        };
        system.processEvery(1, 3, 5);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 500);
        TestWorlds.run(world, 400, DELTA);
    }

    @Test
    void anEntityThatJoinsLaterIsProcessedInItsFirstTickWithThatTicksDelta() {
        SummingSystem system = new SummingSystem();
        system.processEvery(1, 8);
        World world = TestWorlds.of(system);
        TestWorlds.run(world, 5, DELTA);
        int[] ids = TestWorlds.deciders(world, 2);
        system.tiers[ids[0]] = 1;
        system.tiers[ids[1]] = 1;
        TestWorlds.run(world, 1, 0.25f);
        assertEquals(1, system.processed.get(ids[0]));
        assertEquals(0.25, system.summedDelta[ids[0]], 1e-6);
    }

    @Test
    void untieredEveryEntityIsProcessedEveryTickWithTheWorldsDelta() {
        SummingSystem system = new SummingSystem();
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 10);
        system.tiers[ids[3]] = 7; // never asked
        TestWorlds.run(world, 30, DELTA);
        for (int id : ids) {
            assertEquals(30, system.processed.get(id));
            assertEquals(30 * DELTA, system.summedDelta[id], 1e-5);
        }
        assertArrayEquals(new int[]{1}, system.tickPeriods());
    }

    @Test
    void aTierOutOfRangeFailsTheTickNamingTheSystemTheEntityAndTheValue() {
        SummingSystem system = new SummingSystem();
        system.processEvery(1, 2);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        system.tiers[ids[1]] = 2;
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> TestWorlds.run(world, 1, DELTA));
        assertTrue(thrown.getMessage().contains(SummingSystem.class.getName()), thrown.getMessage());
        assertTrue(thrown.getMessage().contains("tierOf(" + ids[1] + ") returned 2"), thrown.getMessage());
    }

    @Test
    void badPeriodsAreRefusedNamingTheValue() {
        SummingSystem system = new SummingSystem();
        assertEquals("tier 0 runs in every tick: its period must be 1, was 2 in [2, 4]",
                assertThrows(IllegalArgumentException.class, () -> system.processEvery(2, 4)).getMessage());
        assertEquals("each tier's tick period must be at least the one before, was 2 after 4 in [1, 4, 2]",
                assertThrows(IllegalArgumentException.class, () -> system.processEvery(1, 4, 2)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> system.processEvery(new int[17]))
                .getMessage().startsWith("tiers need 1 to 16 tick periods, was 17"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> system.processEvery((int[]) null))
                .getMessage().endsWith("was null"));
    }

    /** Six entities in a world of {@code system} at periods 1 and 4, two ticks in; returns their ids. */
    private static int[] sixEntitiesTwoTicksIn(SummingSystem system) {
        system.processEvery(1, 4);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 2, DELTA);
        return ids;
    }

    @Test
    void aTierOfThatThrowsFailsTheTickNamingItAndEveryEntityIsStillProcessedOnSchedule() {
        SummingSystem system = new SummingSystem();
        int[] ids = sixEntitiesTwoTicksIn(system);
        World world = system.world();
        system.throwFor = ids[2];
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> TestWorlds.run(world, 1, DELTA));
        assertTrue(thrown.getMessage().contains(SummingSystem.class.getName() + ".tierOf(" + ids[2] + ") failed"),
                thrown.getMessage());
        assertTrue(thrown.getCause() instanceof ArithmeticException, String.valueOf(thrown.getCause()));
        for (int id : ids) {
            assertEquals(3, system.processed.get(id), "entity " + id + " in the failed tick too, as tier 0");
        }
        TestWorlds.run(world, 20, DELTA);
        for (int id : ids) {
            assertEquals(23, system.processed.get(id), "entity " + id + " in every tick after it");
        }
    }

    @Test
    void aVirtualMachineErrorFromTierOfLeavesAtOnceAndEveryEntityDueInThatTickComesInTheNext() {
        SummingSystem system = new SummingSystem();
        int[] ids = sixEntitiesTwoTicksIn(system);
        World world = system.world();
        system.throwFor = ids[2];
        system.throwsAnError = true;
        assertThrows(StackOverflowError.class, () -> TestWorlds.run(world, 1, DELTA));
        TestWorlds.run(world, 1, DELTA);
        for (int id : ids) { // those asked before the error too
            assertEquals(3, system.processed.get(id), "entity " + id + ": due in the failed tick");
        }
        TestWorlds.run(world, 20, DELTA);
        for (int id : ids) {
            assertTrue(system.processed.get(id) >= 22, "entity " + id + " in every tick after it");
            assertEquals(system.tick - 1, system.lastTurn[id], "entity " + id + " in the last tick");
        }
    }

    @Test
    void aDeltaThatIsNotFiniteAndAtLeastZeroIsRefusedBeforeAnythingChanges() {
        for (float bad : new float[]{Float.NaN, Float.POSITIVE_INFINITY, -1f}) {
            for (int[] periods : new int[][]{{1}, {1, 2}}) {
                SummingSystem system = new SummingSystem();
                system.processEvery(periods);
                World world = TestWorlds.of(system);
                int[] ids = TestWorlds.deciders(world, 4);
                TestWorlds.run(world, 3, DELTA);
                world.setDelta(bad);
                IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, world::process);
                assertTrue(thrown.getMessage().endsWith("world.delta must be finite and at least 0, was " + bad),
                        thrown.getMessage());
                TestWorlds.run(world, 10, DELTA);
                for (int id : ids) {
                    assertEquals(13, system.processed.get(id), "entity " + id + ", " + bad);
                    assertEquals(13 * DELTA, system.summedDelta[id], 1e-5, "entity " + id + " after " + bad);
                }
            }
        }
    }

    @Test
    void processEveryCalledDuringTheSystemsOwnTurnAppliesFromTheNextTickWithinTheLongestPeriod() {
        SummingSystem system = new SummingSystem() {
            @Override
            protected void process(int entityId) {
                assertTrue(tick - lastTurn[entityId] <= 4, "entity " + entityId + " waited " + (tick - lastTurn[entityId]));
                super.process(entityId);
                if (tick == 10) {
                    processEvery(1, 2, 4); // once for each entity due in tick 10
                }
            }
        };
        system.processEvery(1, 2, 4);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 200);
        for (int id : ids) {
            system.tiers[id] = 2;
        }
        TestWorlds.run(world, 60, DELTA);
        system.assertTimeKept(ids, DELTA);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Threading.class, names = {"WORLD_THREAD", "WORKERS_SAME_TICK"})
    void switchingTiersOffAndOnKeepsEachEntitysTimeWhateverTurnsItMissed(Threading threading) {
        SummingSystem system = new SummingSystem();
        system.processEvery(1, 4);
        onThreads(system, threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 64);
        for (int id : ids) {
            system.tiers[id] = 1;
        }
        TestWorlds.run(world, 23, DELTA);
        system.processEvery(1);
        TestWorlds.run(world, 10, DELTA);
        system.assertTimeKept(ids, DELTA);
        for (int id : ids) {
            assertEquals(32, system.lastTurn[id], "every entity in every untiered tick");
        }
        system.processEvery(1, 4);
        TestWorlds.run(world, 17, DELTA);
        system.assertTimeKept(ids, DELTA);
        system.processEvery(1);
        system.processEvery(1, 8); // off and on again between two ticks: still each entity's own time
        TestWorlds.run(world, 9, DELTA);
        system.assertTimeKept(ids, DELTA);
    }

    /**
     * A game that says processEvery(1) from process() every turn once it wants no tiers: the same
     * periods again change nothing, so the one catch-up turn ends and entityDelta is the tick's.
     */
    @Test
    void sayingProcessEveryOneAgainDuringTheCatchUpTurnDoesNotKeepTheCatchUpGoing() {
        SummingSystem system = new SummingSystem() {
            @Override
            protected void process(int entityId) {
                super.process(entityId);
                if (tick >= 5) {
                    processEvery(1);
                }
            }
        };
        system.processEvery(1, 4);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 4); // all tier 0: processed in every tick
        TestWorlds.run(world, 20, DELTA);
        system.assertTimeKept(ids, DELTA);
    }

    /** Tiers switched on from process() apply from the next turn: the rest of this one gets its delta. */
    @Test
    void switchingTiersOnDuringAnUntieredTurnGivesTheRestOfThatTurnItsDelta() {
        SummingSystem system = new SummingSystem() {
            boolean switched;

            @Override
            protected void process(int entityId) {
                super.process(entityId);
                if (tick == 5 && !switched) {
                    switched = true;
                    processEvery(1, 4);
                }
            }
        };
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 4);
        TestWorlds.run(world, 20, DELTA);
        system.assertTimeKept(ids, DELTA);
    }

    /** Tiers switched off from tierOf apply from the next turn: the catch-up counts no turn twice. */
    @Test
    void switchingTiersOffFromTierOfCountsNoTurnTwice() {
        SummingSystem system = sayingProcessEveryFromTierOfIn(5, 1);
        system.processEvery(1, 4);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 8); // tier 0: every tick
        TestWorlds.run(world, 20, DELTA);
        system.assertTimeKept(ids, DELTA);
    }

    /** Tiers set again from tierOf apply from the turn's end: an entity deleted then is never processed again. */
    @Test
    void settingTiersFromTierOfProcessesNoEntityAfterItLeft() {
        SummingSystem system = sayingProcessEveryFromTierOfIn(5, 1, 2);
        system.processEvery(1, 2);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 64);
        for (int id : ids) {
            system.tiers[id] = 1;
        }
        TestWorlds.run(world, 6, DELTA); // ticks 0 to 5
        for (int id : ids) {
            world.delete(id);
        }
        int[] before = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            before[i] = system.processed.get(ids[i]);
        }
        TestWorlds.run(world, 6, DELTA);
        for (int i = 0; i < ids.length; i++) {
            assertEquals(before[i], system.processed.get(ids[i]), "entity " + ids[i] + " processed after it was deleted");
        }
    }

    /** A system whose tierOf says processEvery(periods) once, in turn {@code turn}. */
    private static SummingSystem sayingProcessEveryFromTierOfIn(int turn, int... periods) {
        return new SummingSystem() {
            boolean switched;

            @Override
            protected int tierOf(int entityId) {
                if (tick == turn && !switched) {
                    switched = true;
                    processEvery(periods);
                }
                return super.tierOf(entityId);
            }
        };
    }

    /**
     * A VirtualMachineError from tierOf: every entity due in that tick, asked before it or not, is
     * due in the next; none waits more than the longest period and the tick that failed.
     */
    @Test
    void aVirtualMachineErrorFromTierOfLeavesNoEntityWaitingLongerThanTheLongestPeriod() {
        int[] lastTick = new int[4096];
        int[] worstGap = {0};
        SummingSystem system = new SummingSystem() {
            int askedThisTick;
            int askedTick = -1;

            @Override
            protected int tierOf(int entityId) {
                if (askedTick != tick) {
                    askedTick = tick;
                    askedThisTick = 0;
                }
                if (tick == 9 && ++askedThisTick == 2) {
                    throw new StackOverflowError("second ask of tick 9");
                }
                return 1;
            }

            @Override
            protected void process(int entityId) {
                worstGap[0] = Math.max(worstGap[0], tick - lastTick[entityId]);
                lastTick[entityId] = tick;
                super.process(entityId);
            }
        };
        system.processEvery(1, 4);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 64);
        TestWorlds.run(world, 9, DELTA); // ticks 0 to 8
        try {
            TestWorlds.run(world, 1, DELTA);
        } catch (StackOverflowError expected) {
            // tick 9 leaves at its second ask
        }
        TestWorlds.run(world, 12, DELTA);
        // the tick that failed processed nobody: its due entities go in the next, one tick late
        assertEquals(true, worstGap[0] <= 4 + 1, "an entity waited " + worstGap[0] + " ticks at period 4");
    }

    // While artemis tells a subscription's listeners of a change, the subscription still lists the
    // old entities: processEvery switches at the start of the system's next turn.

    @Test
    void processEveryCalledAsAnEntityJoinsStillProcessesItEveryTickOfItsTier() {
        SummingSystem system = new SummingSystem() {
            @Override
            protected void inserted(int entityId) {
                if (entityId == 3) {
                    processEvery(1, 2);
                }
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 2, DELTA);
        int joiner = TestWorlds.deciders(world, 1)[0]; // tier 0
        TestWorlds.run(world, 10, DELTA);
        assertEquals(10, system.processed.get(joiner), "every tick since it joined");
        assertEquals(10 * DELTA, system.summedDelta[joiner], 1e-5);
    }

    @Test
    void processEveryCalledAsAnEntityLeavesNeverProcessesItAgain() {
        SummingSystem system = new SummingSystem() {
            @Override
            protected void removed(int entityId) {
                processEvery(1, 4);
            }
        };
        system.processEvery(1, 2);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 4);
        TestWorlds.run(world, 3, DELTA);
        int processed = system.processed.get(ids[1]);
        world.delete(ids[1]);
        TestWorlds.run(world, 5, DELTA);
        assertEquals(processed, system.processed.get(ids[1]), "processed after it was deleted");
    }

    @Test
    void aProcessThatThrowsInTheCatchUpTurnLeavesEveryEntityItsTimeSinceItsLastTurn() {
        int[] ids = new int[4];
        boolean[] armed = {false};
        SummingSystem system = new SummingSystem() {
            @Override
            protected void process(int entityId) {
                if (armed[0] && entityId == ids[0]) { // the first processed: the others are left
                    armed[0] = false;
                    throw new IllegalStateException("once");
                }
                super.process(entityId);
            }
        };
        system.processEvery(1, 4);
        World world = TestWorlds.of(system);
        System.arraycopy(TestWorlds.deciders(world, 4), 0, ids, 0, 4);
        for (int id : ids) {
            system.tiers[id] = 1;
        }
        TestWorlds.run(world, 6, DELTA);
        system.processEvery(1); // tick 6 is the catch-up turn
        armed[0] = true;
        world.setDelta(DELTA);
        assertThrows(IllegalStateException.class, world::process);
        system.tick++; // end() did not run
        TestWorlds.run(world, 3, DELTA);
        system.assertTimeKept(ids, DELTA);
    }
}
