package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link TimeslicedSystem#decideSoon}: urgent jobs, through a world, under every policy and threading. */
class DecideSoonTest {

    /** A stamp system that records every job it ran, in order, and can ask for urgent jobs from its hooks. */
    private static class Urgent extends StampSystem {
        final List<Integer> ran = new ArrayList<>();
        final Map<Integer, Integer> jobsOf = new HashMap<>();
        boolean askOnJoin;

        Urgent(IoPolicy policy, Budget budget) {
            super(policy, budget);
        }

        Urgent(IoPolicy policy, Budget budget, int historyDepth) {
            super(policy, budget, historyDepth);
        }

        @Override
        protected void entityJoined(int entityId) {
            if (askOnJoin) {
                decideSoon(entityId);
            }
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            super.runJob(entityId, input, output);
            synchronized (this) {
                ran.add(entityId);
                jobsOf.merge(entityId, 1, Integer::sum);
            }
        }

        /** The jobs run so far, read safely while next-tick jobs still run on workers. */
        synchronized List<Integer> ranSoFar() {
            return new ArrayList<>(ran);
        }

        synchronized int jobsOf(int entityId) {
            return jobsOf.getOrDefault(entityId, 0);
        }

        synchronized void forgetJobs() {
            ran.clear();
            jobsOf.clear();
        }
    }

    private static World worldWith(Urgent system, Threading threading) {
        system.setThreading(threading);
        return TestWorlds.of(system);
    }

