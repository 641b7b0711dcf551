package io.github.ecstimeslice.paths;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.facing.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.Arguments;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The walk, by hand: cells of 2 units (centers at 1, 3, 5, ...), an agent walking 3 units a
 * second in ticks of half a second, 1.5 units a tick. On the L below, from (0, 0) to (2, 2) the
 * only path is along the corridor, (0, 0) (1, 0) (2, 0) (2, 1) (2, 2): centers (1, 1) (3, 1)
 * (5, 1) (5, 3) (5, 5).
 */
class PathWalkSystemTest {

    private static final float DT = 0.5f;
    private static final String[] L = {
            "...#.",
            "##.##",
            "##.##"};

    private static PathScene scene(Budget budget) {
        Grid grid = Grid.parse(2f, true, L);
        return new PathScene(grid, PathPlanningSystemTest.planner(grid, IoPolicy.AIAO, budget), new PathWalkSystem(grid));
    }

    /** Runs a tick and returns where the agent is. */
    private static float[] tick(PathScene scene, int agent) {
        scene.run(1, DT);
        Position at = scene.positions.get(agent);
        return new float[]{at.x, at.y};
    }

    @ParameterizedTest(name = "planned every tick: {0}")
    @ValueSource(booleans = {true, false})
    void anAgentWalksItsPathAtItsSpeedWhetherReplannedEveryTickOrOnce(boolean everyTick) {
        PathScene scene = scene(Budget.jobsPerTick(1));
        int agent = scene.agent(0, 12, 3f); // cell (0, 0) to cell (2, 2)
        // tick 0: planned; on (0, 0)'s center already, 1.5 toward (1, 0)
        assertArrayEquals(new float[]{2.5f, 1}, tick(scene, agent));
        assertArrayEquals(new int[]{0, 1, 2, 7, 12}, scene.nodes(agent));
        if (!everyTick) {
            scene.planner.setBudget(Budget.batchEvery(1e6));
        }
        assertArrayEquals(new float[]{4, 1}, tick(scene, agent)); // 0.5 to (1, 0), 1 toward (2, 0)
        assertArrayEquals(new float[]{5, 1.5f}, tick(scene, agent)); // 1 to (2, 0), around the corner
        assertArrayEquals(new float[]{5, 3}, tick(scene, agent)); // exactly on (2, 1)
        assertArrayEquals(new float[]{5, 4.5f}, tick(scene, agent));
        assertArrayEquals(new float[]{5, 5}, tick(scene, agent)); // on the goal: stops
        assertEquals(Route.NONE, scene.routes.get(agent).heading());
        assertArrayEquals(new float[]{5, 5}, tick(scene, agent));
        assertArrayEquals(new float[]{5, 5}, tick(scene, agent));
        assertEquals(everyTick ? 8 : 1, scene.planner.stats().jobsRunTotal(), "jobs in 8 ticks");
    }

    @Test
    void aNewPathTakesOverFromWhereTheAgentIsWithoutTurningBack() {
        PathScene scene = scene(Budget.jobsPerTick(1)); // one agent: planned every tick
        int agent = scene.agent(0, 12, 3f);
        tick(scene, agent);
        assertArrayEquals(new float[]{4, 1}, tick(scene, agent)); // walking from (1, 0) to (2, 0)
        scene.goals.get(agent).node = 0; // back home
        // planned from (2, 0), where it walks to: it gets there, then turns back toward (1, 0)
        assertArrayEquals(new float[]{4.5f, 1}, tick(scene, agent));
        assertArrayEquals(new int[]{2, 1, 0}, scene.nodes(agent), "planned from (2, 0)");
        assertArrayEquals(new float[]{3, 1}, tick(scene, agent));
        assertArrayEquals(new float[]{1.5f, 1}, tick(scene, agent));
        assertArrayEquals(new float[]{1, 1}, tick(scene, agent));
        assertArrayEquals(new float[]{1, 1}, tick(scene, agent));
    }

    @Test
    void withAnUnreachableGoalTheAgentFinishesItsStepAndStandsUntilAPathIsFound() {
        PathScene scene = scene(Budget.jobsPerTick(1));
        int agent = scene.agent(0, 12, 3f);
        tick(scene, agent);
        tick(scene, agent); // at (4, 1), walking to (2, 0)
        scene.goals.get(agent).node = 4; // the walled-off cell (4, 0)
        assertArrayEquals(new float[]{5, 1}, tick(scene, agent));
        Route route = scene.routes.get(agent);
        assertEquals(PathStatus.NOT_FOUND, route.status());
        assertEquals(0, route.length());
        assertEquals(Route.NONE, route.heading());
        assertArrayEquals(new float[]{5, 1}, tick(scene, agent));
        assertArrayEquals(new float[]{5, 1}, tick(scene, agent));
        scene.goals.get(agent).node = 12;
        assertArrayEquals(new float[]{5, 2.5f}, tick(scene, agent)); // planned from the cell under it, (2, 0)
        assertEquals(PathStatus.FOUND, route.status());
    }

