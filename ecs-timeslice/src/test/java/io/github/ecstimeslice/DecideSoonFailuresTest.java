package io.github.ecstimeslice;

import com.artemis.World;
import io.github.ecstimeslice.UrgentProbe.At;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Urgent jobs whose callbacks fail: each failure is reported at the end of the tick as a
 * {@link JobFailedException} naming the entity, the tick's other jobs run, the entity's state stays
 * sane and the next tick works.
 */
class DecideSoonFailuresTest {

    private static final float DELTA = 0.1f;

    /** What the tests throw: any other exception out of a tick is a failure of the library. */
    static final class Provoked extends RuntimeException {
        Provoked(String message) {
            super(message);
        }
    }

    /** A probe whose {@code createOutput} and {@code createInput} throw while armed. */
    static final class Fragile extends UrgentProbe {
        int createOutputFailures;
        int createInputFailures;

        Fragile(IoPolicy policy, Budget budget) {
            super(policy, budget);
        }

        Fragile(IoPolicy policy, Budget budget, int historyDepth) {
            super(policy, budget, historyDepth);
        }

        @Override
        protected Stamp createOutput() {
            if (createOutputFailures > 0) {
                createOutputFailures--;
                throw new Provoked("createOutput");
            }
            return super.createOutput();
        }

        @Override
        protected Stamp createInput() {
            if (createInputFailures > 0) {
                createInputFailures--;
                throw new Provoked("createInput");
            }
            return super.createInput();
        }
    }

    private static void tick(World world) {
        world.setDelta(DELTA);
        world.process();
    }

    private static int[] withSerials(World world, int count) {
        int[] ids = new int[count];
        for (int i = 0; i < count; i++) {
            ids[i] = world.create();
            world.getMapper(Serial.class).create(ids[i]).value = 1000 + ids[i];
            world.getMapper(Decides.class).create(ids[i]);
        }
        return ids;
    }

    private static void assertNoViolations(UrgentProbe system) {
        assertTrue(system.violations.isEmpty(), String.join("\n", system.violations));
    }

    /** Runs ticks until the entity has an output, at most {@code ticks}; fails if none came. */
    private static void untilDecided(World world, UrgentProbe system, int entity, int ticks) {
        for (int i = 0; i < ticks && system.latestOutput(entity) == null; i++) {
            tick(world);
        }
        assertNotNull(system.latestOutput(entity), "entity " + entity + " was decided again");
        assertEquals(1000 + entity, system.latestOutput(entity).serial);
    }

    /** The batch numbers of the entity's batch jobs. */
    private static List<Long> batchJobsOf(UrgentProbe system, int entity) {
        List<Long> batches = new ArrayList<>();
        for (long[] job : system.batchJobs) {
            if (job[UrgentProbe.ENTITY] == entity) {
                batches.add(job[UrgentProbe.BATCH]);
            }
        }
        return batches;
    }

    /**
     * Ten entities, two jobs a tick: the first batch starts in tick 0, and by tick 2 has run four of
     * its jobs. Asks for {@code target} (slot 8, whose batch job has not run) and {@code other}
     * (slot 1, whose has) before tick 2, and runs tick 2 with the probe's hook as given: returns
     * what tick 2 threw.
     */
    private static Throwable tickTwoWith(UrgentProbe system, World world, int target, int other) {
        TestWorlds.run(world, 2, DELTA);
        long batches = system.stats().batchesStarted();
        system.decideSoon(target);
        system.decideSoon(other);
        Throwable thrown = null;
        try {
            tick(world);
        } catch (Throwable failed) {
            thrown = failed;
        }
        assertEquals(batches, system.stats().batchesStarted(), "no batch starts in tick 2");
        return thrown;
    }

