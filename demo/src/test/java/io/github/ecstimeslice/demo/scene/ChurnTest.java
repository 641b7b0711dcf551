package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.facing.Position;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NPCs dying and spawning in the facing scene, and the ticks from a newcomer's join to its first
 * saved decision: 0 (the tick it joined) with newcomers decided soon, about a batch without.
 */
class ChurnTest {

    /** 600 NPCs deciding every half second at 60 Hz: a batch of 30 ticks; 120 die and spawn a second, 2 a tick. */
    private static final int NPCS = 600;
    private static final int BATCH_TICKS = 30;
    private static final double CHURN = 120;
    private static final int TICKS = 240;

    private static Scene run(IoPolicy policy, boolean decideSoon, Threading threading) {
        Scene scene = Scene.timesliced(NPCS, 7, policy, Budget.batchEvery(0.5), 2, threading, null, CHURN);
        if (decideSoon) {
            scene.decideNewcomersSoon();
        }
        for (int t = 0; t < TICKS; t++) {
            scene.tick(1 / 60f);
        }
        return scene;
    }

    @Test
    void withNewcomersDecidedSoonEveryNewcomerIsDecidedInTheTickItJoinsWhateverThePolicyAndThreads() {
        for (IoPolicy policy : IoPolicy.values()) {
            for (Threading threading : Threading.values()) {
                Scene scene = run(policy, true, threading);
                Newcomers newcomers = scene.newcomers();
                // 2 die a tick, and spawn in the next: every tick's deaths but the last one's
                assertEquals(2L * (TICKS - 1), newcomers.joined(), policy + " " + threading);
                assertEquals(newcomers.joined(), newcomers.total().decided() + newcomers.diedFirst(), policy + " " + threading);
                assertEquals(0, newcomers.waiting(), policy + " " + threading);
                assertEquals(0, newcomers.total().maxTicks(), "each first decision in its join tick: " + policy + " " + threading);
                assertEquals(newcomers.total().decided(), scene.decisions().stats().urgentJobsTotal(),
                        "an urgent job for each newcomer decided, none for the starting crowd: " + policy + " " + threading);
                scene.dispose();
            }
        }
    }

    @Test
    void withoutNewcomersWaitAboutABatchForTheirFirstDecisionAndLongerWithSyncOutput() {
        Scene aiao = run(IoPolicy.AIAO, false, Threading.WORLD_THREAD);
        Newcomers.Tally async = aiao.newcomers().total();
        // the rest of the batch in progress, then its place in the next: each about half a batch
        assertTrue(async.meanTicks() > 0.7 * BATCH_TICKS && async.meanTicks() < 1.3 * BATCH_TICKS,
                "AIAO mean " + async.meanTicks());
        assertTrue(async.maxTicks() > BATCH_TICKS && async.maxTicks() < 2 * BATCH_TICKS, "AIAO max " + async.maxTicks());
        assertEquals(0, aiao.decisions().stats().urgentJobsTotal());
        aiao.dispose();

        Scene siso = run(IoPolicy.SISO, false, Threading.WORLD_THREAD);
        Newcomers.Tally sync = siso.newcomers().total();
        // the rest of the batch in progress, then all of the next: saved at its end
        assertTrue(sync.meanTicks() > 1.3 * BATCH_TICKS && sync.meanTicks() < 1.7 * BATCH_TICKS,
                "SISO mean " + sync.meanTicks());
        assertTrue(sync.maxTicks() > 1.5 * BATCH_TICKS && sync.maxTicks() <= 2 * BATCH_TICKS, "SISO max " + sync.maxTicks());
        siso.dispose();
    }

    @Test
    void theChurnIsTheSameEveryRunAndKeepsTheNpcsOnTheirIds() {
        Scene one = run(IoPolicy.AIAO, false, Threading.WORLD_THREAD);
        Scene two = run(IoPolicy.AIAO, false, Threading.WORLD_THREAD);
        assertEquals(one.newcomers().total().meanTicks(), two.newcomers().total().meanTicks());
        assertEquals(one.newcomers().diedFirst(), two.newcomers().diedFirst());
        for (int npc = 1; npc <= NPCS; npc++) {
            Position at = one.position(npc);
            if (at != null) { // the last tick's dead are replaced in the next
                int i = npc - 1;
                assertEquals(i % one.columns(), at.x, 0, "NPC " + npc);
                assertEquals(i / one.columns(), at.y, 0, "NPC " + npc);
            }
        }
        assertTrue(one.meanFacingErrorDegrees() >= 0, "the missing dead are skipped");
        one.dispose();
        two.dispose();
    }

    @Test
    void aNewcomerThatDiesFirstIsCountedApartAndItsIdsNextNewcomerCountsFromItsOwnJoin() {
        Newcomers newcomers = new Newcomers();
        newcomers.joined(5, 10);
        newcomers.joined(6, 10);
        newcomers.check(10, npc -> npc == 6);
        newcomers.died(5);
        newcomers.joined(5, 12); // the id again, a new NPC
        newcomers.check(12, npc -> false);
        newcomers.check(15, npc -> true);
        assertEquals(3, newcomers.joined());
        assertEquals(1, newcomers.diedFirst());
        assertEquals(2, newcomers.total().decided());
        assertEquals(1.5, newcomers.total().meanTicks()); // 0 and 3
        assertEquals(3, newcomers.total().maxTicks());
        assertEquals(0, newcomers.waiting());
        newcomers.count(false);
        newcomers.joined(7, 16);
        assertEquals(3, newcomers.joined(), "joined while not counting: not counted");
    }

    @Test
    void onlyAScenesTimeslicedSystemDecidesNewcomersSoonAndOnlyWithChurn() {
        Scene still = Scene.timesliced(10, 1, IoPolicy.AIAO, Budget.jobsPerTick(5), 2, Threading.WORLD_THREAD, null);
        assertThrows(IllegalStateException.class, still::decideNewcomersSoon);
        Scene all = Scene.updateAll(10, 1, 5);
        assertThrows(IllegalStateException.class, all::decideNewcomersSoon);
        assertNotNull(all.newcomers());
        still.dispose();
        all.dispose();
    }
}
