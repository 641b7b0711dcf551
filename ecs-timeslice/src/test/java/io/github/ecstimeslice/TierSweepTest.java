package io.github.ecstimeslice;

import com.artemis.EntitySubscription;
import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When {@code tierOf} is asked: when an entity joins (before its entityJoined hook), then for every
 * entity at least once per reassess period of game time, spread over the ticks (about
 * entities × delta / period a tick, never all of them in a normal tick), at once on
 * {@code reassess(e)}, never for an entity that is not subscribed, and never with one tier.
 */
class TierSweepTest {

    static Stream<Arguments> entitiesTickRatesAndPeriods() {
        return Stream.of(
                Arguments.of(300, 60, 0.5), Arguments.of(1000, 60, 0.5), Arguments.of(1000, 144, 0.5),
                Arguments.of(1, 60, 0.5), Arguments.of(7, 60, 0.5), Arguments.of(300, 30, 0.1),
                Arguments.of(257, 60, 2.0), Arguments.of(64, 50, 0.3));
    }

    @ParameterizedTest(name = "{0} entities, {1} ticks a second, reassessEvery({2})")
    @MethodSource("entitiesTickRatesAndPeriods")
    void theSweepAsksEveryEntityOncePerPeriodAFewATick(int entities, int hz, double seconds) {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(50), Threading.WORLD_THREAD);
        system.setTiers(Tiers.decideEvery(1, 4).reassessEvery(seconds));
        system.tierFunction = id -> id % 2;
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, entities);
        float delta = 1f / hz;
        int periodTicks = (int) Math.ceil(seconds * hz - 1e-6);
        int ticks = 4 * periodTicks + 5;
        system.tick(world, delta);
        assertTrue(system.tierOfCallsByTick.get(0L) >= entities, "every entity asked when it joined");
        double share = entities * (double) delta / seconds;
        for (int t = 1; t < ticks; t++) {
            system.tick(world, delta);
            int calls = system.tierOfCallsByTick.getOrDefault((long) t, 0);
            assertTrue(calls >= Math.floor(share) - 1 && calls <= Math.ceil(share) + 1, "tick " + t + ": " + calls
                    + " calls, about " + share + " expected");
            assertTrue(entities < 4 || calls < entities, "tick " + t + ": all " + entities + " asked in one tick");
            for (int id : ids) {
                // asked within the last period of ticks (the tick it was asked in counts as 0 ticks ago)
                long since = t - system.lastAskedAtTick[id];
                assertTrue(since <= periodTicks, "after tick " + t + " entity " + id + " was last asked "
                        + since + " ticks ago; the period is " + periodTicks + " ticks");
            }
        }
        world.dispose();
    }

    private static final float MAX_DELTA = 0.034f;

    @Test
    void theSweepAsksEveryEntityWithinThePeriodWhileEntitiesComeAndGoAndDeltasVary() {
        TierProbe system = new TierProbe(IoPolicy.SIAO, Budget.jobsPerTick(20), Threading.WORLD_THREAD);
        double seconds = 0.25;
        system.setTiers(Tiers.decideEvery(1, 2, 8).reassessEvery(seconds));
        system.tierFunction = id -> id % 3;
        World world = TestWorlds.of(system);
        RandomChurn churn = new RandomChurn(5);
        for (int i = 0; i < 80; i++) {
            churn.create(world);
        }
        Random random = new Random(9);
        double[] askedAt = new double[4096]; // per id: the game time at the end of the tick it was last asked in
        double gameSeconds = 0;
        EntitySubscription subscription = system.getSubscription();
        for (int t = 0; t < 600; t++) {
            churn.step(world); // between ticks: they join at the start of the next
            float delta = 0.004f + random.nextFloat() * (MAX_DELTA - 0.004f);
            long callsBefore = system.tierOfCalls;
            system.tick(world, delta);
            gameSeconds += delta;
            for (int id = 0; id < system.lastAskedAtTick.length; id++) {
                if (system.lastAskedAtTick[id] == system.stats().tick() - 1) {
                    askedAt[id] = gameSeconds;
                }
            }
            assertTrue(t == 0 || system.tierOfCalls - callsBefore < Math.max(8, subscription.getEntities().size()),
                    "tick " + t + ": never all of them in one tick (but the first, where they all joined)");
            for (int i = 0; i < subscription.getEntities().size(); i++) {
                int id = subscription.getEntities().get(i);
                // a tick of tolerance: asks come in whole ticks, the sweep's share of a tick is rounded up, and an
                // entity that joins ahead of the sweep's cursor adds an ask to its round before the quota grows
                assertTrue(gameSeconds - askedAt[id] <= seconds + MAX_DELTA + 1e-6, "after tick " + t + " entity " + id
                        + " was last asked " + (gameSeconds - askedAt[id]) + " s ago; the period is " + seconds);
            }
        }
        world.dispose();
    }

    @Test
    void aShorterReassessPeriodSetMidRunAppliesAtOnce() {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(50), Threading.WORLD_THREAD);
        Tiers slow = Tiers.decideEvery(1, 4).reassessEvery(10);
        system.setTiers(slow);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 120);
        system.ticks(world, 60, 1 / 60f);
        system.setTiers(slow.reassessEvery(0.1)); // the same periods: only the sweep's pace changes
        assertEquals(0.1, system.tiers().reassessSeconds());
        int from = system.ticks;
        system.ticks(world, 6, 1 / 60f); // 0.1 s
        for (int id : ids) {
            assertTrue(system.lastAskedAtTick[id] >= from, "entity " + id + " asked within the new period; last at tick "
                    + system.lastAskedAtTick[id] + ", the change at " + from);
        }
        world.dispose();
    }

    @Test
    void anEntitysTierIsAskedWhenItJoinsBeforeItsJoinedHook() {
        List<String> wrong = new ArrayList<>();
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(10), Threading.WORLD_THREAD) {
            @Override
            protected void entityJoined(int entityId) {
                if (tier(entityId) != tierFunction.applyAsInt(entityId) || lastAskedAtTick[entityId] != stats().tick()) {
                    wrong.add(entityId + " joined in tier " + tier(entityId));
                }
            }
        };
        system.setTiers(Tiers.decideEvery(1, 4, 16));
        system.tierFunction = id -> 2 - id % 3;
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 9);
        system.tick(world, 1 / 60f);
        TestWorlds.deciders(world, 5);
        system.tick(world, 1 / 60f);
        assertEquals(List.of(), wrong);
        assertEquals(List.of(4, 5, 5), List.of(system.stats().entitiesInTier(0), system.stats().entitiesInTier(1),
                system.stats().entitiesInTier(2)));
        world.dispose();
    }

    @Test
    void reassessAsksAtOnceAndOnlyForSubscribedEntities() {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(10), Threading.WORLD_THREAD);
        system.setTiers(Tiers.decideEvery(1, 4, 16).reassessEvery(1000)); // the sweep asks nearly nobody
        int[] answer = {1};
        system.tierFunction = id -> answer[0];
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 6);
        system.ticks(world, 3, 1 / 60f);
        int calls = system.tierOfCalls;
        answer[0] = 2;
        system.reassess(ids[3]);
        assertEquals(calls + 1, system.tierOfCalls, "reassess asks once, at once");
        assertEquals(2, system.tier(ids[3]));
        assertEquals(1, system.tier(ids[2]));

        world.delete(ids[4]);
        world.edit(ids[5]).remove(Decides.class);
        system.ticks(world, 1, 1 / 60f);
        calls = system.tierOfCalls;
        for (int id : new int[]{ids[4], ids[5], 99, 100_000, -1, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            system.reassess(id); // nothing: not subscribed
            assertEquals(-1, system.tier(id), "id " + id + " is not subscribed");
        }
        assertEquals(calls, system.tierOfCalls, "reassess asks nothing for an entity not subscribed");
        world.dispose();
    }

    @Test
    void withOneTierNoTierIsEverAsked() {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.jobsPerTick(10), Threading.WORLD_THREAD);
        system.setTiers(Tiers.decideEvery(1).reassessEvery(1e-6));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 20);
        system.ticks(world, 30, 1 / 60f);
        for (int id : ids) {
            system.reassess(id);
            assertEquals(0, system.tier(id));
        }
        TestWorlds.deciders(world, 5);
        system.ticks(world, 30, 2f); // long ticks too
        assertEquals(0, system.tierOfCalls);
        assertEquals(25, system.stats().entitiesInTier(0));
        world.dispose();

        TierProbe byDefault = new TierProbe(IoPolicy.SISO, Budget.jobsPerTick(3), Threading.WORLD_THREAD);
        World other = TestWorlds.of(byDefault);
        TestWorlds.deciders(other, 10);
        byDefault.ticks(other, 40, 1 / 60f);
        byDefault.reassess(0);
        assertEquals(0, byDefault.tierOfCalls);
        other.dispose();
    }
}