    private static void assertReportedFor(Throwable thrown, int entity, Provoked cause) {
        assertTrue(thrown instanceof JobFailedException, "a JobFailedException, not " + thrown);
        JobFailedException failed = (JobFailedException) thrown;
        assertEquals(entity, failed.entityId());
        assertSame(cause, failed.getCause());
        assertEquals(0, failed.getSuppressed().length, "one failure in the tick");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anUrgentJobWhoseSetUpInputThrowsIsReportedAndTheEntityKeepsItsBatchJobWithAsyncInput(IoPolicy policy,
                                                                                              Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = withSerials(world, 10);
        int target = ids[8];
        int other = ids[1];
        Provoked provoked = new Provoked("setUpInput");
        boolean[] thrown = {false};
        system.hook = (at, entity) -> {
            if (at == At.SET_UP_INPUT && entity == target && system.stats().tick() == 2 && !thrown[0]) {
                thrown[0] = true; // the first input read for the target in tick 2: its urgent job's
                throw provoked;
            }
        };
        assertReportedFor(tickTwoWith(system, world, target, other), target, provoked);
        assertEquals(List.of(other), system.urgentIn(2), "the other urgent job ran");
        assertEquals(2, system.latestTick(other));
        assertNull(system.latestOutput(target), "no output from a job that never ran");
        tick(world); // the next tick works
        if (!policy.syncInput()) {
            untilDecided(world, system, target, 6);
            assertEquals(List.of(1L), batchJobsOf(system, target), "its job in the first batch, kept");
            assertTrue(system.latestTick(target) >= 3);
        }
        untilDecided(world, system, target, 12);
        system.decideSoon(target);
        tick(world);
        assertEquals(system.stats().tick() - 1, system.latestTick(target), "a later urgent job works");
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anUrgentJobWhoseRunJobThrowsIsReportedSavesNothingAndTheNextTickWorks(IoPolicy policy,
                                                                               Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = withSerials(world, 10);
        int target = ids[8];
        int other = ids[1];
        Provoked provoked = new Provoked("runJob");
        system.hook = (at, entity) -> {
            if (at == At.RUN_JOB && system.inUrgentRunJob() && entity == target) {
                throw provoked;
            }
        };
        assertReportedFor(tickTwoWith(system, world, target, other), target, provoked);
        assertEquals(List.of(target, other), system.urgentIn(2), "both ran, in the order asked");
        assertEquals(2, system.stats().urgentJobsTotal(), "the failed job started: it counts");
        assertEquals(2, system.stats().jobsRunLastTick());
        assertEquals(2, system.latestTick(other));
        assertNull(system.latestOutput(target), "a failed job saves nothing");
        tick(world);
        if (!policy.syncInput()) {
            untilDecided(world, system, target, 6);
            assertEquals(List.of(1L), batchJobsOf(system, target), "its job in the first batch, kept");
        }
        untilDecided(world, system, target, 12);
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void anUrgentJobWhoseOutputSavedThrowsIsReportedWithItsOutputSavedAsTheLatest(IoPolicy policy,
                                                                                 Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = withSerials(world, 10);
        int target = ids[8];
        int other = ids[1];
        Provoked provoked = new Provoked("outputSaved");
        system.hook = (at, entity) -> {
            if (at == At.OUTPUT_SAVED && entity == target
                    && system.saves.get(system.saves.size() - 1)[UrgentProbe.URGENT] == 1) {
                throw provoked;
            }
        };
        assertReportedFor(tickTwoWith(system, world, target, other), target, provoked);
        assertEquals(List.of(target, other), system.urgentIn(2));
        assertEquals(2, system.latestTick(target), "saved before it was published: the latest");
        assertEquals(2, system.historyOf(target).savedAtTick(0));
        assertEquals(1000 + target, system.latestOutput(target).serial);
        assertEquals(2, system.latestTick(other), "the job after it ran and was saved");
        TestWorlds.run(world, 15, DELTA);
        assertTrue(system.latestTick(target) > 2, "decided again by a batch");
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aNewcomersUrgentJobWhoseCreateOutputThrowsIsReportedAndTheNewcomerIsDecidedLater(IoPolicy policy,
                                                                                          Threading threading) {
        Fragile system = new Fragile(policy, Budget.jobsPerTick(2));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        withSerials(world, 8);
        TestWorlds.run(world, 3, DELTA);
        system.setDecideNewcomersSoon(true);
        int[] newcomers = withSerials(world, 2);
        system.createOutputFailures = 1; // the first newcomer's first output object
        JobFailedException failed = assertThrows(JobFailedException.class, () -> tick(world));
        assertEquals(newcomers[0], failed.entityId());
        assertTrue(failed.getCause() instanceof Provoked);
        assertNull(system.latestOutput(newcomers[0]));
        assertNull(system.historyOf(newcomers[0]));
        assertEquals(3, system.latestTick(newcomers[1]), "the other newcomer was decided in its first tick");
        tick(world); // the next tick works
        untilDecided(world, system, newcomers[0], 12);
        system.decideSoon(newcomers[0]);
        tick(world);
        assertEquals(system.stats().tick() - 1, system.latestTick(newcomers[0]));
        DecisionHistory<Stamp> history = system.historyOf(newcomers[0]);
        assertEquals(system.stats().tick() - 1, history.savedAtTick(0), "its history works");
        assertEquals(1000 + newcomers[0], history.output(0).serial);
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void withNoHistoryTheFirstUrgentJobsFactoriesFailingAreReportedAndTheNextUrgentJobWorks(IoPolicy policy,
                                                                                           Threading threading) {
        Fragile system = new Fragile(policy, Budget.jobsPerTick(2), TimeslicedSystem.NO_HISTORY);
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = withSerials(world, 6);
        TestWorlds.run(world, 3, DELTA); // the batch's objects exist: only the urgent jobs' are still to make
        system.createInputFailures = 1;
        system.decideSoon(ids[4]);
        RuntimeException first = assertThrows(RuntimeException.class, () -> tick(world));
        assertTrue(first.getCause() instanceof Provoked || first instanceof Provoked, "reported: " + first);
        system.createOutputFailures = 1;
        system.decideSoon(ids[4]);
        RuntimeException second = assertThrows(RuntimeException.class, () -> tick(world));
        assertTrue(second.getCause() instanceof Provoked || second instanceof Provoked, "reported: " + second);
        system.decideSoon(ids[4]);
        tick(world);
        long tick = system.stats().tick() - 1;
        assertEquals(List.of(ids[4]), system.urgentIn(tick));
        long[] save = null;
        for (long[] s : system.saves) {
            if (s[UrgentProbe.ENTITY] == ids[4] && s[UrgentProbe.URGENT] == 1) {
                save = s;
            }
        }
        assertNotNull(save, "the urgent decision was published");
        assertEquals(tick, save[UrgentProbe.TICK]);
        assertEquals(tick, save[UrgentProbe.INPUT_TICK]);
        TestWorlds.run(world, 6, DELTA);
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void manyFailingUrgentJobsAreReportedAsOneExceptionInTheOrderAsked(IoPolicy policy, Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(8));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = withSerials(world, 20);
        TestWorlds.run(world, 1, DELTA);
        system.hook = (at, entity) -> {
            if (at == At.RUN_JOB && system.inUrgentRunJob()) {
                throw new Provoked("urgent " + entity);
            }
        };
        int[] order = {ids[17], ids[2], ids[19], ids[0], ids[5], ids[13], ids[8], ids[1]};
        for (int id : order) {
            system.decideSoon(id);
        }
        JobFailedException failed = assertThrows(JobFailedException.class, () -> tick(world));
        assertEquals(order[0], failed.entityId());
        Throwable[] attached = failed.getSuppressed();
        assertEquals(5, attached.length, "four failures and the note of the rest");
        for (int i = 0; i < 4; i++) {
            assertEquals(order[i + 1], ((JobFailedException) attached[i]).entityId(), "failure " + (i + 1));
        }
        assertEquals(3, failed.moreFailures());
        assertEquals(8, system.stats().urgentJobsTotal());
        for (long[] save : system.saves) {
            assertTrue(save[UrgentProbe.URGENT] == 0, "no failed urgent job was saved: " + save[UrgentProbe.ENTITY]);
        }
        system.hook = (at, entity) -> {
        };
        tick(world);
        TestWorlds.run(world, 12, DELTA);
        for (int id : ids) {
            assertNotNull(system.latestOutput(id), "entity " + id);
        }
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aVmErrorFromAnUrgentJobLeavesAtOnceAndTheJobsBehindItRunNextTickOrRanWithItOnWorkers(IoPolicy policy,
                                                                                   Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(3));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = withSerials(world, 12);
        TestWorlds.run(world, 2, DELTA);
        boolean[] thrown = {false};
        system.hook = (at, entity) -> {
            if (at == At.RUN_JOB && system.inUrgentRunJob() && entity == ids[6] && !thrown[0]) {
                thrown[0] = true;
                throw new StackOverflowError("provoked");
            }
        };
        system.decideSoon(ids[6]);
        system.decideSoon(ids[9]);
        system.decideSoon(ids[3]);
        StackOverflowError error = assertThrows(StackOverflowError.class, () -> tick(world));
        assertEquals("provoked", error.getMessage());
        List<Integer> ran = threading == Threading.WORLD_THREAD ? List.of(ids[6]) : List.of(ids[6], ids[9], ids[3]);
        assertEquals(ran, system.urgentIn(2), "it left at once (on workers, after its group ran)");
        tick(world);
        if (threading == Threading.WORLD_THREAD) {
            assertEquals(List.of(ids[9], ids[3]), system.urgentIn(3), "the rest, in order, in the next tick");
            assertEquals(3, system.latestTick(ids[9]));
            assertEquals(3, system.latestTick(ids[3]));
        } else {
            assertEquals(List.of(), system.urgentIn(3), "on workers the rest ran with it, and get nothing, as a batch's");
            Long latest = system.latestTick(ids[9]);
            assertTrue(latest == null || latest < 2, "its group's output was not saved: " + latest);
        }
        TestWorlds.run(world, 12, DELTA);
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesOnWorkers")
    void onWorkersAVmErrorReadingAGroupsInputLeavesBeforeAnyJobAndTheOthersWaitForTheNextTurn(IoPolicy policy,
                                                                                              Threading threading) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(3));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = withSerials(world, 12);
        TestWorlds.run(world, 2, DELTA);
        boolean[] thrown = {false};
        system.hook = (at, entity) -> {
            if (at == At.SET_UP_INPUT && entity == ids[9] && !thrown[0] && system.stats().urgentJobsTotal() == 0) {
                thrown[0] = true;
                throw new OutOfMemoryError("provoked");
            }
        };
        system.decideSoon(ids[6]);
        system.decideSoon(ids[9]);
        system.decideSoon(ids[3]);
        OutOfMemoryError error = assertThrows(OutOfMemoryError.class, () -> tick(world));
        assertEquals("provoked", error.getMessage());
        assertEquals(0, system.stats().urgentJobsTotal(), "no job ran, none counted");
        assertEquals(2, system.stats().urgentAsksWaiting(), "the one read before waits, and the one not read yet; the failed one not");
        tick(world);
        assertEquals(List.of(ids[6], ids[3]), system.urgentIn(3), "in the next turn, in the order asked");
        assertNoViolations(system);
        world.dispose();
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void anUrgentJobThatFailsOnTheWorldsThreadIsNotToldTheWorkerRule(IoPolicy policy) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        system.setThreading(Threading.WORKERS_SAME_TICK);
        World world = TestWorlds.of(system);
        int[] ids = withSerials(world, 6);
        TestWorlds.run(world, 2, DELTA);
        system.hook = (at, entity) -> {
            if (at == At.RUN_JOB && system.inUrgentRunJob()) {
                world.getMapper(Serial.class).get(-1); // fails inside artemis, as a job touching the world on a worker would

            }
        };
        system.decideSoon(ids[2]);
        JobFailedException failed = assertThrows(JobFailedException.class, () -> tick(world));
        assertEquals(ids[2], failed.entityId());
        assertTrue(failed.getCause().getStackTrace()[0].getClassName().startsWith("com.artemis."));
        assertTrue(!failed.getMessage().contains(TickFailures.WORKER_RULE), "it ran on the world's thread: "
                + failed.getMessage());
        world.dispose();
    }

    /**
     * An urgent job whose input fails makes no decision, so its entity's older batch job (staged
     * with sync output, or read at the batch's start with sync input) stays: dropped before the
     * urgent input (as first written), the entity lost both decisions and waited a whole batch more.
     */
    @ParameterizedTest
    @EnumSource(value = IoPolicy.class, names = {"SIAO", "SISO", "AISO"})
    void anUrgentJobWhoseInputFailsLeavesTheEntityItsBatchDecision(IoPolicy policy) {
        UrgentProbe system = new UrgentProbe(policy, Budget.jobsPerTick(2));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 10);
        TestWorlds.run(world, 3, 0.1f); // batch 1 (inputs read in tick 0 with sync input) ran slots 0 to 5
        int target = policy.syncOutput() ? ids[1] : ids[8]; // staged, or not run yet with its input read in tick 0
        boolean[] thrown = {false};
        system.hook = (at, entity) -> {
            if (at == At.SET_UP_INPUT && entity == target && system.stats().tick() == 3 && !thrown[0]) {
                thrown[0] = true; // the urgent job's input: no batch starts in tick 3
                throw new IllegalStateException("provoked");
            }
        };
        system.decideSoon(target);
        assertThrows(JobFailedException.class, () -> {
            world.setDelta(0.1f);
            world.process();
        });
        long batches = system.stats().batchesStarted();
        while (system.stats().batchesStarted() == batches) {
            TestWorlds.run(world, 1, 0.1f);
        }
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(0L, system.latestTick(target), "its batch decision, from the batch's start in tick 0");
        world.dispose();
    }
}
