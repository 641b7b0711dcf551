/**
 * The path kit: path planning for many agents with gdx-ai's indexed A*, timesliced and on all
 * cores, and the every-tick walk along the planned paths.
 *
 * <p><b>What to add.</b> The kit needs {@code com.badlogicgames.gdx:gdx-ai:1.8.2} and libGDX's
 * {@code com.badlogicgames.gdx:gdx} on the game's classpath (ecs-timeslice declares both as
 * optional: the core and the facing kit need artemis-odb alone). Then:
 * <ul>
 * <li>the game's graph, an {@code IndexedGraph<N>}, a {@code Heuristic<N>} and a {@link io.github.ecstimeslice.paths.NodeMap}
 *     (node by index, where nodes are, the node under a point);</li>
 * <li>the systems, planner first: {@code new PathPlanningSystem<>(graph, heuristic, map, IoPolicy.AIAO,
 *     Budget.millisPerTick(2))} and {@code new PathWalkSystem(map)};</li>
 * <li>on each agent: a {@link io.github.ecstimeslice.facing.Position} (world units, shared with the
 *     facing kit, so an agent can walk and face), a {@link io.github.ecstimeslice.paths.PathGoal}
 *     (the goal node), an empty {@link io.github.ecstimeslice.paths.Route} and a
 *     {@link io.github.ecstimeslice.paths.WalkSpeed}.</li>
 * </ul>
 * The agent's current node is not a component: the planner takes the node the agent walks to,
 * or the node under its position ({@code NodeMap.indexAt}), as a tile-map game would, so the
 * game keeps positions only.
 */
package io.github.ecstimeslice.paths;
