package io.github.ecstimeslice.paths;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;
import com.badlogic.gdx.ai.pfa.indexed.TimesliceOpenList;
import io.github.ecstimeslice.SlicedSystem;

/**
 * A path search of one {@link PathPlanningSystem}, used by one job at a time, whole or in pieces
 * of node expansions: its own finder (gdx-ai's finders keep their search state in themselves) and
 * path buffer, made when every other search is in use and reused. A search allocates nothing once
 * the finder has a record for every node it visits and the buffers have grown to the longest path.
 */
final class PathSearch<N> {

    private final IndexedGraph<N> graph;
    private final Heuristic<N> heuristic;
    private final ConnectionPath<N> path = new ConnectionPath<>();
    /** Made on the first search, again if the graph's node count changed; dropped by {@link #release()}. */
    private LimitedFinder<N> finder;
    /** True once the search begun ran a piece: the next piece goes on with it. */
    private boolean begun;

    PathSearch(IndexedGraph<N> graph, Heuristic<N> heuristic) {
        this.graph = graph;
        this.heuristic = heuristic;
    }

    /** Begins {@code query}'s search, which the next {@link #advance} runs from its start. */
    void begin(PathQuery<N> query) {
        LimitedFinder<N> f = finder;
        if (f == null || f.nodeCount != graph.getNodeCount()) {
            f = finder = new LimitedFinder<>(graph);
        }
        f.maxExpanded = query.maxNodes;
        begun = false;
    }

    /**
     * Runs the search begun for {@code query} on for at most {@code work} node expansions.
     *
     * @return the expansions this piece made if the search ended, its outcome written into
     *         {@code out}; {@link SlicedSystem#GOES_ON} if it used them all and goes on
     */
    int advance(PathQuery<N> query, PlannedPath out, int work) {
        LimitedFinder<N> f = finder;
        int before = begun ? f.expanded : 0;
        if (begun) {
            if (TimesliceOpenList.isEmpty(f)) { // the last piece's expansion left no node to go on with
                out.noPath(PathStatus.NOT_FOUND, query.start, query.goal);
                return 0;
            }
            f.resumeNext();
        }
        begun = true;
        f.pieceLeft = work;
        path.clear();
        boolean found;
        try {
            found = f.searchConnectionPath(query.startNode, query.goalNode, heuristic, path);
        } catch (LimitedFinder.SearchLimitReached stopped) {
            if (stopped == LimitedFinder.PIECE_OVER) {
                return SlicedSystem.GOES_ON;
            }
            out.noPath(PathStatus.LIMIT, query.start, query.goal);
            return f.expanded - before;
        }
        if (!found) {
            out.noPath(PathStatus.NOT_FOUND, query.start, query.goal);
            return f.expanded - before;
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
        return f.expanded - before;
    }

    /** Lets go of the finder and its node records (the system was disposed; no job runs any more). */
    void release() {
        finder = null;
    }
}
