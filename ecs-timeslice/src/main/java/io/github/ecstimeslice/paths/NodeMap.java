package io.github.ecstimeslice.paths;

/**
 * Where the game's graph lies in its world: which node an index names, where each node stands in
 * world units, and which node is at a world position. For a tile map, a few one-liners on the
 * class that already implements {@code IndexedGraph} (a tile's node, its center, the tile under a
 * point).
 *
 * <p>{@link PathPlanningSystem} calls {@link #node} and {@link #indexAt} on the world's thread;
 * {@link PathWalkSystem} calls {@link #x} and {@link #y}, with worker threading from several
 * threads at once: they must only read.
 *
 * @param <N> the graph's node type
 */
public interface NodeMap<N> {

    /**
     * The graph's node with this index ({@code IndexedGraph.getIndex}'s inverse), 0 to
     * {@code getNodeCount() - 1}: the very object the graph's connections lead to, as gdx-ai's
     * finder tells nodes apart by identity.
     */
    N node(int index);

    /** The x coordinate, in world units, of the point an agent walks to on the node (a tile's center). */
    float x(int index);

    /** The y coordinate, in world units, of the point an agent walks to on the node (a tile's center). */
    float y(int index);

    /** The index of the node at a world position (the tile under it): where an agent standing there starts its paths. */
    int indexAt(float x, float y);
}
