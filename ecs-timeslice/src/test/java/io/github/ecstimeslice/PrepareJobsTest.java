package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrepareJobsTest {

    /** Counts what the world's thread does, in order: "prepare", or the tick of an input read. */
    private static class Preparing extends StampSystem {
        final List<String> events = new ArrayList<>();
        final AtomicInteger running = new AtomicInteger();
        /** Bumped by every prepareJobs: what a job reads, as a shared candidate list would be. */
        volatile int prepared;
        final AtomicInteger preparedWhileRunning = new AtomicInteger();
        final AtomicInteger changedUnderAJob = new AtomicInteger();
        int throwsLeft;

        Preparing(IoPolicy policy, Budget budget) {
            super(policy, budget);
        }

        @Override
        protected void prepareJobs() {
            if (running.get() != 0) {
                preparedWhileRunning.incrementAndGet();
            }
            if (throwsLeft > 0) {
                throwsLeft--;
                throw new IllegalStateException("no candidates today");
            }
            prepared++;
            events.add("prepare");
        }

        @Override
        protected void setUpInput(int entityId, Stamp input) {
            super.setUpInput(entityId, input);
            events.add("input " + stats().tick());
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            running.incrementAndGet();
            int seen = prepared;
            long until = System.nanoTime() + 200_000;
            while (System.nanoTime() < until && prepared == seen) {
                Thread.onSpinWait(); // long enough for a world's thread that prepares too soon to meet it
            }
            if (prepared != seen) {
                changedUnderAJob.incrementAndGet();
            }
            super.runJob(entityId, input, output);
            running.decrementAndGet();
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void prepareJobsRunsOnlyWhileNoJobOfTheSystemRuns(IoPolicy policy, Threading threading) {
        Preparing system = new Preparing(policy, Budget.jobsPerTick(10));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 50);
        for (int tick = 0; tick < 30; tick++) {
            world.setDelta(0.1f);
            world.process();
            // the rest of the frame: next-tick jobs run on now, and the next tick must not prepare under them
            long until = System.nanoTime() + 1_000_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
        world.dispose();
        assertTrue(system.prepared >= 5, "prepared " + system.prepared + " times");
        assertEquals(0, system.preparedWhileRunning.get(), "prepareJobs calls while a job ran");
        assertEquals(0, system.changedUnderAJob.get(), "jobs that saw the prepared data change");
    }

    @ParameterizedTest
    @EnumSource(value = IoPolicy.class, names = {"AIAO", "AISO"})
    void withAsyncInputPrepareJobsComesOnceInEachTickThatReadsInputsBeforeTheFirst(IoPolicy policy) {
        Preparing system = new Preparing(policy, Budget.jobsPerSecond(30)); // a job every other tick at 60 Hz
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        for (int tick = 0; tick < 40; tick++) {
            system.events.clear();
            world.setDelta(1 / 60f);
            world.process();
            boolean read = system.events.stream().anyMatch(event -> event.startsWith("input"));
            if (read) {
                assertEquals("prepare", system.events.get(0), "tick " + tick + ": " + system.events);
                assertEquals(1, system.events.stream().filter("prepare"::equals).count(), "tick " + tick + ": " + system.events);
            } else {
                assertEquals(List.of(), system.events, "tick " + tick + " read no input");
            }
        }
        assertTrue(system.prepared >= 15, "prepared " + system.prepared + " times");
    }

    @ParameterizedTest
    @EnumSource(value = IoPolicy.class, names = {"SIAO", "SISO"})
    void withSyncInputPrepareJobsComesOnceAtEachBatchStartBeforeItsInputs(IoPolicy policy) {
        Preparing system = new Preparing(policy, Budget.jobsPerTick(2));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        TestWorlds.run(world, 30, 1 / 60f);
        // each batch: prepare, then its five inputs, all read in the tick it starts
        List<String> expected = new ArrayList<>();
        for (long batch = 0; batch < system.stats().batchesStarted(); batch++) {
            long start = batch * 3; // five jobs at two a tick: a batch every three ticks
            expected.add("prepare");
            for (int i = 0; i < 5; i++) {
                expected.add("input " + start);
            }
        }
        assertEquals(expected, system.events);
        assertEquals(10, system.prepared);
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void aThrowFromPrepareJobsStartsNoJobInThatTickAndTheNextTickPreparesAgain(IoPolicy policy) {
        Preparing system = new Preparing(policy, Budget.jobsPerTick(2));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        TestWorlds.run(world, 3, 1 / 60f); // tick 3 starts jobs, and a batch (five jobs at two a tick)
        long jobsBefore = system.stats().jobsRunTotal();
        system.throwsLeft = 1;
        world.setDelta(1 / 60f);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, world::process);
        assertEquals("no candidates today", thrown.getMessage());
        assertEquals(jobsBefore, system.stats().jobsRunTotal(), "no job ran in the tick whose prepareJobs threw");
        int prepared = system.prepared;
        TestWorlds.run(world, 3, 1 / 60f);
        assertTrue(system.stats().jobsRunTotal() > jobsBefore, "jobs run again");
        assertTrue(system.prepared > prepared, "prepared again");
    }
}
