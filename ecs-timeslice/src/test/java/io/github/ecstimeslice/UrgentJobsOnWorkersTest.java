package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A turn's urgent jobs under worker threading run together on the workers ({@link UrgentGroup}). */
class UrgentJobsOnWorkersTest {

    private static final float DELTA = 1 / 60f;
    private final ForkJoinPool pool = new ForkJoinPool(2);

    @AfterEach
    void closePool() {
        pool.shutdownNow();
    }

    /**
     * Records the threads that ran urgent jobs and, in order, every input read and output saved;
     * while {@link #meet} is set, each urgent job waits (a second at most) until two threads ran
     * urgent jobs, so a worker must have taken one.
     */
    static final class Recording extends StampSystem {
        final Set<Thread> urgentThreads = ConcurrentHashMap.newKeySet();
        final List<String> log = new ArrayList<>();
        /** Per entity, the tick its last saved output's input was read in. */
        final java.util.Map<Integer, Long> savedInputTicks = new java.util.HashMap<>();
        volatile CountDownLatch meet;
        Thread worldThread;

        Recording(IoPolicy policy, int historyDepth) {
            super(policy, Budget.jobsPerTick(2), historyDepth);
        }

        @Override
        protected void begin() {
            worldThread = Thread.currentThread();
        }

        @Override
        protected void setUpInput(int entityId, Stamp input) {
            super.setUpInput(entityId, input);
            log.add("read " + entityId);
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            super.runJob(entityId, input, output);
            CountDownLatch latch = meet;
            if (latch == null || !urgent()) {
                return;
            }
            if (urgentThreads.add(Thread.currentThread())) {
                latch.countDown();
            }
            try {
                latch.await(1, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /** True if the system's urgent jobs called: {@code UrgentJobs} on the world's thread, {@code UrgentGroup} on workers. */
        private static boolean urgent() {
            return StackWalker.getInstance().walk(frames -> frames.anyMatch(frame ->
                    frame.getClassName().equals(UrgentJobs.class.getName())
                            || frame.getClassName().equals(UrgentGroup.class.getName())));
        }

        @Override
        protected void outputSaved(int entityId, Stamp output) {
            super.outputSaved(entityId, output);
            log.add("saved " + entityId);
            savedInputTicks.put(entityId, output.tick);
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesOnWorkers")
    void aWaveOfUrgentJobsRunsOnTheWorkersAndIsSavedInTheOrderAskedInItsTick(IoPolicy policy, Threading threading) {
        for (int depth : new int[] {TimeslicedSystem.NO_HISTORY, 1}) {
            Recording system = new Recording(policy, depth);
            system.setThreading(threading, pool);
            system.setUrgentAllowance(40);
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, 40);
            TestWorlds.run(world, 25, DELTA); // every entity decided, the batches over
            int[] asked = {ids[31], ids[4], ids[17], ids[0], ids[25], ids[9], ids[38], ids[12]};
            for (int id : asked) {
                system.decideSoon(id);
            }
            system.log.clear();
            system.meet = new CountDownLatch(2);
            world.setDelta(DELTA);
            world.process();
            system.meet = null;
            long tick = system.stats().tick() - 1;
            assertEquals(8, system.stats().urgentJobsTotal());
            assertTrue(system.urgentThreads.size() >= 2 && system.urgentThreads.stream()
                    .anyMatch(thread -> thread != system.worldThread), "workers ran urgent jobs: " + system.urgentThreads);
            int first = system.log.indexOf("read " + asked[0]); // after the saves of jobs joined from the last tick
            List<String> urgentLog = system.log.subList(first, first + 16);
            for (int i = 0; i < asked.length; i++) {
                assertEquals("read " + asked[i], urgentLog.get(i), "every input first, in the order asked");
                assertEquals("saved " + asked[i], urgentLog.get(8 + i), "then every save, in the order asked");
                assertEquals(tick, system.savedInputTicks.get(asked[i]), "decided in the tick asked for, whatever the threading");
            }
            world.dispose();
        }
    }

    @Test
    void oneUrgentJobAloneRunsOnTheWorldsThreadAsItDoesWithNoWorkers() {
        Recording system = new Recording(IoPolicy.AIAO, 1);
        system.setThreading(Threading.WORKERS_SAME_TICK, pool);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 10);
        TestWorlds.run(world, 6, DELTA);
        system.decideSoon(ids[3]);
        system.meet = new CountDownLatch(1);
        world.setDelta(DELTA);
        world.process();
        assertEquals(Set.of(system.worldThread), system.urgentThreads);
        world.dispose();
    }
}
