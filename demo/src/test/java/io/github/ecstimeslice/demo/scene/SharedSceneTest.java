package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SharedBudget;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared scene's three decision systems, sharing one pool or each with a budget of its own. */
class SharedSceneTest {

    private static final double[] WEIGHTS = {3, 2, 1};
    private static final float DELTA = 1 / 60f;

    @Test
    void aJobsPoolIsSpentWholeEveryTickAndSplitByWeight() {
        // 3,000 NPCs: 30, 20 and 10 jobs a tick end each system's batches on a tick's edge
        SharedBudget pool = SharedBudget.jobsPerTick(60);
        SharedScene scene = SharedScene.shared(3000, 1, IoPolicy.AIAO, pool, WEIGHTS, 2, Threading.WORLD_THREAD);
        float before = scene.desiredOrientation(1);
        try {
            for (int tick = 1; tick <= 610; tick++) { // wander: a first batch of 301 ticks (it ran none in the first), then 300
                scene.tick(DELTA);
                if (tick >= 3) { // the last whole tick (tick - 1): every system has had its part since the second
                    assertEquals(60, pool.jobsLastTick(), "tick " + (tick - 1));
                    assertEquals(30, pool.jobsLastTick(scene.budget(0)), "facing, tick " + (tick - 1));
                    assertEquals(20, pool.jobsLastTick(scene.budget(1)), "alertness, tick " + (tick - 1));
                    assertEquals(10, pool.jobsLastTick(scene.budget(2)), "wander, tick " + (tick - 1));
                }
            }
            assertEquals(3, pool.systems());
            // each system's batch of 3,000 at its part a tick: decisions a second in proportion to the weights
            assertEquals(1800, pool.decisionsPerSecond(scene.budget(0)), 1);
            assertEquals(1200, pool.decisionsPerSecond(scene.budget(1)), 1);
            assertEquals(600, pool.decisionsPerSecond(scene.budget(2)), 1);
            assertEquals(3600, pool.decisionsPerSecond(), 3);
            assertPublished(scene, before);
            int alert = 0;
            for (int npc = 1; npc <= scene.npcCount(); npc++) {
                Alertness alertness = scene.alertness(npc);
                assertTrue(alertness.nearest >= 0 && alertness.level >= 0 && alertness.level <= 1,
                        "NPC " + npc + ": " + alertness.level + " from " + alertness.nearest);
                alert += alertness.level > 0 ? 1 : 0;
            }
            assertTrue(alert > 0 && alert < scene.npcCount(), "some NPCs are near the target or a threat: " + alert);
            assertTrue(scene.meanFacingErrorDegrees() < 30, "the NPCs face the target: " + scene.meanFacingErrorDegrees());
        } finally {
            scene.dispose();
        }
    }

    @Test
    void whatASystemCannotUseInATickGoesToTheOthersAndThePoolStillAddsUp() {
        // 3,010 NPCs: facing's batches end with 10 jobs, alertness's with 10: the rest goes to the others
        SharedBudget pool = SharedBudget.jobsPerTick(60);
        SharedScene scene = SharedScene.shared(3010, 1, IoPolicy.SIAO, pool, WEIGHTS, 2, Threading.WORLD_THREAD);
        long[] sums = new long[3];
        int handedOn = 0;
        try {
            for (int tick = 1; tick <= 300; tick++) {
                scene.tick(DELTA);
                if (tick < 3) {
                    continue;
                }
                assertEquals(60, pool.jobsLastTick(), "the pool is spent whole, tick " + (tick - 1));
                int facing = pool.jobsLastTick(scene.budget(0));
                if (facing < 30) {
                    handedOn++;
                    assertTrue(pool.jobsLastTick(scene.budget(1)) + pool.jobsLastTick(scene.budget(2)) > 30,
                            "facing's leftover went to the others, tick " + (tick - 1));
                }
                for (int i = 0; i < 3; i++) {
                    assertTrue(pool.jobsLastTick(scene.budget(i)) >= 1, "every system with work gets a job");
                    sums[i] += pool.jobsLastTick(scene.budget(i));
                }
            }
            assertTrue(handedOn >= 2, "facing's batch ended mid-tick at least twice: " + handedOn);
            double total = sums[0] + sums[1] + sums[2];
            assertEquals(3 / 6.0, sums[0] / total, 0.02, "facing's part of the run");
            assertEquals(2 / 6.0, sums[1] / total, 0.02, "alertness's part of the run");
            assertEquals(1 / 6.0, sums[2] / total, 0.02, "wander's part of the run");
        } finally {
            scene.dispose();
        }
    }

