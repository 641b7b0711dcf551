package io.github.ecstimeslice.paths;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.facing.Position;

import java.util.ArrayList;
import java.util.List;

/** A world for the path tests: the game's systems given, then the planner, then (if given) the walker. */
final class PathScene {

    final Grid grid;
    final World world;
    final PathPlanningSystem<Grid.Cell> planner;
    final PathWalkSystem walker;
    final ComponentMapper<Position> positions;
    final ComponentMapper<PathGoal> goals;
    final ComponentMapper<Route> routes;
    final ComponentMapper<WalkSpeed> speeds;

    PathScene(Grid grid, PathPlanningSystem<Grid.Cell> planner, PathWalkSystem walker, BaseSystem... before) {
        this.grid = grid;
        this.planner = planner;
        this.walker = walker;
        List<BaseSystem> systems = new ArrayList<>(List.of(before));
        systems.add(planner);
        if (walker != null) {
            systems.add(walker);
        }
        world = new World(new WorldConfigurationBuilder().with(systems.toArray(new BaseSystem[0])).build());
        positions = world.getMapper(Position.class);
        goals = world.getMapper(PathGoal.class);
        routes = world.getMapper(Route.class);
        speeds = world.getMapper(WalkSpeed.class);
    }

    /** An agent standing on the center of cell {@code start}, going to cell {@code goal}; walks if {@code speed} is not null. */
    int agent(int start, int goal, Float speed) {
        int id = world.create();
        positions.create(id).set(grid.x(start), grid.y(start));
        goals.create(id).node = goal;
        routes.create(id);
        if (speed != null) {
            speeds.create(id).unitsPerSecond = speed;
        }
        return id;
    }

    void run(int ticks, float delta) {
        for (int i = 0; i < ticks; i++) {
            world.setDelta(delta);
            world.process();
        }
    }

    /** The route's nodes, start to goal. */
    int[] nodes(int agent) {
        Route route = routes.get(agent);
        int[] nodes = new int[route.length()];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = route.node(i);
        }
        return nodes;
    }
}
