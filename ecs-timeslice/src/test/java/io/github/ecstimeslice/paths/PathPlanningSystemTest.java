package io.github.ecstimeslice.paths;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.GraphPath;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;
import com.badlogic.gdx.utils.Array;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.JobFailedException;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PathPlanningSystemTest {

    private static final float DT = 1f / 60;

    static PathPlanningSystem<Grid.Cell> planner(Grid grid, IoPolicy policy, Budget budget) {
        return new PathPlanningSystem<>(grid, grid.heuristic(), grid, policy, budget);
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void everyPublishedPathCostsWhatAOneShotSearchFindsAndIsAPathFromTheStartToTheGoal(Threading threading) {
        // 1,600 random pairs on a 40 x 40 grid, 30% walls: goals on walls and in walled-off pockets
        // are unreachable; a batch of 1,600 at 100 jobs a tick takes 16 ticks (next-tick: 17)
        Grid grid = Grid.random(40, 40, 0.3, 5);
        PathPlanningSystem<Grid.Cell> planner = planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(100));
        planner.setThreading(threading);
        PathScene scene = new PathScene(grid, planner, null);
        Random random = new Random(17);
        int[] agents = new int[1600];
        int[] starts = new int[agents.length];
        int[] goals = new int[agents.length];
        for (int i = 0; i < agents.length; i++) {
            do {
                starts[i] = random.nextInt(grid.getNodeCount());
            } while (!grid.open(starts[i]));
            goals[i] = random.nextInt(grid.getNodeCount());
            agents[i] = scene.agent(starts[i], goals[i], null);
        }
        scene.run(threading == Threading.WORKERS_NEXT_TICK ? 17 : 16, DT);
        int found = 0;
        int notFound = 0;
        for (int i = 0; i < agents.length; i++) {
            Route route = scene.routes.get(agents[i]);
            String pair = "agent " + i + " from " + grid.node(starts[i]) + " to " + grid.node(goals[i]);
            assertEquals(goals[i], route.goal(), pair);
            GraphPath<Grid.Cell> reference = grid.oneShot(starts[i], goals[i]);
            if (reference == null) {
                assertEquals(PathStatus.NOT_FOUND, route.status(), pair);
                assertEquals(0, route.length(), pair);
                notFound++;
                continue;
            }
            assertEquals(PathStatus.FOUND, route.status(), pair);
            assertEquals(grid.cost(reference), route.cost(), 1e-4, pair + ": the one-shot search's cost");
            assertValidPath(grid, scene.nodes(agents[i]), starts[i], goals[i], route.cost(), pair);
            PlannedPath latest = planner.latestOutput(agents[i]);
            assertEquals(route.cost(), latest.cost(), pair);
            assertEquals(route.length(), latest.length(), pair);
            found++;
        }
        assertTrue(found > 500 && notFound > 300, "both outcomes exercised: " + found + " found, " + notFound + " not");
    }

    /** Starts at start, ends at goal, each step along a connection of the graph, costing {@code cost} in all. */
    static void assertValidPath(Grid grid, int[] nodes, int start, int goal, float cost, String what) {
        assertTrue(nodes.length > 0, what + ": a path");
        assertEquals(start, nodes[0], what + ": starts at the start");
        assertEquals(goal, nodes[nodes.length - 1], what + ": ends at the goal");
        float sum = 0;
        for (int i = 1; i < nodes.length; i++) {
            var step = grid.connection(nodes[i - 1], nodes[i]);
            assertNotNull(step, what + ": no connection from " + grid.node(nodes[i - 1]) + " to " + grid.node(nodes[i]));
            sum += step.getCost();
        }
        assertEquals(sum, cost, 1e-4, what + ": the cost is the sum of its steps");
    }

    @Test
    void aStartOnTheGoalIsAOneNodePathOfCostZero() {
        Grid grid = Grid.parse(1f, true, "...");
        PathScene scene = new PathScene(grid, planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(5)), null);
        int agent = scene.agent(1, 1, null);
        scene.run(1, DT);
        assertEquals(PathStatus.FOUND, scene.routes.get(agent).status());
        assertArrayEquals(new int[]{1}, scene.nodes(agent));
        assertEquals(0f, scene.routes.get(agent).cost());
    }

    @Test
    void aSubclassWhoseInitializeSkipsTheSuperclassStillPlans() {
        Grid grid = Grid.parse(1f, true, ".....");
        PathPlanningSystem<Grid.Cell> planner = new PathPlanningSystem<Grid.Cell>(grid, grid.heuristic(), grid, IoPolicy.AIAO,
                Budget.jobsPerTick(5)) {
            @Override
            protected void initialize() { // as artemis's own systems allow: no super call
            }
        };
        PathScene scene = new PathScene(grid, planner, null);
        int agent = scene.agent(0, 4, null);
        scene.run(1, DT);
        assertEquals(PathStatus.FOUND, scene.routes.get(agent).status());
        assertArrayEquals(new int[]{0, 1, 2, 3, 4}, scene.nodes(agent));
    }

    @Test
    void theNodeLimitReportsLimitOnASearchThatNeedsMoreNodesAndFoundWhenEnough() {
        // a corridor of 10 cells: from the first to the last A* expands the 9 before the goal
        Grid grid = Grid.parse(1f, true, "..........");
        assertEquals(PathStatus.FOUND, statusWithLimit(grid, 0, 9, 9));
        assertEquals(PathStatus.LIMIT, statusWithLimit(grid, 0, 9, 8));
        assertEquals(PathStatus.LIMIT, statusWithLimit(grid, 0, 9, 1));
        assertEquals(PathStatus.FOUND, statusWithLimit(grid, 0, 9, PathPlanningSystem.NO_NODE_LIMIT));
        assertEquals(PathStatus.FOUND, statusWithLimit(grid, 4, 4, 1), "no expansion needed");
        // behind a wall: the 4 cells on the start's side are all a search can expand
        Grid walled = Grid.parse(1f, true, "....#....");
        assertEquals(PathStatus.NOT_FOUND, statusWithLimit(walled, 0, 8, PathPlanningSystem.NO_NODE_LIMIT));
        assertEquals(PathStatus.NOT_FOUND, statusWithLimit(walled, 0, 8, 4));
        assertEquals(PathStatus.LIMIT, statusWithLimit(walled, 0, 8, 3));
    }

    private static PathStatus statusWithLimit(Grid grid, int start, int goal, int limit) {
        PathPlanningSystem<Grid.Cell> planner = planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(5));
        planner.setMaxNodesPerSearch(limit);
        assertEquals(limit, planner.maxNodesPerSearch());
        PathScene scene = new PathScene(grid, planner, null);
        int agent = scene.agent(start, goal, null);
        scene.run(1, DT);
        Route route = scene.routes.get(agent);
        PlannedPath latest = planner.latestOutput(agent);
        assertEquals(route.status(), latest.status());
        assertEquals(goal, latest.goal());
        assertEquals(start, latest.start());
        if (route.status() != PathStatus.FOUND) {
            assertEquals(0, route.length(), "no path");
            assertEquals(0, latest.length(), "no path");
        }
        return route.status();
    }

    @Test
    void aFailedSearchIsNotRetriedBeforeTheAgentsNextTurn() {
        // 4 agents whose searches always stop at the limit, every agent every half second at 60 Hz:
        // 8 jobs a second
        Grid grid = Grid.parse(1f, true, "..........", "..........");
        PathPlanningSystem<Grid.Cell> planner = planner(grid, IoPolicy.AIAO, Budget.batchEvery(0.5));
        planner.setMaxNodesPerSearch(2);
        PathScene scene = new PathScene(grid, planner, null);
        int[] agents = new int[4];
        for (int i = 0; i < agents.length; i++) {
            agents[i] = scene.agent(i, 19 - i, null);
        }
        scene.run(60, DT);
        for (int agent : agents) {
            assertEquals(PathStatus.LIMIT, scene.routes.get(agent).status());
        }
        assertTrue(planner.stats().jobsRunTotal() >= 7 && planner.stats().jobsRunTotal() <= 9, "jobs in a second: " + planner.stats().jobsRunTotal());
    }

    @Test
    void badSettingsAreRejectedNamingTheValue() {
        Grid grid = Grid.parse(1f, true, "...");
        PathPlanningSystem<Grid.Cell> planner = planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(1));
        assertMessage("max nodes per search must be at least 1, was 0",
                assertThrows(IllegalArgumentException.class, () -> planner.setMaxNodesPerSearch(0)));
        assertMessage("max nodes per search must be at least 1, was -7",
                assertThrows(IllegalArgumentException.class, () -> planner.setMaxNodesPerSearch(-7)));
        assertEquals(PathPlanningSystem.NO_NODE_LIMIT, planner.maxNodesPerSearch(), "unchanged");
        assertMessage("graph must not be null, was null", assertThrows(IllegalArgumentException.class,
                () -> new PathPlanningSystem<>(null, grid.heuristic(), grid, IoPolicy.AIAO, Budget.jobsPerTick(1))));
        assertMessage("heuristic must not be null, was null", assertThrows(IllegalArgumentException.class,
                () -> new PathPlanningSystem<>(grid, null, grid, IoPolicy.AIAO, Budget.jobsPerTick(1))));
        assertMessage("node map must not be null, was null", assertThrows(IllegalArgumentException.class,
                () -> new PathPlanningSystem<>(grid, grid.heuristic(), null, IoPolicy.AIAO, Budget.jobsPerTick(1))));
        assertMessage("policy must not be null, was null", assertThrows(IllegalArgumentException.class,
                () -> new PathPlanningSystem<>(grid, grid.heuristic(), grid, null, Budget.jobsPerTick(1))));
        assertMessage("history depth must be from 0 to 1024, was 1025", assertThrows(IllegalArgumentException.class,
                () -> new PathPlanningSystem<>(grid, grid.heuristic(), grid, IoPolicy.AIAO, Budget.jobsPerTick(1), 1025)));
        assertMessage("node map must not be null, was null",
                assertThrows(IllegalArgumentException.class, () -> new PathWalkSystem(null)));
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void aGoalOrAStartOffTheGraphFailsTheJobNamingTheAgentAndTheValueAndTheOthersGoOn(Threading threading) {
        Grid grid = Grid.parse(2f, true, "...", "...");
        PathPlanningSystem<Grid.Cell> planner = planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(10));
        planner.setThreading(threading);
        PathScene scene = new PathScene(grid, planner, null);
        int fine = scene.agent(0, 5, null);
        int badGoal = scene.agent(0, 6, null);
        int offTheMap = scene.agent(0, 2, null);
        scene.positions.get(offTheMap).set(-1f, 1f);
        JobFailedException failed = assertThrows(JobFailedException.class, () -> scene.run(1, DT));
        assertEquals(badGoal, failed.entityId());
        assertMessage("goal node of entity " + badGoal + " must be from 0 to 5, was 6", failed.getCause());
        assertTrue(failed.getCause() instanceof IllegalStateException);
        assertEquals(1, failed.getSuppressed().length, "the second failure of the tick is attached");
        assertMessage("start node of entity " + offTheMap + " must be from 0 to 5, was -1",
                failed.getSuppressed()[0].getCause());
        // each tick is a batch of the three: the bad two fail again (not more often), the fine one is
        // planned (with next-tick workers, its path of tick 0 is saved now)
        assertEquals(badGoal, assertThrows(JobFailedException.class, () -> scene.run(1, DT)).entityId());
        assertEquals(PathStatus.FOUND, scene.routes.get(fine).status(), "the others got their paths");
        assertNull(scene.routes.get(badGoal).status());
    }

    /** The grid's graph, its node count cut to {@code count}: the graph as a game shrank it. */
    private static final class ShrinkingGraph implements IndexedGraph<Grid.Cell> {
        private final Grid grid;
        int count;

        ShrinkingGraph(Grid grid) {
            this.grid = grid;
            this.count = grid.getNodeCount();
        }

        @Override
        public int getIndex(Grid.Cell node) {
            return grid.getIndex(node);
        }

        @Override
        public int getNodeCount() {
            return count;
        }

        @Override
        public Array<Connection<Grid.Cell>> getConnections(Grid.Cell fromNode) {
            return grid.getConnections(fromNode);
        }
    }

    @ParameterizedTest
    @EnumSource(value = IoPolicy.class, names = {"SIAO", "SISO"})
    void aGraphThatShrankAfterASyncInputWasReadFailsTheJobNamingTheAgentAndTheNode(IoPolicy policy) {
        Grid corridor = Grid.parse(1f, false, "..........");
        ShrinkingGraph graph = new ShrinkingGraph(corridor);
        PathPlanningSystem<Grid.Cell> planner = new PathPlanningSystem<>(graph, corridor.heuristic(), corridor, policy,
                Budget.jobsPerTick(1));
        PathScene scene = new PathScene(corridor, planner, null);
        scene.agent(0, 2, null);
        int second = scene.agent(8, 0, null);
        scene.run(1, DT); // the batch reads both inputs, against 10 nodes, and runs the first job
        graph.count = 5;
        JobFailedException failed = assertThrows(JobFailedException.class, () -> scene.run(1, DT));
        assertEquals(second, failed.entityId());
        assertMessage("start node of entity " + second + " must be from 0 to 4, was 8", failed.getCause());
    }

    private static void assertMessage(String expected, Throwable thrown) {
        assertEquals(expected, thrown.getMessage());
    }

    @Test
    void withNoHistoryPathsReachTheRoutesAndNothingIsKept() {
        Grid grid = Grid.parse(1f, true, "....", "....");
        PathPlanningSystem<Grid.Cell> planner = new PathPlanningSystem<>(grid, grid.heuristic(), grid, IoPolicy.AIAO,
                Budget.jobsPerTick(5), TimeslicedSystem.NO_HISTORY);
        PathScene scene = new PathScene(grid, planner, null);
        int agent = scene.agent(0, 7, null);
        scene.run(1, DT);
        assertEquals(PathStatus.FOUND, scene.routes.get(agent).status());
        assertEquals(7, scene.nodes(agent)[scene.routes.get(agent).length() - 1]);
        assertNull(planner.latestOutput(agent));
    }

    @Test
    void theLatestPathIsKeptInThePathHistory() {
        Grid grid = Grid.parse(1f, true, "....", "....");
        PathPlanningSystem<Grid.Cell> planner = planner(grid, IoPolicy.AIAO, Budget.jobsPerTick(5));
        PathScene scene = new PathScene(grid, planner, null);
        int agent = scene.agent(0, 7, null);
        scene.run(3, DT);
        PathHistory history = scene.world.getMapper(PathHistory.class).get(agent);
        assertEquals(PathPlanningSystem.DEFAULT_PATH_HISTORY_DEPTH, history.depth());
        assertSame(planner.latestOutput(agent), history.latest());
        assertEquals(2, history.savedAtTick(0));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(IoPolicy.class)
    void aNewNodeLimitAppliesFromTheNextInputRead(IoPolicy policy) {
        Grid grid = Grid.parse(1f, false, "....................");
        PathPlanningSystem<Grid.Cell> planner = new PathPlanningSystem<>(grid, grid.heuristic(), grid, policy,
                Budget.jobsPerTick(1));
        PathScene scene = new PathScene(grid, planner, null);
        int first = scene.agent(0, 19, null);
        int second = scene.agent(1, 19, null);
        scene.run(1, DT); // the batch starts; the first agent's search runs without a limit
        planner.setMaxNodesPerSearch(1);
        scene.run(2, DT); // the second's: its input read now with async input, at the batch's start with sync
        assertEquals(policy.syncInput() ? PathStatus.FOUND : PathStatus.LIMIT, planner.latestOutput(second).status(),
                "the limit is part of the search's input");
        scene.run(2, DT); // the next batch: every input read after the change
        assertEquals(PathStatus.LIMIT, planner.latestOutput(first).status());
        assertEquals(PathStatus.LIMIT, planner.latestOutput(second).status());
    }
}