    @Test
    void aMillisPoolRunsAllThreeSystemsAndReportsTheirTime() {
        SharedBudget pool = SharedBudget.millisPerTick(0.5);
        SharedScene scene = SharedScene.shared(2000, 1, IoPolicy.AIAO, pool, WEIGHTS, 2, Threading.WORLD_THREAD);
        float before = scene.desiredOrientation(1);
        int[] ran = new int[3];
        int[] timed = new int[3];
        try {
            for (int tick = 1; tick <= 60; tick++) {
                scene.tick(DELTA);
                for (int i = 0; i < 3; i++) {
                    if (pool.jobsLastTick(scene.budget(i)) >= 1) {
                        ran[i]++;
                        timed[i] += pool.millisLastTick(scene.budget(i)) > 0 ? 1 : 0;
                    }
                }
            }
            for (int i = 0; i < 3; i++) {
                TimeslicedSystem<?, ?> system = scene.system(i);
                // jobs in every tick once all three hold a share (from the second), dozens a tick
                assertTrue(system.stats().jobsRunTotal() >= 59, SharedPlan.SYSTEMS[i] + ": " + system.stats().jobsRunTotal());
                // its time reported in every tick it ran jobs
                assertEquals(ran[i], timed[i], SharedPlan.SYSTEMS[i] + " ran jobs in " + ran[i] + " ticks, reported time in " + timed[i]);
                // and it ran in most ticks: a tick whose earlier systems ran past their parts (a
                // pause of the shared machine, another build's tests) leaves the last none
                assertTrue(ran[i] >= 30, SharedPlan.SYSTEMS[i] + " ran jobs in " + ran[i] + " of 60 ticks");
            }
            assertPublished(scene, before);
        } finally {
            scene.dispose();
        }
    }

    @Test
    void separateBudgetsSplitThePoolByTheWeights() {
        SharedPlan jobs = SharedPlan.parse("jobs:400", WEIGHTS);
        assertEquals("jobs:200, jobs:133, jobs:67", jobs.separateText());
        Budget[] budgets = jobs.separateBudgets();
        assertEquals(Budget.jobsPerTick(133), budgets[1]);
        SharedPlan millis = SharedPlan.parse("ms:2", WEIGHTS);
        assertEquals("ms:1.00, ms:0.667, ms:0.333", millis.separateText());
        assertEquals(Budget.millisPerTick(1), millis.separateBudgets()[0]);
        assertEquals("ms:2", millis.poolText());
        assertEquals("3:2:1", millis.weightsText());
        assertThrows(IllegalArgumentException.class, () -> SharedPlan.parse("jobs:2", WEIGHTS).separateBudgets());
        assertThrows(IllegalArgumentException.class, () -> SharedPlan.parse("hz:30", WEIGHTS));
    }

    @Test
    void separateBudgetsRunEachSystemAtItsOwn() {
        SharedScene scene = SharedScene.separate(3000, 1, IoPolicy.AIAO, SharedPlan.parse("jobs:60", WEIGHTS)
                .separateBudgets(), 2, Threading.WORLD_THREAD);
        try {
            assertEquals(null, scene.pool());
            for (int tick = 1; tick <= 10; tick++) {
                scene.tick(DELTA);
                assertEquals(30, scene.system(0).stats().jobsRunLastTick());
                assertEquals(20, scene.system(1).stats().jobsRunLastTick());
                assertEquals(10, scene.system(2).stats().jobsRunLastTick());
            }
        } finally {
            scene.dispose();
        }
    }

    /** Every system published into the NPCs it decided for: NPC 1, at (0, 0), the first of every batch. */
    private static void assertPublished(SharedScene scene, float desiredBefore) {
        Alertness alertness = scene.alertness(1);
        assertTrue(alertness.nearest >= 0 && alertness.level >= 0 && alertness.level <= 1,
                "NPC 1's alertness: " + alertness.level + " from " + alertness.nearest);
        WanderGoal goal = scene.wanderGoal(1);
        assertFalse(Float.isNaN(goal.x), "NPC 1's wander goal was picked");
        assertTrue(Math.hypot(goal.x, goal.y) <= 4 + 1e-3, "within reach of NPC 1: " + goal.x + ", " + goal.y);
        assertTrue(scene.desiredOrientation(1) != desiredBefore, "NPC 1 was decided to face the target");
    }
}
