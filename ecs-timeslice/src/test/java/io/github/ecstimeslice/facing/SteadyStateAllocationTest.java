package io.github.ecstimeslice.facing;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SteadyStateBytes;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With entities fixed, a tick of the facing scene (a timesliced FaceTargetSystem, the every-tick
 * TurnAnimationSystem, a moving tagged target) allocates nothing on the world's thread, for every
 * policy, budget and threading (workers on the common ForkJoinPool, for the decisions and the
 * animation), measured with the JDK's
 * per-thread allocation counter over thousands of ticks.
 */
class SteadyStateAllocationTest {

    static Stream<Arguments> policiesBudgetsAndThreading() {
        // each about 37 jobs a tick over 2,000 NPCs at 60 Hz: batches of about 55 ticks
        Budget[] budgets = {Budget.jobsPerTick(37), Budget.jobsPerSecond(37 * 60),
                Budget.batchEvery(55 / 60.0), Budget.millisPerTick(0.02)};
        return Arrays.stream(Threading.values()).flatMap(threading -> Arrays.stream(IoPolicy.values())
                .flatMap(policy -> Arrays.stream(budgets).map(budget -> Arguments.of(policy, budget, threading))));
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("policiesBudgetsAndThreading")
    void aSteadyStateTickAllocatesZeroBytesOnTheWorldThread(IoPolicy policy, Budget budget, Threading threading) {
        assertZeroBytesPerTick(policy, budget, threading, TimeslicedSystem.DEFAULT_HISTORY_DEPTH);
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("policiesBudgetsAndThreading")
    void withNoHistoryASteadyStateTickAllocatesZeroBytesOnTheWorldThread(IoPolicy policy, Budget budget,
                                                                          Threading threading) {
        assertZeroBytesPerTick(policy, budget, threading, TimeslicedSystem.NO_HISTORY);
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("policiesBudgetsAndThreading")
    void withTiersChangingEveryTickASteadyStateTickAllocatesZeroBytesOnTheWorldThread(IoPolicy policy, Budget budget,
                                                                                     Threading threading) {
        assertZeroBytesPerTick(policy, budget, threading, TimeslicedSystem.DEFAULT_HISTORY_DEPTH, true);
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("policiesBudgetsAndThreading")
    void withUrgentAsksEveryTickAndAnAllowanceASteadyStateTickAllocatesZeroBytesOnTheWorldThread(
            IoPolicy policy, Budget budget, Threading threading) {
        SteadyStateBytes.assertCounted();
        FacingScene scene = new FacingScene(policy, budget, TimeslicedSystem.DEFAULT_HISTORY_DEPTH, 2000, 50f, 10f, 0.7f, 3f,
                false);
        scene.decisions.setThreading(threading);
        scene.decisions.setUrgentAllowance(5);
        int[] tick = {0};
        Runnable asking = () -> {
            for (int i = 0; i < 1000; i++, tick[0]++) {
                for (int k = 0; k < 8; k++) { // eight asks a tick: five on top, three within the budget
                    scene.decisions.decideSoon(scene.npcs[(tick[0] * 8 + k) % scene.npcs.length]);
                }
                scene.run(1, 1f / 60);
            }
        };
        asking.run();
        asking.run();
        SteadyStateBytes.assertNoGarbage(asking, policy + ", " + budget + ", " + threading + ", eight asks a tick");
        assertTrue(scene.decisions.stats().urgentJobsTotal() > 5 * 7000, "the asks were served");
    }

    private static void assertZeroBytesPerTick(IoPolicy policy, Budget budget, Threading threading, int historyDepth) {
        assertZeroBytesPerTick(policy, budget, threading, historyDepth, false);
    }

    private static void assertZeroBytesPerTick(IoPolicy policy, Budget budget, Threading threading, int historyDepth,
                                               boolean tiered) {
        SteadyStateBytes.assertCounted();
        FacingScene scene = new FacingScene(policy, budget, historyDepth, 2000, 50f, 10f, 0.7f, 3f, tiered);
        scene.decisions.setThreading(threading);
        if (threading != Threading.WORLD_THREAD) { // the animation on the workers too
            scene.animation.setThreading(Threading.WORKERS_SAME_TICK);
            scene.animation.setMinEntitiesForWorkers(1);
        }
        scene.run(5000, 1f / 60); // fills every slot and history, warms up the JIT
        // five spans of 1,000 ticks, many batch starts each: key collection, sync inputs and saves
        SteadyStateBytes.assertNoGarbage(() -> scene.run(1000, 1f / 60), policy + ", " + budget + ", " + threading
                + ", 1,000 ticks a span");
        assertTrue(scene.decisions.stats().batchesCompleted() > 20, "the run crossed many batches");
        if (tiered) {
            for (int tier = 0; tier < 3; tier++) {
                assertTrue(scene.decisions.stats().entitiesInTier(tier) > 400, "NPCs in tier " + tier);
            }
        }
    }
}