    private static void tick(World world) {
        world.setDelta(0.1f);
        world.process();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aNewcomerAskedForFromEntityJoinedIsDecidedInItsFirstTick(IoPolicy policy, Threading threading) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(2));
        system.askOnJoin = true;
        World world = worldWith(system, threading);
        TestWorlds.deciders(world, 20);
        TestWorlds.run(world, 15, 0.1f); // the NPCs of the start are decided soon too: 10 ticks of them
        int newcomer = TestWorlds.deciders(world, 1)[0];
        tick(world);
        long joinTick = system.stats().tick() - 1;
        assertEquals(joinTick, system.latestTick(newcomer), "decided from input read in the tick it joined");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void decidingNewcomersSoonDecidesEveryJoinerInItsFirstTick(IoPolicy policy, Threading threading) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(2));
        World world = worldWith(system, threading);
        TestWorlds.deciders(world, 20);
        TestWorlds.run(world, 5, 0.1f);
        system.setDecideNewcomersSoon(true);
        int[] newcomers = TestWorlds.deciders(world, 2);
        tick(world);
        long joinTick = system.stats().tick() - 1;
        for (int newcomer : newcomers) {
            assertEquals(joinTick, system.latestTick(newcomer), "newcomer " + newcomer);
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void withoutBeingAskedForANewcomerWaitsForTheNextBatch(IoPolicy policy, Threading threading) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(2));
        World world = worldWith(system, threading);
        TestWorlds.deciders(world, 20);
        TestWorlds.run(world, 3, 0.1f);
        int newcomer = TestWorlds.deciders(world, 1)[0];
        tick(world);
        assertNull(system.latestTick(newcomer), "the control: no decision in its first tick");
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void urgentJobsTakeTheBudgetFirstAskedFirstServedAndTheBatchGetsTheRest(IoPolicy policy) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(3));
        World world = worldWith(system, Threading.WORLD_THREAD);
        int[] ids = TestWorlds.deciders(world, 10);
        TestWorlds.run(world, 2, 0.1f); // the batch's first 6 jobs
        system.ran.clear();
        int[] asked = {ids[9], ids[7], ids[8], ids[2], ids[9]}; // ids[9] twice: one job
        for (int id : asked) {
            system.decideSoon(id);
        }
        tick(world);
        assertEquals(List.of(ids[9], ids[7], ids[8]), system.ran, "three urgent jobs, in the order asked");
        assertEquals(3, system.stats().jobsRunLastTick());
        tick(world);
        // the batch goes on where it was; with sync input it drops the jobs of 7, 8 and 9, read in tick 0
        assertEquals(policy.syncInput() ? List.of(ids[9], ids[7], ids[8], ids[2], ids[6])
                : List.of(ids[9], ids[7], ids[8], ids[2], ids[6], ids[7]), system.ran,
                "the last urgent job, then the batch");
        assertEquals(4, system.stats().urgentJobsTotal());
    }

    @Test
    void atLeastOneUrgentJobRunsInATickWhoseBudgetReleasesNone() {
        Urgent system = new Urgent(IoPolicy.AIAO, Budget.jobsPerSecond(1));
        World world = worldWith(system, Threading.WORLD_THREAD);
        int[] ids = TestWorlds.deciders(world, 4);
        world.setDelta(1 / 60f);
        world.process(); // releases nothing yet
        system.decideSoon(ids[1]);
        system.decideSoon(ids[3]);
        system.ran.clear();
        world.process();
        assertEquals(List.of(ids[1]), system.ran);
        world.process();
        assertEquals(List.of(ids[1], ids[3]), system.ran);
        for (int tick = 0; tick < 50; tick++) {
            world.process(); // the two jobs are owed: the batch waits for them to be earned back
        }
        assertEquals(List.of(ids[1], ids[3]), system.ran, "the batch pays the urgent jobs back first");
    }

    @Test
    void whatUrgentJobsOweAGameTimeBudgetIsAtMostOneTicksReleaseAndAJob() {
        Urgent system = new Urgent(IoPolicy.AIAO, Budget.jobsPerSecond(1));
        World world = worldWith(system, Threading.WORLD_THREAD);
        int[] ids = TestWorlds.deciders(world, 8);
        world.setDelta(1 / 60f);
        world.process();
        for (int i = 0; i < 6; i++) { // six urgent jobs in six ticks: five more than the budget released
            system.decideSoon(ids[i]);
            world.process();
        }
        system.ran.clear();
        int ticks = 0;
        while (system.ran.isEmpty() && ticks < 600) {
            world.process();
            ticks++;
        }
        // owing 1 + 1/60 jobs, the batch earns 2 + 1/60 before its next job: 121 ticks (owing six, 420)
        assertTrue(ticks <= 122, "the batch's next job came after " + ticks + " ticks");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityThatLeavesBeforeItsUrgentJobGetsNoneNorDoesTheEntityThatTakesItsId(IoPolicy policy,
                                                                                    Threading threading) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(1));
        World world = worldWith(system, threading);
        int[] ids = TestWorlds.deciders(world, 6);
        TestWorlds.run(world, 2, 0.1f);
        system.decideSoon(ids[4]);
        world.delete(ids[4]);
        tick(world); // the deletion reaches the system before its turn
        int recycled = TestWorlds.deciders(world, 1)[0];
        assertEquals(ids[4], recycled, "artemis gives the id again");
        system.forgetJobs();
        tick(world);
        List<Integer> ran = system.ranSoFar();
        assertTrue(!ran.contains(recycled), "no urgent job for the id: " + ran);
        assertEquals(0, system.stats().urgentJobsTotal());
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anEntityDecidedSoonKeepsItsPlaceInItsBatchWhenItsBatchJobReadsLater(IoPolicy policy, Threading threading) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(2));
        World world = worldWith(system, threading);
        int[] ids = TestWorlds.deciders(world, 10);
        TestWorlds.run(world, 1, 0.1f); // the first batch starts in tick 0 and runs its first 2 jobs
        system.decideSoon(ids[8]);
        system.forgetJobs();
        long batches = system.stats().batchesStarted();
        while (system.stats().batchesStarted() == batches) {
            tick(world);
        }
        // async input reads its batch job's input later than the urgent job's: the batch job runs.
        // sync input read it at the batch's start, in an earlier tick: that older decision is dropped
        int expected = policy.syncInput() ? 1 : 2;
        assertEquals(expected, system.jobsOf(ids[8]), "jobs for the entity asked for");
        assertEquals(1, system.jobsOf(ids[9]), "jobs for its neighbour");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void theGameNeverSeesAnUrgentDecisionReplacedByOneFromOlderInput(IoPolicy policy, Threading threading) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(1));
        World world = worldWith(system, threading);
        int[] ids = TestWorlds.deciders(world, 6);
        Map<Integer, Long> seen = new HashMap<>();
        for (int tick = 0; tick < 60; tick++) {
            if (tick % 4 == 1) {
                system.decideSoon(ids[tick % ids.length]);
            }
            tick(world);
            for (int id : ids) {
                Long latest = system.latestTick(id);
                Long before = seen.get(id);
                if (latest != null) {
                    assertTrue(before == null || latest >= before,
                            "entity " + id + " went from input of tick " + before + " to " + latest + " in tick " + tick);
                    seen.put(id, latest);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anUrgentSaveIsInTheHistoryStampedWithItsTick(IoPolicy policy, Threading threading) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(1));
        World world = worldWith(system, threading);
        int[] ids = TestWorlds.deciders(world, 8);
        TestWorlds.run(world, 3, 0.1f);
        system.decideSoon(ids[6]);
        tick(world);
        DecisionHistory<Stamp> history = system.historyOf(ids[6]);
        assertEquals(3, history.savedAtTick(0));
        assertEquals(3, history.output(0).tick);
        assertEquals(0.4, history.savedAtSeconds(0), 1e-6);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void withNoHistoryAnUrgentDecisionIsPublished(IoPolicy policy, Threading threading) {
        List<Long> published = new ArrayList<>();
        Urgent system = new Urgent(policy, Budget.jobsPerTick(1), TimeslicedSystem.NO_HISTORY);
        system.observedBy(new StampSystem.Observer() {
            @Override
            public void jobRan(StampSystem s, int entityId, Stamp input) {
            }

            @Override
            public void outputSaved(StampSystem s, int entityId, Stamp output) {
                if (entityId == 6) {
                    published.add(output.tick);
                }
            }
        });
        World world = worldWith(system, threading);
        TestWorlds.deciders(world, 8);
        TestWorlds.run(world, 3, 0.1f);
        system.decideSoon(6);
        tick(world);
        assertEquals(List.of(3L), published);
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void askedDuringItsOwnTurnAnEntityIsDecidedInTheNextTurn(IoPolicy policy) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(1)) {
            @Override
            protected void outputSaved(int entityId, Stamp output) {
                if (entityId == 0 && output.tick == 0 && policy.syncOutput() == false) {
                    decideSoon(5);
                }
            }

            @Override
            protected void setUpInput(int entityId, Stamp input) {
                super.setUpInput(entityId, input);
                if (entityId == 0 && stats().tick() == 0) {
                    decideSoon(5);
                }
            }
        };
        World world = worldWith(system, Threading.WORLD_THREAD);
        TestWorlds.deciders(world, 8);
        tick(world);
        assertEquals(List.of(0), system.ran, "tick 0: the batch's first job alone");
        tick(world);
        assertEquals(List.of(0, 5), system.ran, "tick 1: the urgent job takes the tick's one job");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anUrgentJobThatFailsIsReportedNamingItsEntityAndTheOthersRun(IoPolicy policy, Threading threading) {
        Urgent system = new Urgent(policy, Budget.jobsPerTick(3)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                if (entityId == 4 && input.tick == 2) {
                    throw new IllegalStateException("no target");
                }
                super.runJob(entityId, input, output);
            }
        };
        World world = worldWith(system, threading);
        TestWorlds.deciders(world, 9);
        TestWorlds.run(world, 2, 0.1f);
        system.decideSoon(4);
        system.decideSoon(5);
        JobFailedException failed = assertThrows(JobFailedException.class, () -> tick(world));
        assertEquals(4, failed.entityId());
        assertEquals(2, system.latestTick(5), "the other urgent job ran and was saved");
    }

    @Test
    void aNegativeEntityIdIsRefusedNamingIt() {
        Urgent system = new Urgent(IoPolicy.AIAO, Budget.jobsPerTick(1));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> system.decideSoon(-3));
        assertTrue(refused.getMessage().contains("-3"), refused.getMessage());
    }
}
