package io.github.ecstimeslice.paths;

import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.facing.Position;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.params.provider.EnumSource;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Under random churn (agents created and deleted every tick, before and after the planner, their
 * ids recycled) no agent receives a path planned for another: every agent has its own start and
 * goal, never another's in the run, and every path saved for it, and the route it holds after
 * every tick, is from its start to its goal.
 */
class PathChurnTest {

    /** Which agent an entity is: its start and goal cells. */
    public static class Agent extends Component {
        int start;
        int goal;
    }

    static Stream<Arguments> policiesAndThreading() {
        return Arrays.stream(Threading.values()).flatMap(threading -> Stream.of(IoPolicy.AIAO, IoPolicy.SISO)
                .map(policy -> Arguments.of(policy, threading)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("policiesAndThreading")
    void noAgentReceivesAPathPlannedForAnother(IoPolicy policy, Threading threading) {
        Grid grid = Grid.random(48, 48, 0.15, 41);
        Agents agents = new Agents(grid, new Random(7));
        CheckedPlanner planner = new CheckedPlanner(grid, policy);
        planner.setThreading(threading);
        World world = new World(new WorldConfigurationBuilder()
                .with(new Churn(agents), planner, new ChurnAfter(agents))
                .build());
        for (int i = 0; i < 30; i++) {
            agents.create(world);
        }
        ComponentMapper<Route> routes = world.getMapper(Route.class);
        ComponentMapper<Agent> who = world.getMapper(Agent.class);
        for (int tick = 0; tick < 300; tick++) {
            world.setDelta(1f / 60);
            world.process();
            for (int i = 0; i < agents.alive.size(); i++) {
                int id = agents.alive.get(i);
                Route route = routes.get(id);
                Agent agent = who.get(id);
                if (route.status() == null) {
                    assertEquals(Route.NONE, route.goal(), "entity " + id + " has no plan yet");
                    assertEquals(0, route.length(), "entity " + id + " has no plan yet");
                    continue;
                }
                assertEquals(agent.goal, route.goal(), "entity " + id + " holds a route to another's goal");
                if (route.found()) {
                    assertEquals(agent.start, route.node(0), "entity " + id + " holds a route from another's start");
                    assertEquals(agent.goal, route.node(route.length() - 1), "entity " + id + " route's end");
                }
            }
        }
        world.dispose();
        assertTrue(agents.recycled > 100, "ids recycled: " + agents.recycled);
        assertTrue(agents.deleted > 250, "agents deleted: " + agents.deleted);
        assertTrue(planner.saves > 500, "paths saved: " + planner.saves);
        assertTrue(planner.found > 100 && planner.notFound > 10, "both outcomes: " + planner.found + ", " + planner.notFound);
    }

    /** A planner that checks every path it saves against the agent it is saved for. */
    static final class CheckedPlanner extends PathPlanningSystem<Grid.Cell> {
        private ComponentMapper<Agent> who;
        int saves;
        int found;
        int notFound;

        CheckedPlanner(Grid grid, IoPolicy policy) {
            super(grid, grid.heuristic(), grid, policy, Budget.jobsPerTick(4));
        }

        @Override
        protected void outputSaved(int entityId, PlannedPath output) {
            Agent agent = who.get(entityId);
            assertEquals(agent.goal, output.goal(), "entity " + entityId + " was given a path to another's goal");
            assertEquals(agent.start, output.start(), "entity " + entityId + " was given a path from another's start");
            if (output.status() == PathStatus.FOUND) {
                assertEquals(agent.start, output.node(0));
                assertEquals(agent.goal, output.node(output.length() - 1));
                found++;
            } else {
                notFound++;
            }
            saves++;
            super.outputSaved(entityId, output);
        }
    }

    /** The run's agents: no two of the run have the same start (an open cell) or the same goal (any cell). */
    static final class Agents {
        private final Random random;
        private final Grid grid;
        private final int[] cells;
        private int next;
        final IntBag alive = new IntBag();
        private final Set<Integer> used = new HashSet<>();
        int recycled;
        int deleted;

        Agents(Grid grid, Random random) {
            this.grid = grid;
            this.random = random;
            cells = java.util.stream.IntStream.range(0, grid.getNodeCount()).filter(grid::open).toArray();
        }

        void create(World world) {
            assertTrue(next < cells.length, "the run ran out of unique cells");
            int start = cells[next];
            int goal = grid.getNodeCount() - 1 - next; // walls too: unreachable
            next++;
            int id = world.create();
            world.getMapper(Position.class).create(id).set(grid.x(start), grid.y(start));
            world.getMapper(PathGoal.class).create(id).node = goal;
            world.getMapper(Route.class).create(id);
            Agent agent = world.getMapper(Agent.class).create(id);
            agent.start = start;
            agent.goal = goal;
            recycled += used.add(id) ? 0 : 1;
            alive.add(id);
        }

        /** Creates up to two agents and deletes up to two. */
        void step(World world) {
            for (int i = random.nextInt(3); i > 0; i--) {
                create(world);
            }
            for (int i = random.nextInt(3); i > 0 && !alive.isEmpty(); i--) {
                world.delete(alive.removeIndex(random.nextInt(alive.size())));
                deleted++;
            }
        }
    }

    static class Churn extends BaseSystem {
        private final Agents agents;

        Churn(Agents agents) {
            this.agents = agents;
        }

        @Override
        protected void processSystem() {
            agents.step(world);
        }
    }

    static final class ChurnAfter extends Churn {
        ChurnAfter(Agents agents) {
            super(agents);
        }
    }

    /** Gives up on an agent whose search found no path: takes its goal off as it is saved ("remove the component to stop planning"). */
    static final class GivingUpPlanner extends PathPlanningSystem<Grid.Cell> {
        private ComponentMapper<PathGoal> goals;

        GivingUpPlanner(Grid grid, IoPolicy policy) {
            super(grid, grid.heuristic(), grid, policy, Budget.jobsPerTick(10));
        }

        @Override
        protected void outputSaved(int agent, PlannedPath output) {
            super.outputSaved(agent, output);
            if (output.status() != PathStatus.FOUND) {
                goals.remove(agent);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(IoPolicy.class)
    void anAgentWhoseGoalIsTakenOffAsItsPathIsSavedStopsPlanningAndKeepsItsRoute(IoPolicy policy) {
        // with sync output, the next batch starts in the turn that saved: the agent still has a job in it
        Grid grid = Grid.parse(1f, true, "....#....");
        GivingUpPlanner planner = new GivingUpPlanner(grid, policy);
        PathScene scene = new PathScene(grid, planner, null);
        int reachable = scene.agent(0, 3, null);
        int hopeless = scene.agent(1, 8, null); // behind the wall
        scene.run(6, 1 / 60f);
        assertEquals(PathStatus.NOT_FOUND, scene.routes.get(hopeless).status(), "the route it had");
        assertFalse(scene.goals.has(hopeless));
        assertTrue(scene.routes.get(reachable).found());
    }
}
