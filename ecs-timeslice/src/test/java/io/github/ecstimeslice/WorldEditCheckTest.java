package io.github.ecstimeslice;

import com.artemis.Archetype;
import com.artemis.ArchetypeBuilder;
import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link WorldEditCheck}: every edit of the world from work on worker threads is refused where it
 * happens, before artemis records it, and reported with the system, the entity and the rule; the
 * world's own thread, and other threads of the game, edit as before.
 */
class WorldEditCheckTest {

    /** A component the jobs try to add. */
    public static class Mark extends Component {
    }

    /** An edit a job tries on the world: of its own entity. */
    enum Edit {
        CREATE_ENTITY((w, e) -> w.create()),
        CREATE_ENTITY_OF_ARCHETYPE((w, e) -> w.create(MARKED.get(w))),
        DELETE_ENTITY((w, e) -> w.delete(e)),
        DELETE_THROUGH_ENTITY((w, e) -> w.getEntity(e).deleteFromWorld()),
        EDIT_CREATE((w, e) -> w.edit(e).create(Mark.class)),
        EDIT_REMOVE((w, e) -> w.edit(e).remove(Decides.class)),
        MAPPER_CREATE((w, e) -> w.getMapper(Mark.class).create(e)),
        MAPPER_SET((w, e) -> w.getMapper(Mark.class).set(e, true)),
        MAPPER_REMOVE((w, e) -> w.getMapper(Decides.class).remove(e));

        final WorldEdit edit;

        Edit(WorldEdit edit) {
            this.edit = edit;
        }
    }

    interface WorldEdit {
        void apply(World world, int entityId);
    }

    /** Per world, an archetype with a mark, built on the world's thread by {@link #checkedWorld}: building one edits the world too. */
    private static final Map<World, Archetype> MARKED = Collections.synchronizedMap(new WeakHashMap<>());

    /** The test's worlds, disposed after it: their jobs in flight finish before the next test. */
    private final List<World> worlds = new ArrayList<>();
    private final ForkJoinPool pool = new ForkJoinPool(2);

    @AfterEach
    void shutDown() {
        worlds.forEach(World::dispose);
        pool.shutdownNow();
    }

