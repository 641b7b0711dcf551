package io.github.ecstimeslice.paths;

/**
 * What a path job reads, on the world's thread: the start and goal nodes (their indices and the
 * graph's objects) and the search's node limit.
 *
 * @param <N> the graph's node type
 */
public final class PathQuery<N> {
    public int start;
    public int goal;
    public N startNode;
    public N goalNode;
    public int maxNodes;
    /** The agent's {@link Route#stops} when this was read: a plan from before a stop is dropped. */
    int routeStops;
    /** The search in progress for this query, between its pieces; null when none is. */
    PathSearch<N> search;
}
