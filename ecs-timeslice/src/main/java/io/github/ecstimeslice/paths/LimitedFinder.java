package io.github.ecstimeslice.paths;

import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;

/**
 * gdx-ai's indexed A* with a node limit, in pieces:
 * <ul>
 * <li>a search that would expand more than {@link #maxExpanded} nodes stops by throwing
 *     {@link #LIMIT_REACHED}, a shared exception without a stack trace, so stopping costs nothing
 *     and allocates nothing (letting it run on without expanding would still pop the open list,
 *     and could pop the goal with a cost that is not the cheapest);</li>
 * <li>a piece stops after {@link #pieceLeft} expansions by throwing {@link #PIECE_OVER}, the node
 *     expanded whole; after {@link #resumeNext()} the next search call goes on from gdx-ai's loop's
 *     top, its open list as the piece left it, instead of starting again.</li>
 * </ul>
 * One search's at a time: the finder keeps its search state in itself.
 */
final class LimitedFinder<N> extends IndexedAStarPathFinder<N> {

    /** Thrown by a search that reached its limit; carries nothing, so one instance serves every thread. */
    static final SearchLimitReached LIMIT_REACHED = new SearchLimitReached("the search reached its node limit");
    /** Thrown by a search whose piece used its expansions; shared likewise. */
    static final SearchLimitReached PIECE_OVER = new SearchLimitReached("the search's piece used its expansions");

    /** The graph's node count when this finder was made: its node records cover that many. */
    final int nodeCount;
    /** The most nodes the next search may expand. */
    int maxExpanded = Integer.MAX_VALUE;
    /** The nodes the search in progress expanded. */
    int expanded;
    /** The expansions the piece in progress may still make. */
    int pieceLeft = Integer.MAX_VALUE;
    /** True if the next search call goes on with the search in progress. */
    private boolean resuming;

    LimitedFinder(IndexedGraph<N> graph) {
        super(graph);
        nodeCount = graph.getNodeCount();
    }

    @Override
    protected void initSearch(N startNode, N endNode, Heuristic<N> heuristic) {
        if (resuming) {
            resuming = false;
            return;
        }
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
        if (--pieceLeft == 0) {
            throw PIECE_OVER; // after the node's expansion: the search's loop goes on at its top
        }
    }

    /** The next search call goes on with the search a piece stopped; call it only while its open list holds a node. */
    void resumeNext() {
        resuming = true;
    }

    static final class SearchLimitReached extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private SearchLimitReached(String message) {
            super(message);
        }

        /** None: one instance is thrown again and again, and no one reads where it was made. */
        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
