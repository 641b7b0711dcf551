package io.github.ecstimeslice;

import com.artemis.World;
import io.github.ecstimeslice.UrgentProbe.At;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Urgent jobs and the budget of every kind, every threading, and systems with no history: never more
 * urgent jobs in a tick than the budget releases but the one that always runs, first asked first
 * served, the batch getting the rest; on the world's thread and saved in their tick whatever the
 * threading; counted in {@code jobsRunLastTick} and {@code urgentJobsTotal}, not in
 * {@code decisionsPerSecond}.
 */
class DecideSoonBudgetsTest {

    private static void assertNoViolations(UrgentProbe system) {
        assertTrue(system.violations.isEmpty(), String.join("\n", system.violations));
    }

    /** Ticks once; returns {urgent jobs, all jobs} the tick started, from the stats. */
    private static int[] tick(World world, UrgentProbe system, float delta) {
        long urgentBefore = system.stats().urgentJobsTotal();
        world.setDelta(delta);
        world.process();
        int urgent = (int) (system.stats().urgentJobsTotal() - urgentBefore);
        assertEquals(urgent, system.urgentIn(system.stats().tick() - 1).size(),
                "every urgent job the stats count ran on the world's thread, in its tick");
        return new int[]{urgent, system.stats().jobsRunLastTick()};
    }

