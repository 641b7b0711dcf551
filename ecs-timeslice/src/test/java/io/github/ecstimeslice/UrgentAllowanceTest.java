package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code setUrgentAllowance}: up to that many urgent jobs a tick run on top of the budget, first
 * asked first served, before the batch, which keeps its jobs; the urgent jobs past it are served
 * within the budget as without one. Neither the allowance's jobs nor its time count against a
 * budget or a share.
 */
class UrgentAllowanceTest {

    /** Ticks once; returns {urgent jobs, all jobs} the tick started. */
    private static int[] tick(World world, UrgentProbe system) {
        long urgentBefore = system.stats().urgentJobsTotal();
        world.setDelta(0.1f);
        world.process();
        int urgent = (int) (system.stats().urgentJobsTotal() - urgentBefore);
        assertEquals(urgent, system.urgentIn(system.stats().tick() - 1).size(), "urgent jobs ran on the world's thread");
        return new int[]{urgent, system.stats().jobsRunLastTick()};
    }

    private static void assertNoViolations(UrgentProbe system) {
        assertTrue(system.violations.isEmpty(), String.join("\n", system.violations));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void urgentJobsWithinTheAllowanceRunOnTopAndTheBatchKeepsItsJobs(IoPolicy policy, Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(3));
        system.setThreading(threading);
        system.setUrgentAllowance(10);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 40);
        tick(world, system);
        List<Integer> asked = new ArrayList<>();
        for (int i = 39; i >= 30; i--) { // ten entities, asked last id first
            system.decideSoon(ids[i]);
            asked.add(ids[i]);
        }
        int[] first = tick(world, system);
        assertEquals(10, first[0], "all ten urgent jobs in the next tick");
        assertEquals(13, first[1], "and the batch's three");
        assertEquals(asked, system.urgentEntities(), "first asked, first served");
        int[] second = tick(world, system);
        assertEquals(0, second[0]);
        assertEquals(3, second[1]);
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void urgentJobsPastTheAllowanceAreServedWithinTheBudget(IoPolicy policy, Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(3));
        system.setThreading(threading);
        system.setUrgentAllowance(4);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 40);
        tick(world, system);
        for (int i = 0; i < 12; i++) {
            system.decideSoon(ids[i]);
        }
        // 12 asks: 4 on top and the budget's 3 in the first tick, the last 5 in the second
        int[] first = tick(world, system);
        int[] second = tick(world, system);
        int[] third = tick(world, system);
        assertEquals(List.of(7, 7), List.of(first[0], first[1]), "4 on top, 3 within the budget: no batch job");
        assertEquals(List.of(5, 7), List.of(second[0], second[1]), "4 on top, 1 within the budget, 2 batch jobs");
        assertEquals(List.of(0, 3), List.of(third[0], third[1]));
        assertNoViolations(system);
        world.dispose();
    }

    @Test
    void aRateBudgetIsNotOwedTheAllowancesJobs() {
        // 20 jobs a second at 0.1 s ticks: 2 a tick; without an allowance an urgent job past the
        // release is owed and the batch waits for it; within the allowance nothing is owed
        UrgentProbe with = new UrgentProbe(IoPolicy.AIAO, Budget.jobsPerSecond(20));
        with.setUrgentAllowance(1);
        UrgentProbe without = new UrgentProbe(IoPolicy.AIAO, Budget.jobsPerSecond(20));
        World withWorld = TestWorlds.of(with);
        World withoutWorld = TestWorlds.of(without);
        int[] withIds = TestWorlds.deciders(withWorld, 100);
        int[] withoutIds = TestWorlds.deciders(withoutWorld, 100);
        int withBatch = 0;
        int withoutBatch = 0;
        for (int t = 0; t < 20; t++) {
            with.decideSoon(withIds[(t * 7) % 100]);
            without.decideSoon(withoutIds[(t * 7) % 100]);
            int[] w = tick(withWorld, with);
            int[] wo = tick(withoutWorld, without);
            withBatch += w[1] - w[0];
            withoutBatch += wo[1] - wo[0];
        }
        assertEquals(40, withBatch, "the batch kept its 2 a tick");
        assertTrue(withoutBatch <= 21, "without, the urgent job came out of the 2: " + withoutBatch);
        withWorld.dispose();
        withoutWorld.dispose();
    }

    @Test
    void aTimeBudgetCountsItsTimeAfterTheAllowancesJobs() {
        // an urgent job of 3 ms under a 1 ms budget: without an allowance it spends the tick and
        // no batch job runs; within the allowance the batch's time starts after it
        int[] batchJobs = new int[2];
        for (int allowance = 0; allowance < 2; allowance++) {
            UrgentProbe system = new UrgentProbe(IoPolicy.AIAO, Budget.millisPerTick(1));
            system.setUrgentAllowance(allowance);
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, 50);
            tick(world, system);
            system.hook = (at, id) -> {
                if (at == UrgentProbe.At.RUN_JOB && id == ids[7] && system.stats().urgentJobsTotal() == 0) {
                    for (long end = System.nanoTime() + 3_000_000; System.nanoTime() - end < 0; ) {
                        Thread.onSpinWait();
                    }
                }
            };
            system.decideSoon(ids[7]);
            int[] ticked = tick(world, system);
            assertEquals(1, ticked[0]);
            batchJobs[allowance] = ticked[1] - ticked[0];
            world.dispose();
        }
        assertEquals(0, batchJobs[0], "without an allowance the urgent job spent the tick");
        assertTrue(batchJobs[1] >= 1, "with one, the batch had its millisecond: " + batchJobs[1]);
    }

    @Test
    void aSharesPartIsNotTakenByTheAllowancesJobs() {
        SharedBudget pool = SharedBudget.jobsPerTick(4);
        StampSystem first = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY);
        StampSystem second = new StampSystem(IoPolicy.AIAO, pool.share(1), TimeslicedSystem.NO_HISTORY) {
        };
        first.setUrgentAllowance(5);
        World world = TestWorlds.of(first, second);
        int[] ids = TestWorlds.deciders(world, 40);
        TestWorlds.run(world, 2, 0.1f);
        for (int i = 0; i < 5; i++) {
            first.decideSoon(ids[i]);
        }
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(7, first.stats().jobsRunLastTick(), "five on top, and its part of 2");
        assertEquals(2, second.stats().jobsRunLastTick(), "the other keeps its part");
        assertEquals(4, pool.jobsLastTick(), "the pool counts the jobs it gave");
        world.dispose();
    }

    @Test
    void anAllowanceBelowZeroIsRefusedByName() {
        UrgentProbe system = new UrgentProbe(IoPolicy.AIAO, Budget.jobsPerTick(3));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> system.setUrgentAllowance(-1));
        assertEquals("urgent jobs a tick on top of the budget must be at least 0, was -1", refused.getMessage());
        assertEquals(0, system.urgentAllowance());
    }
}
