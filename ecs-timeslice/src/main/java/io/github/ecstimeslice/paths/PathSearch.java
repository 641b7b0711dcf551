package io.github.ecstimeslice.paths;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;

/**
 * A path search of one {@link PathPlanningSystem}, used by one job at a time: its own finder
 * (gdx-ai's finders keep their search state in themselves) and path buffer, made when every other
 * search is in use and reused. A search allocates nothing once the finder has a record for every
 * node it visits and the buffers have grown to the longest path.
 */
final class PathSearch<N> {

    private final IndexedGraph<N> graph;
    private final Heuristic<N> heuristic;
    private final ConnectionPath<N> path = new ConnectionPath<>();
    /** Made on the first search, again if the graph's node count changed; dropped by {@link #release()}. */
    private LimitedFinder<N> finder;

    PathSearch(IndexedGraph<N> graph, Heuristic<N> heuristic) {
        this.graph = graph;
        this.heuristic = heuristic;
    }

    /** Searches the cheapest path for {@code query} and writes the outcome into {@code out}. */
    void plan(PathQuery<N> query, PlannedPath out) {
        LimitedFinder<N> f = finder;
        if (f == null || f.nodeCount != graph.getNodeCount()) {
            f = finder = new LimitedFinder<>(graph);
        }
        f.maxExpanded = query.maxNodes;
        path.clear();
        boolean found;
        try {
            found = f.searchConnectionPath(query.startNode, query.goalNode, heuristic, path);
        } catch (LimitedFinder.SearchLimitReached limit) {
            out.noPath(PathStatus.LIMIT, query.start, query.goal);
            return;
        }
        if (!found) {
            out.noPath(PathStatus.NOT_FOUND, query.start, query.goal);
            return;
        }
        int steps = path.getCount();
        int[] nodes = out.nodesFor(steps + 1);
        nodes[0] = query.start;
        float cost = 0;
        for (int i = 0; i < steps; i++) { // from the start: the cost adds up as the search's did
            Connection<N> step = path.get(i);
            nodes[i + 1] = graph.getIndex(step.getToNode());
            cost += step.getCost();
        }
        out.status = PathStatus.FOUND;
        out.start = query.start;
        out.goal = query.goal;
        out.cost = cost;
        out.length = steps + 1;
    }

    /** Lets go of the finder and its node records (the system was disposed; no job runs any more). */
    void release() {
        finder = null;
    }
}
