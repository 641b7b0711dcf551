package io.github.ecstimeslice.paths;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same agents with the same goals get the same paths in every threading: tick by tick with
 * same-tick workers, one tick later with next-tick workers (their jobs are saved at the start of
 * the tick after they started).
 */
class PathThreadingTest {

    private static final int TICKS = 120;

    @ParameterizedTest
    @EnumSource(Threading.class)
    void theSamePathsInEveryThreading(Threading threading) {
        List<String> onWorldThread = routesEachTick(Threading.WORLD_THREAD);
        List<String> seen = routesEachTick(threading);
        int lag = threading == Threading.WORKERS_NEXT_TICK ? 1 : 0;
        for (int tick = 0; tick + lag < TICKS; tick++) {
            assertEquals(onWorldThread.get(tick), seen.get(tick + lag), threading + ", tick " + (tick + lag));
        }
        assertTrue(onWorldThread.get(TICKS - 1).contains("FOUND") && onWorldThread.get(TICKS - 1).contains("NOT_FOUND")
                && onWorldThread.get(TICKS - 1).contains("LIMIT"), "every outcome exercised");
    }

    /** 300 standing agents on a 32 x 32 maze; each tick 20 of them get a new random goal. */
    private static List<String> routesEachTick(Threading threading) {
        Grid grid = Grid.random(32, 32, 0.3, 23);
        PathPlanningSystem<Grid.Cell> planner = PathPlanningSystemTest.planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(40));
        planner.setThreading(threading);
        planner.setMaxNodesPerSearch(300);
        GoalShaker shaker = new GoalShaker(new Random(3), grid.getNodeCount());
        PathScene scene = new PathScene(grid, planner, null, shaker);
        Random random = new Random(29);
        int[] agents = new int[300];
        for (int i = 0; i < agents.length; i++) {
            int start;
            do {
                start = random.nextInt(grid.getNodeCount());
            } while (!grid.open(start));
            agents[i] = scene.agent(start, random.nextInt(grid.getNodeCount()), null);
        }
        shaker.agents = agents;
        List<String> ticks = new ArrayList<>();
        for (int tick = 0; tick < TICKS; tick++) {
            scene.run(1, 1f / 60);
            StringBuilder routes = new StringBuilder();
            for (int agent : agents) {
                Route route = scene.routes.get(agent);
                routes.append(route.status()).append(' ').append(route.goal()).append(' ').append(route.cost())
                        .append(Arrays.toString(scene.nodes(agent))).append('\n');
            }
            ticks.add(routes.toString());
        }
        scene.world.dispose();
        return ticks;
    }

    /** Gives 20 random agents a new random goal every tick, the same for the same seed. */
    static final class GoalShaker extends BaseSystem {
        private final Random random;
        private final int nodes;
        int[] agents;
        private ComponentMapper<PathGoal> goals;

        GoalShaker(Random random, int nodes) {
            this.random = random;
            this.nodes = nodes;
        }

        @Override
        protected void processSystem() {
            for (int i = 0; i < 20; i++) {
                goals.get(agents[random.nextInt(agents.length)]).node = random.nextInt(nodes);
            }
        }
    }

    @Test
    void anExecutorThatRunsEachTaskOnANewThreadLeavesNoFinderBehindPerThread() {
        Grid grid = Grid.random(48, 48, 0.2, 5);
        PathPlanningSystem<Grid.Cell> planner = new PathPlanningSystem<>(grid, grid.heuristic(), grid, IoPolicy.AIAO,
                Budget.jobsPerTick(200));
        Executor threadPerTask = task -> { // threads come and go, as a pool's idle ones retire
            Thread thread = new Thread(task);
            thread.setDaemon(true);
            thread.start();
        };
        planner.setThreading(Threading.WORKERS_SAME_TICK, threadPerTask);
        PathScene scene = new PathScene(grid, planner, null);
        Random random = new Random(3);
        for (int i = 0; i < 400; i++) {
            int start = random.nextInt(grid.getNodeCount());
            while (!grid.open(start)) {
                start = random.nextInt(grid.getNodeCount());
            }
            scene.agent(start, random.nextInt(grid.getNodeCount()), null);
        }
        scene.run(100, 1 / 60f);
        // a finder per job running at once (the world's thread and a chunk per worker), not per thread that ever ran
        assertTrue(planner.searchesMade() <= Runtime.getRuntime().availableProcessors() + 2,
                "finders made: " + planner.searchesMade());
        scene.world.dispose();
    }
}
