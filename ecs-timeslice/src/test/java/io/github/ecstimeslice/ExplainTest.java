package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link DecisionStats#explain}: why an entity has or has not decided, in one line. */
class ExplainTest {

    private static final float DELTA = 1 / 60f;

    private static void assertSays(String line, String... parts) {
        for (String part : parts) {
            assertTrue(line.contains(part), "'" + part + "' in: " + line);
        }
    }

    @Test
    void anEntityInTheBatchSaysWhereItStandsAndWhenItIsDue() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(5));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 20);
        TestWorlds.run(world, 1, DELTA); // slots 0 to 4 ran in tick 0
        assertSays(system.stats().explain(ids[12]), "entity " + ids[12] + ": in the system",
                "no decision yet since it joined", "7 batch jobs ahead of it: due about tick 2",
                "at 5 jobs a tick (the budget)");
        assertSays(system.stats().explain(ids[2]), "last decided in tick 0 (0 ticks ago)",
                "decided (or dropped) in the batch in progress, so next in a later batch: after the 15 jobs left");
        TestWorlds.run(world, 1, DELTA);
        assertSays(system.stats().explain(ids[12]), "2 batch jobs ahead of it: due about tick 2");
        TestWorlds.run(world, 1, DELTA);
        assertEquals(2, system.latestTick(ids[12]), "as explained");
        assertSays(system.stats().explain(ids[2]), "last decided in tick 0 (2 ticks ago)");
        world.dispose();
    }

    @Test
    void anUrgentAskAheadAndTiersAreTold() {
        UrgentProbe system = new UrgentProbe(IoPolicy.AIAO, Budget.jobsPerTick(5));
        system.setTiers(Tiers.decideEvery(1, 4));
        system.tierFunction = id -> id % 2;
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 20);
        TestWorlds.run(world, 1, DELTA);
        system.decideSoon(ids[9]);
        system.decideSoon(ids[3]);
        assertSays(system.stats().explain(ids[3]), "tier 1 (a job every 4 batches)",
                "asked to decide soon, 1 urgent asks ahead of it");
        assertSays(system.stats().explain(ids[4]), "tier 0 (a job every 1 batch)");
        world.dispose();
    }

    @Test
    void anEntityOutsideTheSystemSaysWhyItsAskWentOrThatItWaitsForItsJoin() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(5));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 1, DELTA);
        int bare = world.create();
        system.decideSoon(bare);
        assertSays(system.stats().explain(bare), "not in the system", "waits for it to join");
        TestWorlds.run(world, 1, DELTA);
        assertSays(system.stats().explain(bare), "not in the system",
                "dropped: it had not joined when the system's next turn began");
        system.decideSoon(50_000);
        assertSays(system.stats().explain(50_000), "dropped: no live entity had the id");
        int doomed = world.create();
        system.decideSoon(doomed);
        world.delete(doomed);
        TestWorlds.run(world, 1, DELTA);
        assertSays(system.stats().explain(doomed), "dropped: it was deleted before it joined");
        system.decideSoon(ids[1]);
        world.delete(ids[1]);
        TestWorlds.run(world, 1, DELTA);
        assertSays(system.stats().explain(ids[1]), "dropped: it left before its job");
        system.decideSoon(ids[2]);
        TestWorlds.run(world, 1, DELTA);
        String served = system.stats().explain(ids[2]);
        assertTrue(!served.contains("ask to decide soon was dropped"), "a later ask kept clears the reason: " + served);
        world.dispose();
    }
}