    /** Ten entities asked for in a scrambled order, some twice. */
    private static List<Integer> askScrambled(UrgentProbe system, int[] ids) {
        int[] order = {13, 4, 27, 0, 19, 4, 8, 22, 13, 3, 11, 26};
        List<Integer> expected = new ArrayList<>();
        for (int index : order) {
            system.decideSoon(ids[index]);
            if (!expected.contains(ids[index])) {
                expected.add(ids[index]);
            }
        }
        return expected;
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void jobsPerTickServesUrgentJobsFirstAskedFirstServedAndTheBatchGetsTheRest(IoPolicy policy,
                                                                              Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(3));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 40);
        tick(world, system, 0.1f);
        List<Integer> expected = askScrambled(system, ids); // ten entities
        int[][] perTick = new int[5][];
        for (int i = 0; i < 5; i++) {
            perTick[i] = tick(world, system, 0.1f);
        }
        int[] urgent = {perTick[0][0], perTick[1][0], perTick[2][0], perTick[3][0], perTick[4][0]};
        assertEquals(List.of(3, 3, 3, 1, 0), List.of(urgent[0], urgent[1], urgent[2], urgent[3], urgent[4]));
        for (int i = 0; i < 5; i++) {
            assertEquals(3, perTick[i][1], "tick " + (i + 1) + ": the batch gets what the urgent jobs leave");
        }
        assertEquals(expected, system.urgentEntities(), "first asked, first served, once each");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(1 + i / 3, system.urgentJobs.get(i)[UrgentProbe.TICK], "the " + i + "th asked, three a tick");
        }
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void jobsPerSecondServesAtMostWhatItReleasesAndAtLeastOneATick(IoPolicy policy, Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerSecond(120)); // two a tick at 60 ticks a second
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 40);
        for (int i = 0; i < 3; i++) {
            tick(world, system, 1 / 60f);
        }
        List<Integer> expected = askScrambled(system, ids);
        List<Integer> urgent = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int[] counts = tick(world, system, 1 / 60f);
            urgent.add(counts[0]);
            assertTrue(counts[1] <= 3, "tick " + i + ": " + counts[1] + " jobs, at most the release and its carry");
        }
        assertEquals(List.of(2, 2, 2, 2, 2, 0), urgent);
        assertEquals(expected, system.urgentEntities());

        // a budget of a tenth of a job a tick: one urgent job every tick all the same, and the batch waits
        system.setBudget(Budget.jobsPerSecond(6));
        for (int i = 0; i < 30; i++) {
            tick(world, system, 1 / 60f);
        }
        system.urgentJobs.clear();
        for (int i = 30; i < 34; i++) {
            system.decideSoon(ids[i]);
        }
        for (int i = 30; i < 34; i++) {
            int[] counts = tick(world, system, 1 / 60f);
            assertEquals(1, counts[0], "at least one urgent job a tick");
            assertEquals(1, counts[1], "and nothing for the batch");
        }
        assertEquals(List.of(ids[30], ids[31], ids[32], ids[33]), system.urgentEntities());
        int batchJobs = 0;
        for (int i = 0; i < 12; i++) {
            batchJobs += tick(world, system, 1 / 60f)[1];
        }
        assertEquals(0, batchJobs, "owed: the batch waits until the urgent jobs are earned back");
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void batchEveryCountsUrgentJobsAgainstTheBatchsJobsAndTheBatchTakesLonger(IoPolicy policy,
                                                                            Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.batchEvery(0.5)); // 20 entities: 4 jobs a 0.1 s tick
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 20);
        for (int i = 0; i < 10; i++) {
            tick(world, system, 0.1f);
        }
        assertEquals(0.5, system.stats().lastBatchSeconds(), 1e-6, "the control: a batch lasts its period");
        long batches = system.stats().batchesStarted();
        while (system.stats().batchesStarted() == batches) {
            tick(world, system, 0.1f);
        }
        int[] order = {ids[17], ids[3], ids[11], ids[0], ids[19], ids[8]};
        for (int id : order) {
            system.decideSoon(id);
        }
        int[] first = tick(world, system, 0.1f);
        int[] second = tick(world, system, 0.1f);
        assertEquals(4, first[0], "the first tick's release, all to urgent jobs");
        assertEquals(4, first[1]);
        assertEquals(2, second[0]);
        assertEquals(4, second[1], "the batch gets the rest");
        assertEquals(List.of(order[0], order[1], order[2], order[3], order[4], order[5]), system.urgentEntities());
        if (!policy.syncInput()) { // (with sync input, some of the batch's jobs were dropped for the urgent ones)
            batches = system.stats().batchesCompleted();
            while (system.stats().batchesCompleted() == batches) {
                tick(world, system, 0.1f);
            }
            assertTrue(system.stats().lastBatchSeconds() > 0.5 + 1e-6, "the batch took longer: "
                    + system.stats().lastBatchSeconds());
        }
        assertNoViolations(system);
        world.dispose();
    }

    /** A probe whose urgent jobs take {@link #urgentNanos} of the world's thread each. */
    private static UrgentProbe slowUrgentJobs(IoPolicy policy, Budget budget, long[] urgentNanos) {
        UrgentProbe system = new UrgentProbe(policy, budget);
        system.hook = (at, entity) -> {
            if (at == At.RUN_JOB && system.inUrgentRunJob()) {
                long until = System.nanoTime() + urgentNanos[0];
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        };
        return system;
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void aMillisBudgetOnTheWorldsThreadRunsUrgentJobsWhileItsTimeLastsAtLeastOneThenTheBatch(IoPolicy policy) {
        long[] urgentNanos = {2_000_000};
        UrgentProbe system = slowUrgentJobs(policy, Budget.millisPerTick(5), urgentNanos);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 300);
        tick(world, system, 1 / 60f);
        List<Integer> asked = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            asked.add(ids[(i * 37) % 300]);
            system.decideSoon(asked.get(i));
        }
        int served = 0;
        int ticks = 0;
        while (served < 7) {
            int[] counts = tick(world, system, 1 / 60f);
            ticks++;
            assertTrue(counts[0] >= 1 && counts[0] <= 3, "tick " + ticks + ": " + counts[0]
                    + " urgent jobs of 2 ms in a 5 ms budget");
            if (counts[0] == 3) {
                assertEquals(3, counts[1], "three urgent jobs spent the budget: no batch job");
            }
            served += counts[0];
        }
        assertEquals(asked, system.urgentEntities(), "first asked, first served");
        urgentNanos[0] = 8_000_000; // one job longer than the whole budget
        system.decideSoon(ids[5]);
        system.decideSoon(ids[6]);
        int[] counts = tick(world, system, 1 / 60f);
        assertEquals(1, counts[0], "at least one, even past the budget");
        assertEquals(1, counts[1], "and no time left for the batch");
        counts = tick(world, system, 1 / 60f);
        assertEquals(1, counts[0]);
        urgentNanos[0] = 0;
        counts = tick(world, system, 1 / 60f);
        assertEquals(0, counts[0]);
        assertTrue(counts[1] > 3, "the batch has the whole budget again: " + counts[1] + " jobs");
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    void aMillisBudgetOnWorkersServesUrgentJobsOnTheWorldsThreadAtLeastOneATickInOrder(Threading threading) {
        for (IoPolicy policy : IoPolicy.values()) {
            UrgentProbe system = slowUrgentJobs(policy, Budget.millisPerTick(0.5), new long[]{200_000});
            system.setThreading(threading);
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, 50);
            for (int i = 0; i < 3; i++) {
                tick(world, system, 1 / 60f);
            }
            List<Integer> asked = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                asked.add(ids[49 - 7 * i]);
                system.decideSoon(asked.get(i));
            }
            int served = 0;
            for (int ticks = 0; served < 6; ticks++) {
                assertTrue(ticks < 6, policy + ": at least one urgent job a tick");
                int[] counts = tick(world, system, 1 / 60f);
                assertTrue(counts[0] >= 1, policy + ": at least one urgent job a tick");
                served += counts[0];
            }
            assertEquals(asked, system.urgentEntities(), policy + ": first asked, first served");
            assertNoViolations(system);
            world.dispose();
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void urgentDecisionsAreSeenInTheirTickWhileTheBatchsComeWhenThePolicyAndThreadingSay(IoPolicy policy,
                                                                                         Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(4));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 16);
        Random random = new Random(7);
        tick(world, system, 0.1f); // the system is told of the entities
        for (int tick = 1; tick < 40; tick++) {
            int asks = random.nextInt(3);
            List<Integer> asked = new ArrayList<>();
            for (int i = 0; i < asks; i++) {
                int id = ids[random.nextInt(ids.length)];
                system.decideSoon(id);
                if (!asked.contains(id)) {
                    asked.add(id);
                }
            }
            tick(world, system, 0.1f);
            assertEquals(asked, system.urgentIn(tick), "tick " + tick);
            for (int id : asked) {
                assertEquals(tick, system.latestTick(id), "tick " + tick + ": entity " + id + " decided now");
            }
        }
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void decisionsPerSecondCountsTheBatchsJobsAloneAndTheJobCountsTheUrgentOnesToo(IoPolicy policy,
                                                                                Threading threading) {
        UrgentProbe control = new UrgentProbe(policy, Budget.jobsPerTick(100));
        UrgentProbe asked = new UrgentProbe(policy, Budget.jobsPerTick(100));
        control.setThreading(threading);
        asked.setThreading(threading);
        World controlWorld = TestWorlds.of(control);
        World askedWorld = TestWorlds.of(asked);
        TestWorlds.deciders(controlWorld, 10);
        int[] ids = TestWorlds.deciders(askedWorld, 10);
        for (int tick = 0; tick < 30; tick++) {
            for (int i = 0; i < tick % 4; i++) {
                asked.decideSoon(ids[(tick + 3 * i) % 10]);
            }
            tick(controlWorld, control, 0.1f);
            int[] counts = tick(askedWorld, asked, 0.1f);
            assertEquals(tick % 4, counts[0], "tick " + tick);
            assertEquals(control.stats().jobsRunLastTick() + counts[0], counts[1],
                    "tick " + tick + ": jobsRunLastTick counts the urgent jobs too");
            assertEquals(control.stats().decisionsPerSecond(), asked.stats().decisionsPerSecond(), 1e-9,
                    "tick " + tick + ": decisionsPerSecond counts the batch's jobs alone");
        }
        assertEquals(43, asked.stats().urgentJobsTotal());
        assertEquals(control.stats().jobsRunTotal() + 43, asked.stats().jobsRunTotal());
        assertEquals(100, control.stats().decisionsPerSecond(), 1e-4);
        assertNoViolations(asked);
        controlWorld.dispose();
        askedWorld.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void withNoHistoryUrgentDecisionsArePublishedInTheirTickAndNothingOlderIsPublishedAfter(IoPolicy policy,
                                                                                          Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2), TimeslicedSystem.NO_HISTORY);
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 9);
        Random random = new Random(11);
        Map<Integer, Long> published = new HashMap<>();
        tick(world, system, 0.1f);
        for (int tick = 1; tick < 80; tick++) {
            List<Integer> asked = new ArrayList<>();
            if (random.nextInt(3) == 0) {
                int id = ids[random.nextInt(ids.length)];
                system.decideSoon(id);
                asked.add(id);
            }
            int savesBefore = system.saves.size();
            tick(world, system, 0.1f);
            assertEquals(asked, system.urgentIn(tick));
            for (long[] save : system.saves.subList(savesBefore, system.saves.size())) {
                if (save[UrgentProbe.URGENT] == 1) {
                    assertEquals(tick, save[UrgentProbe.INPUT_TICK]);
                    assertEquals(tick, save[UrgentProbe.TICK]);
                }
                published.put((int) save[UrgentProbe.ENTITY], save[UrgentProbe.INPUT_TICK]);
            }
            for (int id : asked) {
                assertEquals(tick, published.get(id), "tick " + tick + ": the urgent decision of " + id + " published");
            }
            assertTrue(system.latestOutput(ids[0]) == null, "no history: no latest output");
        }
        assertTrue(system.stats().urgentJobsTotal() > 15);
        assertNoViolations(system); // every publication's input was no older than the entity's last one
        world.dispose();
    }

    @Test
    void withNoHistoryAndSyncOutputAStagedDecisionOlderThanAnUrgentOneIsNeverPublished() {
        for (IoPolicy policy : new IoPolicy[]{IoPolicy.SISO, IoPolicy.AISO}) {
            for (Threading threading : Threading.values()) {
                UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(1), TimeslicedSystem.NO_HISTORY);
                system.setThreading(threading);
                World world = TestWorlds.of(system);
                int[] ids = TestWorlds.deciders(world, 6);
                TestWorlds.run(world, 8, 0.1f); // the second batch has run 2 jobs (3 with workers next tick)
                system.decideSoon(ids[0]); // its output waits for the batch's end
                TestWorlds.run(world, 1, 0.1f);
                int savesBefore = system.saves.size();
                TestWorlds.run(world, 8, 0.1f); // past the batch's end
                int savesOfIt = 0;
                for (long[] save : system.saves.subList(savesBefore, system.saves.size())) {
                    if (save[UrgentProbe.ENTITY] == ids[0] && save[UrgentProbe.INPUT_TICK] < 8) {
                        savesOfIt++;
                    }
                }
                assertEquals(0, savesOfIt, policy + ", " + threading + ": the older staged decision was dropped");
                assertNoViolations(system);
                world.dispose();
            }
        }
    }
}
