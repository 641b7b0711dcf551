package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.annotations.All;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParallelIteratingSystemTest {

    private final ForkJoinPool pool = new ForkJoinPool(2);

    @AfterEach
    void shutDown() {
        pool.shutdownNow();
    }

    /** Hands every subscription, however small, to the test's pool and the world thread. */
    private void onWorkers(ParallelIteratingSystem system) {
        system.setThreading(Threading.WORKERS_SAME_TICK, pool);
        system.setMinEntitiesForWorkers(1);
    }

    /** Counts, per entity id, how many times it was processed. */
    static class CountingSystem extends ParallelIteratingSystem {
        final AtomicIntegerArray processed = new AtomicIntegerArray(20_000);
        final Set<String> threads = ConcurrentHashMap.newKeySet();

        CountingSystem() {
            super(Aspect.all(Decides.class)); // an aspect that anonymous subclasses keep
        }

        @Override
        protected void process(int entityId) {
            processed.incrementAndGet(entityId);
            threads.add(Thread.currentThread().getName());
        }
    }

    @ParameterizedTest(name = "{0} entities")
    @ValueSource(ints = {0, 1, 2, 31, 1000, 12_345})
    void everyEntityIsProcessedExactlyOnceEveryTickOnWorkers(int count) {
        CountingSystem system = new CountingSystem();
        onWorkers(system);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, count);
        TestWorlds.run(world, 200, 1 / 60f);
        for (int id : ids) {
            assertEquals(200, system.processed.get(id), "entity " + id);
        }
        int total = 0;
        for (int i = 0; i < system.processed.length(); i++) {
            total += system.processed.get(i);
        }
        assertEquals(200 * count, total, "no entity outside the subscription, none twice");
    }

    @Test
    void entitiesThatComeAndGoAreProcessedOnlyWhileSubscribed() {
        CountingSystem system = new CountingSystem();
        onWorkers(system);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3000);
        TestWorlds.run(world, 10, 1 / 60f);
        for (int i = 0; i < ids.length; i += 3) {
            world.delete(ids[i]);
        }
        TestWorlds.run(world, 10, 1 / 60f);
        for (int i = 0; i < ids.length; i++) {
            // a delete takes effect before the next system runs: the deleting tick (outside any
            // system here) already skips it
            assertEquals(i % 3 == 0 ? 10 : 20, system.processed.get(ids[i]), "entity " + ids[i]);
        }
    }

    @ParameterizedTest(name = "the {0} thread is held up")
    @ValueSource(strings = {"world", "worker"})
    void whileOneSideIsHeldUpTheOtherTakesChunks(String heldUp) {
        // the held-up side waits inside process() until the other side has processed an entity:
        // the tick ends only if the other side takes chunks on its own
        CountDownLatch otherSideProcessed = new CountDownLatch(1);
        String worldThread = Thread.currentThread().getName();
        CountingSystem system = new CountingSystem() {
            @Override
            protected void process(int entityId) {
                super.process(entityId);
                boolean onWorldThread = Thread.currentThread().getName().equals(worldThread);
                if (onWorldThread == heldUp.equals("world")) {
                    awaitQuietly(otherSideProcessed);
                } else {
                    otherSideProcessed.countDown();
                }
            }
        };
        onWorkers(system);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 1000);
        TestWorlds.run(world, 1, 1 / 60f);
        assertEquals(0, otherSideProcessed.getCount(), "the other side processed entities: " + system.threads);
        for (int id : ids) {
            assertEquals(1, system.processed.get(id), "entity " + id);
        }
    }

    @Test
    void aSubscriptionBelowTheMinimumStaysOnTheWorldThread() {
        CountingSystem system = new CountingSystem();
        system.setThreading(Threading.WORKERS_SAME_TICK, pool);
        system.setMinEntitiesForWorkers(5000);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 4999);
        TestWorlds.run(world, 20, 1 / 60f);
        assertEquals(Set.of(Thread.currentThread().getName()), system.threads);
    }

    @Test
    void theWorldThreadSettingNeverLeavesTheWorldThread() {
        CountingSystem system = new CountingSystem();
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 20_000 - 1);
        TestWorlds.run(world, 5, 1 / 60f);
        assertEquals(Threading.WORLD_THREAD, system.threading());
        assertEquals(Set.of(Thread.currentThread().getName()), system.threads);
    }

    @Test
    void aFailureOnAWorkerLeavesTheTickAndTheNextTickRunsAsUsual() {
        RuntimeException boom = new IllegalStateException("boom");
        int[] failAt = {-1};
        CountingSystem system = new CountingSystem() {
            @Override
            protected void process(int entityId) {
                super.process(entityId);
                if (entityId == failAt[0]) {
                    throw boom;
                }
            }
        };
        onWorkers(system);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 5000);
        TestWorlds.run(world, 1, 1 / 60f);
        failAt[0] = ids[4321];
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> TestWorlds.run(world, 1, 1 / 60f));
        assertSame(boom, thrown);
        failAt[0] = -1;
        TestWorlds.run(world, 3, 1 / 60f);
        assertEquals(5, system.processed.get(ids[0]));
        assertEquals(5, system.processed.get(ids[4999]));
    }

    @Test
    void anExecutorErrorLeavesTheTickDoneAndNothingRunningIntoTheNext() {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        boolean[] failed = {false};
        try {
            CountingSystem system = new CountingSystem();
            system.setThreading(Threading.WORKERS_SAME_TICK, task -> {
                if (!failed[0]) {
                    failed[0] = true;
                    throw new OutOfMemoryError("unable to create native thread (simulated)");
                }
                threads.execute(task);
            });
            system.setMinEntitiesForWorkers(1);
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, 5000);
            assertThrows(OutOfMemoryError.class, () -> TestWorlds.run(world, 1, 1 / 60f));
            for (int id : ids) {
                assertEquals(1, system.processed.get(id), "entity " + id + " in the tick that failed");
            }
            TestWorlds.run(world, 1, 1 / 60f);
            for (int id : ids) {
                assertEquals(2, system.processed.get(id), "entity " + id + " after the next tick");
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aProcessFailureAndAnExecutorErrorInOneTickAreBothReportedInThatTickAndNotAgain() {
        boolean[] failing = {false};
        IllegalStateException boom = new IllegalStateException("process failed");
        OutOfMemoryError refusal = new OutOfMemoryError("unable to create native thread (simulated)");
        CountingSystem system = new CountingSystem() {
            @Override
            protected void process(int entityId) {
                super.process(entityId);
                if (failing[0] && entityId == 7) {
                    throw boom;
                }
            }
        };
        system.setThreading(Threading.WORKERS_SAME_TICK, task -> { // caller-runs: handed out every tick
            if (failing[0]) {
                throw refusal;
            }
            task.run();
        });
        system.setMinEntitiesForWorkers(1);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5000);
        TestWorlds.run(world, 2, 1 / 60f);
        failing[0] = true;
        Throwable thrown = assertThrows(Throwable.class, () -> TestWorlds.run(world, 1, 1 / 60f));
        failing[0] = false;
        assertSame(refusal, thrown, "the executor's error, first");
        assertSame(boom, thrown.getSuppressed()[0], "with the process failure attached");
        TestWorlds.run(world, 2, 1 / 60f); // nothing failed in these: nothing is thrown
        assertEquals(5, system.processed.get(7));
    }

    @Test
    void anExecutorThatIsNotAForkJoinPoolWorksToo() {
        ExecutorService executor = Executors.newFixedThreadPool(2);
        try {
            CountingSystem system = new CountingSystem();
            system.setThreading(Threading.WORKERS_SAME_TICK, executor);
            system.setMinEntitiesForWorkers(1);
            World world = TestWorlds.of(system);
            int[] ids = TestWorlds.deciders(world, 7000);
            TestWorlds.run(world, 50, 1 / 60f);
            for (int id : ids) {
                assertEquals(50, system.processed.get(id), "entity " + id);
            }
            world.dispose();
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void nextTickThreadingAndBadSettingsAreRefusedNamingTheValue() {
        CountingSystem system = new CountingSystem();
        IllegalArgumentException nextTick = assertThrows(IllegalArgumentException.class,
                () -> system.setThreading(Threading.WORKERS_NEXT_TICK));
        assertTrue(nextTick.getMessage().contains("WORKERS_NEXT_TICK"), nextTick.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> system.setThreading(null));
        assertTrue(none.getMessage().contains("null"), none.getMessage());
        assertThrows(IllegalArgumentException.class, () -> system.setThreading(Threading.WORKERS_SAME_TICK, null));
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> system.setMinEntitiesForWorkers(0));
        assertTrue(zero.getMessage().contains("was 0"), zero.getMessage());
        assertEquals(Threading.WORLD_THREAD, system.threading(), "a refused setting changes nothing");
        assertEquals(ParallelIteratingSystem.DEFAULT_MIN_ENTITIES_FOR_WORKERS, system.minEntitiesForWorkers());
    }

    /** A plain counter component. */
    public static class Counter extends Component {
        public int value;
    }

    /** Writes each entity's own component from several threads: the game sees every write after the tick. */
    @All(Counter.class)
    static class Incrementer extends ParallelIteratingSystem {
        ComponentMapper<Counter> counters;

        @Override
        protected void process(int entityId) {
            counters.get(entityId).value++;
        }
    }

    @Test
    void writesMadeOnWorkersAreVisibleToTheWorldThreadAfterTheTick() {
        Incrementer system = new Incrementer();
        onWorkers(system);
        World world = TestWorlds.of(system);
        ComponentMapper<Counter> counters = world.getMapper(Counter.class);
        int[] ids = new int[9000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = world.create();
            counters.create(ids[i]);
        }
        for (int tick = 1; tick <= 30; tick++) {
            TestWorlds.run(world, 1, 1 / 60f);
            for (int id : ids) {
                assertEquals(tick, counters.get(id).value, "entity " + id + " after tick " + tick);
            }
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