    /** A stamp system whose every job tries {@code edit} on its entity, on the test's pool, each batch in a tick. */
    private StampSystem editingJobs(Edit edit, Threading threading) {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(100_000)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                edit.edit.apply(world, entityId);
            }
        };
        system.setThreading(threading, pool);
        return system;
    }

    /**
     * A world with the system and {@code count} deciders, the check installed, a tick processed with
     * the system disabled: every entity joined, and the mark's mapper and archetype made (a first
     * getMapper registers a type, an archetype a composition: not what the tests try).
     */
    private World checkedWorld(BaseSystem system, int count) {
        // room for every entity a test's jobs try to create: artemis grows its stores unsafely off its thread
        return checkedWorld(system, count, 1 << 16);
    }

    private World checkedWorld(BaseSystem system, int count, int expectedEntities) {
        World world = new World(new WorldConfigurationBuilder().with(system).build().expectedEntityCount(expectedEntities));
        world.getMapper(Mark.class);
        MARKED.put(world, new ArchetypeBuilder().add(Mark.class).build(world));
        worlds.add(world);
        TestWorlds.deciders(world, count);
        WorldEditCheck.install(world);
        system.setEnabled(false);
        TestWorlds.run(world, 1, 1 / 60f);
        system.setEnabled(true);
        return world;
    }

    /** The jobs whose failures {@code failed} reports: itself, those attached, and those counted. */
    private static int jobsFailed(JobFailedException failed) {
        int attached = 0;
        for (Throwable suppressed : failed.getSuppressed()) {
            attached += suppressed instanceof JobFailedException ? 1 : 0;
        }
        return 1 + attached + failed.moreFailures();
    }

    private static int entitiesInTheWorld(World world) {
        return world.getAspectSubscriptionManager().get(Aspect.all()).getEntities().size();
    }

    static Stream<Arguments> editsOnWorkers() {
        List<Arguments> cases = new ArrayList<>();
        for (Threading threading : new Threading[]{Threading.WORKERS_SAME_TICK, Threading.WORKERS_NEXT_TICK}) {
            for (Edit edit : Edit.values()) {
                cases.add(Arguments.of(edit, threading));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("editsOnWorkers")
    void everyJobThatEditsTheWorldOnWorkersFailsAndItsEditIsRefused(Edit edit, Threading threading) {
        StampSystem system = editingJobs(edit, threading);
        World world = checkedWorld(system, 200);
        int before = entitiesInTheWorld(world);

        JobFailedException failed = assertThrows(JobFailedException.class, () -> TestWorlds.run(world, 2, 1 / 60f));

        assertEquals(200, jobsFailed(failed), "every job failed");
        assertTrue(failed.getMessage().startsWith(system.getClass().getName() + ": the job for entity "
                + failed.entityId() + " failed: "), failed.getMessage());
        assertTrue(failed.getMessage().endsWith("(" + TickFailures.WORKER_RULE + ")"), failed.getMessage());
        IllegalStateException refusal = assertInstanceOf(IllegalStateException.class, failed.getCause());
        assertTrue(refusal.getMessage().contains(system.getClass().getName() + "'s work for the workers: refused by WorldEditCheck"),
                refusal.getMessage());
        // nothing reached the world: no entity left, joined, lost a component or gained one
        system.setEnabled(false);
        TestWorlds.run(world, 1, 1 / 60f);
        assertEquals(before, entitiesInTheWorld(world));
        ComponentMapper<Mark> marks = world.getMapper(Mark.class);
        ComponentMapper<Decides> decides = world.getMapper(Decides.class);
        for (int i = 0; i < before; i++) {
            assertFalse(marks.has(i), "entity " + i + " has a mark");
            assertTrue(decides.has(i), "entity " + i + " lost its Decides");
        }
        // as the docs say: a refused create has made its entity (of an archetype, with its components);
        // how many is the race's business (two workers' creates can take one id), only that some are
        int leakedWithAMark = 0;
        for (int i = before; i < 3 * before; i++) {
            leakedWithAMark += marks.has(i) ? 1 : 0;
        }
        if (edit == Edit.CREATE_ENTITY_OF_ARCHETYPE) {
            assertTrue(leakedWithAMark > 0, "the refused creates made their entities, with their components");
        } else {
            assertEquals(0, leakedWithAMark);
        }
    }

    @ParameterizedTest
    @EnumSource(Edit.class)
    void aParallelSystemsProcessOnWorkersThatEditsTheWorldIsRefused(Edit edit) {
        ParallelIteratingSystem editing = new ParallelIteratingSystem(Aspect.all(Decides.class)) {
            @Override
            protected void process(int entityId) {
                edit.edit.apply(world, entityId);
            }
        };
        editing.setThreading(Threading.WORKERS_SAME_TICK, pool);
        editing.setMinEntitiesForWorkers(1);
        World world = checkedWorld(editing, 100);
        int before = entitiesInTheWorld(world);

        IllegalStateException refusal = assertThrows(IllegalStateException.class, () -> TestWorlds.run(world, 1, 1 / 60f));

        assertTrue(refusal.getMessage().contains(editing.getClass().getName() + "'s work for the workers: refused by WorldEditCheck"),
                refusal.getMessage());
        assertTrue(refusal.getMessage().startsWith("entity "), refusal.getMessage());
        editing.setEnabled(false);
        TestWorlds.run(world, 1, 1 / 60f);
        assertEquals(before, entitiesInTheWorld(world));
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    void theWorldsThreadEditsAsBeforeAlsoWhileJobsRun(Threading threading) {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(50)) {
            @Override
            protected void outputSaved(int entityId, Stamp output) {
                world.edit(entityId).create(Mark.class); // the place to edit: the world's thread
            }
        };
        system.setThreading(threading, pool);
        ChurningSystem churn = new ChurningSystem();
        World world = TestWorlds.of(system, churn);
        worlds.add(world);
        world.getMapper(Mark.class);
        TestWorlds.deciders(world, 200);
        WorldEditCheck.install(world);

        TestWorlds.run(world, 30, 1 / 60f);

        assertTrue(churn.created > 0);
        ComponentMapper<Mark> marks = world.getMapper(Mark.class);
        for (int i = 0; i < 200; i++) {
            assertTrue(marks.has(i), "entity " + i + " was decided and marked in outputSaved");
        }
    }

    /** Creates an entity and deletes the one it created before, every tick, on the world's thread. */
    static class ChurningSystem extends BaseSystem {
        int created;
        private int previous = -1;

        @Override
        protected void processSystem() {
            if (previous >= 0) {
                world.delete(previous);
            }
            previous = world.create();
            world.edit(previous).create(Mark.class);
            created++;
        }
    }

    @Test
    void jobsOnTheWorldsThreadAreNotWatched() {
        StampSystem system = editingJobs(Edit.EDIT_CREATE, Threading.WORLD_THREAD);
        World world = checkedWorld(system, 20);

        TestWorlds.run(world, 2, 1 / 60f);

        assertTrue(world.getMapper(Mark.class).has(0), "harmless on the world's thread, and left alone");
    }

    @Test
    void anotherThreadOfTheGameEditsBetweenTicks() throws Exception {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10));
        system.setThreading(Threading.WORKERS_NEXT_TICK, pool);
        World world = checkedWorld(system, 20);
        TestWorlds.run(world, 3, 1 / 60f);
        ExecutorService loader = Executors.newSingleThreadExecutor();
        try {
            int made = loader.submit(() -> {
                int e = world.create();
                world.edit(e).create(Decides.class);
                return e;
            }).get(10, TimeUnit.SECONDS);
            TestWorlds.run(world, 3, 1 / 60f);
            assertTrue(world.getMapper(Decides.class).has(made));
        } finally {
            loader.shutdownNow();
        }
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    void theCheckGrowsWithTheWorld(Threading threading) {
        StampSystem system = editingJobs(Edit.EDIT_CREATE, threading);
        World world = checkedWorld(system, 10, 128);
        WorldEditCheck.install(world); // again: nothing changes
        system.setEnabled(false);
        TestWorlds.deciders(world, 20_000); // far past the entity stores' capacity when installed
        TestWorlds.run(world, 1, 1 / 60f);
        system.setEnabled(true);

        JobFailedException failed = assertThrows(JobFailedException.class, () -> TestWorlds.run(world, 2, 1 / 60f));

        assertInstanceOf(IllegalStateException.class, failed.getCause());
        assertEquals(20_010, jobsFailed(failed), "every job refused");
        assertFalse(world.getMapper(Mark.class).has(20_009));
    }

    @Test
    void installingInNoWorldIsRefusedByName() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> WorldEditCheck.install(null));
        assertEquals("world must not be null, was null", refused.getMessage());
    }
}
