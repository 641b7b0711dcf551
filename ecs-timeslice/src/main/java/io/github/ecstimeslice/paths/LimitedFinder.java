package io.github.ecstimeslice.paths;

import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;

/**
 * gdx-ai's indexed A* with a node limit: a search that would expand more than {@link #maxExpanded}
 * nodes stops by throwing {@link #LIMIT_REACHED}, a shared exception without a stack trace, so
 * stopping costs nothing and allocates nothing. (Letting the search run on without expanding
 * would still pop the open list, and could pop the goal with a cost that is not the cheapest.)
 * One thread's: the finder keeps its search state in itself.
 */
final class LimitedFinder<N> extends IndexedAStarPathFinder<N> {

    /** Thrown by a search that reached its limit; carries nothing, so one instance serves every thread. */
    static final SearchLimitReached LIMIT_REACHED = new SearchLimitReached();

    /** The graph's node count when this finder was made: its node records cover that many. */
    final int nodeCount;
    /** The most nodes the next search may expand. */
    int maxExpanded = Integer.MAX_VALUE;
    private int expanded;

    LimitedFinder(IndexedGraph<N> graph) {
        super(graph);
        nodeCount = graph.getNodeCount();
    }

    @Override
    protected void initSearch(N startNode, N endNode, Heuristic<N> heuristic) {
        expanded = 0;
        super.initSearch(startNode, endNode, heuristic);
    }

    /** Expands the node the search just closed (never the goal: reaching it ends the search first). */
    @Override
    protected void visitChildren(N endNode, Heuristic<N> heuristic) {
        if (expanded == maxExpanded) {
            throw LIMIT_REACHED;
        }
        expanded++;
        super.visitChildren(endNode, heuristic);
    }

    static final class SearchLimitReached extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private SearchLimitReached() {
            super("the search reached its node limit");
        }

        /** None: one instance is thrown again and again, and no one reads where it was made. */
        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
