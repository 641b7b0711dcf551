package io.github.ecstimeslice.paths;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.SkipWire;
import io.github.ecstimeslice.ParallelIteratingSystem;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.facing.Position;

/**
 * The every-tick layer of the path kit: moves every agent with a {@link Position}, a {@link Route}
 * and a {@link WalkSpeed} along its route, {@link WalkSpeed} × the time since its last turn
 * ({@code world.delta} untiered) in world units, in straight lines from node to node
 * ({@link NodeMap#x}, {@link NodeMap#y}); a step that reaches a node goes on to the next with what
 * is left, and the agent stops on its goal. O(agents + nodes reached) per tick, no allocation; an
 * agent that stands costs one read. Each agent's step touches only its own components, so
 * {@link #setThreading(Threading) setThreading}{@code (WORKERS_SAME_TICK)} spreads the agents over
 * all cores.
 */
public class PathWalkSystem extends ParallelIteratingSystem {

    private ComponentMapper<Position> positions;
    private ComponentMapper<Route> routes;
    private ComponentMapper<WalkSpeed> speeds;
    @SkipWire
    private final NodeMap<?> map;

    /**
     * Walks every agent with a {@link Position}, a {@link Route} and a {@link WalkSpeed} to the
     * world positions {@code map} gives its route's nodes.
     *
     * @throws IllegalArgumentException if {@code map} is null
     */
    public PathWalkSystem(NodeMap<?> map) {
        super(Aspect.all(Position.class, Route.class, WalkSpeed.class));
        if (map == null) {
            throw new IllegalArgumentException("node map must not be null, was null");
        }
        this.map = map;
    }

    @Override
    protected void process(int agent) {
        Route route = routes.get(agent);
        if (route.heading() == Route.NONE) {
            return;
        }
        float step = speeds.get(agent).unitsPerSecond * entityDelta(agent);
        if (!(step > 0)) {
            step = 0; // negative or NaN; an agent on its heading node still arrives
        }
        Position at = positions.get(agent);
        float x = at.x;
        float y = at.y;
        for (int heading = route.heading(); heading != Route.NONE; heading = route.heading()) {
            float dx = map.x(heading) - x;
            float dy = map.y(heading) - y;
            float distance = (float) Math.sqrt(dx * dx + dy * dy);
            if (distance > step) {
                float part = step / distance;
                x += dx * part;
                y += dy * part;
                break;
            }
            x += dx;
            y += dy;
            step -= distance;
            route.arrived();
        }
        at.x = x;
        at.y = y;
    }
}
