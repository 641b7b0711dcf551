package io.github.ecstimeslice.paths;

import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.systems.IteratingSystem;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SteadyStateBytes;
import io.github.ecstimeslice.Threading;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With agents fixed, a tick of the path scene (agents patrolling between two cells of a maze,
 * re-planned by a timesliced PathPlanningSystem, walked by the every-tick PathWalkSystem) allocates
 * nothing on the world's thread, with planning on the world's thread and on workers (the walk on
 * them too), with searches that find their goal and with searches that stop at the node limit:
 * measured with the JDK's per-thread allocation counter, as the facing kit's test does.
 */
class PathsSteadyStateAllocationTest {

    /** The two cells an agent walks between. */
    public static class Patrol extends Component {
        int a;
        int b;
    }

    /** Sends an agent that reached its goal back to the other end. */
    static final class Patrolling extends IteratingSystem {
        private ComponentMapper<Patrol> patrols;
        private ComponentMapper<PathGoal> goals;
        private ComponentMapper<Route> routes;

        Patrolling() {
            super(Aspect.all(Patrol.class, PathGoal.class, Route.class));
        }

        @Override
        protected void process(int agent) {
            Route route = routes.get(agent);
            PathGoal goal = goals.get(agent);
            if (route.found() && route.goal() == goal.node && route.heading() == Route.NONE) {
                Patrol patrol = patrols.get(agent);
                goal.node = goal.node == patrol.a ? patrol.b : patrol.a;
            }
        }
    }

    /** Every threading with whole searches, and searches in pieces of 300 node expansions a tick. */
    static Stream<Arguments> threadingAndLimits() {
        return Stream.concat(Arrays.stream(Threading.values()).map(threading -> Arguments.of(threading, Budget.jobsPerTick(10))),
                        Stream.of(Arguments.of(Threading.WORLD_THREAD, Budget.workPerTick(300))))
                .flatMap(setting -> Stream.of(PathPlanningSystem.NO_NODE_LIMIT, 40)
                        .map(limit -> Arguments.of(setting.get()[0], setting.get()[1], limit)));
    }

    @ParameterizedTest(name = "{0}, {1}, node limit {2}")
    @MethodSource("threadingAndLimits")
    void aSteadyStateTickAllocatesZeroBytesOnTheWorldThread(Threading threading, Budget budget, int limit) {
        SteadyStateBytes.assertCounted();
        Grid grid = Grid.random(32, 32, 0.25, 3);
        PathPlanningSystem<Grid.Cell> planner = PathPlanningSystemTest.planner(grid, IoPolicy.AIAO, budget);
        planner.setThreading(threading);
        planner.setMaxNodesPerSearch(limit);
        PathWalkSystem walker = new PathWalkSystem(grid);
        if (threading != Threading.WORLD_THREAD) {
            walker.setThreading(Threading.WORKERS_SAME_TICK);
            walker.setMinEntitiesForWorkers(1);
        }
        PathScene scene = new PathScene(grid, planner, walker, new Patrolling());
        int[] cells = patrolCells(grid);
        Random random = new Random(19);
        ComponentMapper<Patrol> patrols = scene.world.getMapper(Patrol.class);
        for (int i = 0; i < 300; i++) {
            int a = cells[random.nextInt(cells.length)];
            int b = cells[random.nextInt(cells.length)];
            int agent = scene.agent(a, b, 6f);
            patrols.create(agent).a = a;
            patrols.get(agent).b = b;
        }
        scene.run(4000, 1f / 60); // fills every buffer and the finders' node records, warms up the JIT
        SteadyStateBytes.assertNoGarbage(() -> scene.run(1000, 1f / 60), threading + ", limit " + limit
                + ", 1,000 ticks a span");
        long planned = planner.stats().jobsRunTotal();
        assertTrue(budget.equals(Budget.jobsPerTick(10)) ? planned >= 9000 * 10 - 10 : planned > 9000, "planned all along: " + planned);
        int found = 0;
        int limited = 0;
        for (int agent = 0; agent < 300; agent++) {
            Route route = scene.routes.get(agent);
            found += route.found() ? 1 : 0;
            limited += route.status() == PathStatus.LIMIT ? 1 : 0;
        }
        if (limit == PathPlanningSystem.NO_NODE_LIMIT) {
            assertTrue(found == 300, "every patrol has its path: " + found);
        } else {
            assertTrue(limited > 30 && found > 30, "searches stopped at the limit and others found: " + limited + ", " + found);
        }
    }

    /** The open cells reachable from the first open cell whose part of the maze holds at least half the cells. */
    private static int[] patrolCells(Grid grid) {
        for (int start = 0; start < grid.getNodeCount(); start++) {
            if (grid.open(start)) {
                boolean[] reachable = grid.reachableFrom(start);
                int[] cells = java.util.stream.IntStream.range(0, reachable.length).filter(i -> reachable[i]).toArray();
                if (cells.length > grid.getNodeCount() / 2) {
                    return cells;
                }
            }
        }
        throw new AssertionError("no large part in this maze");
    }
}
