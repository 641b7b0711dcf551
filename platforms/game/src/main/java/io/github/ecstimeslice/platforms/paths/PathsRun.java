package io.github.ecstimeslice.platforms.paths;

import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.paths.PathGoal;
import io.github.ecstimeslice.paths.PathPlanningSystem;
import io.github.ecstimeslice.paths.Route;

/**
 * The path kit, the same on every platform: 40 agents standing in a 48 × 48 {@link PlatformGrid}
 * are planned under {@code Budget.workPerTick(150)} node expansions a tick, their searches in
 * pieces over ticks; every 100 ticks each agent is given another goal. {@link #run} reports the
 * plans made and a checksum of each: the tick it came in, the agent, its status, cost and nodes.
 * Java 8; the JVM, TeaVM and GWT run it.
 */
public final class PathsRun {

    /** Agents planned. */
    public static final int AGENTS = 40;
    /** Ticks played, at 60 a second. */
    public static final int TICKS = 600;

    private PathsRun() {
    }

    /** Plays the paths game, the planner on same-tick workers if {@code workers}; returns {@code plans N checksum C}. */
    public static String run(boolean workers) {
        PlatformGrid grid = new PlatformGrid(48);
        PathPlanningSystem<PlatformGrid.Cell> planner = new PathPlanningSystem<>(grid, grid, grid, IoPolicy.AIAO,
                Budget.workPerTick(150));
        if (workers) {
            planner.setThreading(Threading.WORKERS_SAME_TICK);
        }
        World world = new World(new WorldConfigurationBuilder().with(planner).build());
        ComponentMapper<PathGoal> goals = world.getMapper(PathGoal.class);
        ComponentMapper<Route> routes = world.getMapper(Route.class);
        int[] agents = new int[AGENTS];
        long[] seen = new long[AGENTS];
        for (int a = 0; a < AGENTS; a++) {
            int cell = open(grid, a * 211);
            agents[a] = world.create();
            world.edit(agents[a]).create(Position.class).set(grid.x(cell), grid.y(cell));
            world.edit(agents[a]).create(Route.class);
            goals.create(agents[a]).node = open(grid, a * 977 + 5);
            seen[a] = -1;
        }
        world.setDelta(1 / 60f);
        long plans = 0;
        long checksum = 0;
        for (int tick = 0; tick < TICKS; tick++) {
            if (tick % 100 == 99) {
                for (int a = 0; a < AGENTS; a++) {
                    goals.get(agents[a]).node = open(grid, a * 977 + tick * 31);
                }
            }
            world.process();
            for (int a = 0; a < AGENTS; a++) {
                Route route = routes.get(agents[a]);
                if (route.plannedAtTick() != seen[a]) {
                    seen[a] = route.plannedAtTick();
                    plans++;
                    checksum = (((checksum * 31 + tick) * 31 + a) * 31 + route.status().ordinal()) * 31 + (long) route.cost();
                    for (int i = 0; i < route.length(); i++) {
                        checksum = checksum * 31 + route.node(i);
                    }
                }
            }
        }
        world.dispose();
        return "plans " + plans + " checksum " + checksum;
    }

    /** The first open cell from {@code seed}'s cell on. */
    private static int open(PlatformGrid grid, int seed) {
        int cell = Math.abs(seed) % grid.getNodeCount();
        while (PlatformGrid.isWall(cell % grid.side, cell / grid.side)) {
            cell = (cell + 1) % grid.getNodeCount();
        }
        return cell;
    }
}