    @Test
    void aDiagonalStepIsWalkedAlongItsLength() {
        // 3 x 3 open cells of 1 unit, from (0, 0) to (2, 2) diagonally, 1 unit a tick
        Grid grid = Grid.parse(1f, true, "...", "...", "...");
        PathScene scene = new PathScene(grid, PathPlanningSystemTest.planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(1)),
                new PathWalkSystem(grid));
        int agent = scene.agent(0, 8, 2f);
        float half = (float) (1 / Math.sqrt(2));
        float[] at = tick(scene, agent);
        assertArrayEquals(new int[]{0, 4, 8}, scene.nodes(agent));
        assertEquals(0.5f + half, at[0], 1e-5);
        assertEquals(0.5f + half, at[1], 1e-5);
        at = tick(scene, agent); // √2 - 1 to (1, 1)'s center, 2 - √2 beyond it
        assertEquals(1.5f + (2 - Math.sqrt(2)) * half, at[0], 1e-5);
        assertEquals(at[0], at[1]);
        assertArrayEquals(new float[]{2.5f, 2.5f}, tick(scene, agent));
    }

    @Test
    void anAgentWithoutSpeedStandsAndStopForgetsThePath() {
        PathScene scene = scene(Budget.jobsPerTick(2));
        int still = scene.agent(0, 12, Float.NaN);
        int stopped = scene.agent(0, 12, 3f);
        tick(scene, still);
        assertArrayEquals(new float[]{1, 1}, new float[]{scene.positions.get(still).x, scene.positions.get(still).y});
        assertEquals(1, scene.routes.get(still).heading(), "arrived where it stood; walks to (1, 0) at speed 0");
        scene.speeds.get(still).unitsPerSecond = -4;
        tick(scene, still);
        assertArrayEquals(new float[]{1, 1}, new float[]{scene.positions.get(still).x, scene.positions.get(still).y});
        Route route = scene.routes.get(stopped);
        route.stop();
        assertEquals(Route.NONE, route.heading());
        assertEquals(0, route.length());
        assertEquals(12, route.goal(), "the goal and status stay");
        scene.positions.get(stopped).set(5, 1); // teleported onto (2, 0)
        assertArrayEquals(new float[]{5, 2.5f}, tick(scene, stopped), "planned from the cell under it");
    }

    @Test
    void theWalkOnWorkersMovesEveryAgentExactlyAsOnTheWorldThread() {
        PathScene alone = crowd(Threading.WORLD_THREAD);
        PathScene shared = crowd(Threading.WORKERS_SAME_TICK);
        int moved = 0;
        for (int tick = 0; tick < 150; tick++) {
            alone.run(1, 1f / 30);
            shared.run(1, 1f / 30);
            for (int agent = 0; agent < 500; agent++) {
                Position a = alone.positions.get(agent);
                Position b = shared.positions.get(agent);
                assertEquals(a.x, b.x, "agent " + agent + " after tick " + tick);
                assertEquals(a.y, b.y, "agent " + agent + " after tick " + tick);
                moved += a.x != alone.grid.x(alone.grid.indexAt(a.x, a.y)) ? 1 : 0;
            }
        }
        assertTrue(moved > 10_000, "agents walked: " + moved);
    }

    /** 500 agents on a 40 x 40 maze with random goals, walking 2 to 6 cells a second. */
    private static PathScene crowd(Threading walking) {
        Grid grid = Grid.random(40, 40, 0.25, 13);
        PathWalkSystem walker = new PathWalkSystem(grid);
        walker.setThreading(walking);
        walker.setMinEntitiesForWorkers(1);
        PathScene scene = new PathScene(grid, PathPlanningSystemTest.planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(50)), walker);
        Random random = new Random(31);
        for (int i = 0; i < 500; i++) {
            int start;
            do {
                start = random.nextInt(grid.getNodeCount());
            } while (!grid.open(start));
            assertEquals(i, scene.agent(start, random.nextInt(grid.getNodeCount()), 2 + 4 * random.nextFloat()));
        }
        return scene;
    }

    static Stream<Arguments> policiesOnTheWorldsThreadAndOnNextTickWorkers() {
        return Stream.of(Threading.WORLD_THREAD, Threading.WORKERS_NEXT_TICK).flatMap(threading ->
                Arrays.stream(IoPolicy.values()).flatMap(policy -> Stream.of(1, 2).map(agents ->
                        Arguments.of(policy, threading, agents))));
    }

    @ParameterizedTest(name = "{0}, {1}, {2} agents")
    @MethodSource("policiesOnTheWorldsThreadAndOnNextTickWorkers")
    void afterATeleportAndStopTheNextPathStartsFromTheNodeUnderTheAgent(IoPolicy policy, Threading threading, int agents) {
        // a plan in flight (next-tick workers) or staged (sync output) when the agent stops was read before it
        Grid grid = Grid.parse(1f, true, "....................", "....................", "....................");
        PathPlanningSystem<Grid.Cell> planner = new PathPlanningSystem<>(grid, grid.heuristic(), grid, policy,
                Budget.jobsPerTick(1));
        planner.setThreading(threading);
        PathScene scene = new PathScene(grid, planner, new PathWalkSystem(grid));
        int agent = scene.agent(0, 19, 2f);
        if (agents == 2) {
            scene.agent(40, 59, 2f); // a batch spans two ticks
        }
        scene.run(6, 0.25f); // walking east along the top row
        Route route = scene.routes.get(agent);
        assertTrue(route.found() && route.heading() != Route.NONE, "walking");
        scene.positions.get(agent).set(grid.x(50), grid.y(50)); // teleported to the bottom row
        route.stop();
        long stoppedAt = route.plannedAtTick();
        for (int tick = 0; tick < 8 && route.plannedAtTick() == stoppedAt; tick++) {
            scene.run(1, 0.25f);
        }
        assertTrue(route.plannedAtTick() > stoppedAt, "planned again");
        assertEquals(50, route.node(0), "the first path after the stop: " + Arrays.toString(scene.nodes(agent)));
    }
}
