package io.github.ecstimeslice.paths;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SlicedSystem;
import io.github.ecstimeslice.Threading;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Path searches in pieces of node expansions: the same outcome as a whole search, whatever the
 * pieces; the planner under a work budget plans the same routes in the same ticks on every
 * threading; a search whose agent leaves goes back to the idle ones.
 */
class PathPiecesTest {

    /** {@code search}'s outcome for {@code query}, run in pieces of {@code piece} expansions, and the expansions it used. */
    private static String outcome(PathSearch<Grid.Cell> search, PathQuery<Grid.Cell> query, int piece) {
        PlannedPath out = new PlannedPath();
        search.begin(query);
        long used = 0;
        int pieces = 0;
        int step;
        while ((step = search.advance(query, out, piece)) == SlicedSystem.GOES_ON) {
            used += piece;
            pieces++;
        }
        used += step;
        int[] nodes = new int[out.length()];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = out.node(i);
        }
        assertTrue(piece == Integer.MAX_VALUE ? pieces == 0 : used <= (long) piece * (pieces + 1), "bounded pieces");
        return out.status() + " " + out.cost() + " " + Arrays.toString(nodes) + " in " + used;
    }

    @Test
    void aSearchInPiecesFindsWhatAWholeSearchFindsWithTheSameExpansions() {
        Grid grid = Grid.random(40, 40, 0.3, 11);
        PathSearch<Grid.Cell> search = new PathSearch<>(grid, grid.heuristic());
        Random random = new Random(3);
        int found = 0;
        int notFound = 0;
        int limited = 0;
        for (int i = 0; i < 300; i++) {
            PathQuery<Grid.Cell> query = new PathQuery<>();
            query.start = random.nextInt(1600);
            query.goal = random.nextInt(1600);
            query.startNode = grid.node(query.start);
            query.goalNode = grid.node(query.goal);
            query.maxNodes = i % 3 == 0 ? 40 : PathPlanningSystem.NO_NODE_LIMIT;
            String whole = outcome(search, query, Integer.MAX_VALUE);
            for (int piece : new int[]{1, 3, 64}) {
                assertEquals(whole, outcome(search, query, piece), "pair " + i + " in pieces of " + piece);
            }
            found += whole.startsWith("FOUND") ? 1 : 0;
            notFound += whole.startsWith("NOT_FOUND") ? 1 : 0;
            limited += whole.startsWith("LIMIT") ? 1 : 0;
        }
        assertTrue(found > 30 && notFound > 10 && limited > 10, "every outcome came: " + found + ", " + notFound + ", " + limited);
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void underAWorkBudgetThePlannerPlansTheSameRoutesInTheSameTicksOnEveryThreading(Threading threading) {
        List<String> reference = plans(Threading.WORLD_THREAD);
        assertEquals(reference, plans(threading));
        assertTrue(reference.size() > 100, "plans: " + reference.size());
    }

    /** Each tick, each agent's route as planned: its tick, cost and nodes. */
    private static List<String> plans(Threading threading) {
        Grid grid = Grid.random(40, 40, 0.25, 7);
        PathPlanningSystem<Grid.Cell> planner = PathPlanningSystemTest.planner(grid, IoPolicy.AIAO, Budget.workPerTick(150));
        planner.setThreading(threading);
        PathScene scene = new PathScene(grid, planner, null);
        Random random = new Random(5);
        int[] agents = new int[60];
        for (int a = 0; a < agents.length; a++) {
            agents[a] = scene.agent(random.nextInt(1600), random.nextInt(1600), null);
        }
        List<String> plans = new ArrayList<>();
        long[] planned = new long[agents.length];
        Arrays.fill(planned, -1);
        for (int tick = 0; tick < 400; tick++) {
            scene.run(1, 1f / 60);
            for (int a = 0; a < agents.length; a++) {
                Route route = scene.routes.get(agents[a]);
                if (route.plannedAtTick() != planned[a]) {
                    planned[a] = route.plannedAtTick();
                    plans.add(tick + ": agent " + a + " " + route.status() + " " + route.cost() + " "
                            + Arrays.toString(scene.nodes(agents[a])));
                }
            }
        }
        return plans;
    }

    @Test
    void aSearchWhoseAgentLeavesMidSearchGoesBackToTheIdleOnes() {
        Grid grid = Grid.random(40, 40, 0.2, 9);
        PathPlanningSystem<Grid.Cell> planner = PathPlanningSystemTest.planner(grid, IoPolicy.AIAO, Budget.workPerTick(5));
        PathScene scene = new PathScene(grid, planner, null);
        Random random = new Random(1);
        for (int round = 0; round < 50; round++) {
            int agent = scene.agent(0, 1599, null);
            scene.run(2, 1f / 60); // a far goal: ten expansions do not reach it
            scene.world.delete(agent);
            scene.run(1, 1f / 60);
            scene.agent(random.nextInt(1600), random.nextInt(1600), null);
        }
        assertEquals(1, planner.searchesMade(), "one search, given back each time its agent left");
    }
}
