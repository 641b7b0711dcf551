package io.github.ecstimeslice.demo.maze;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.scene.LogHistogram;
import io.github.ecstimeslice.paths.PathPlanningSystem;
import io.github.ecstimeslice.paths.PathQuery;
import io.github.ecstimeslice.paths.PlannedPath;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The paths scene's planner, each piece of a search timed into {@link #jobTimes} (a whole search
 * on workers or under a jobs budget is one piece), and the longest since the last look kept
 * ({@link #longestJob}): what one piece costs, for whether a time budget holds to within a piece.
 * Two clock reads a piece.
 */
final class TimedPathPlanning extends PathPlanningSystem<MazeGraph.Cell> {

    final LogHistogram jobTimes = new LogHistogram();
    /** The longest search since the last look, ns. */
    final AtomicLong longestJob = new AtomicLong();

    TimedPathPlanning(MazeGraph graph, IoPolicy policy, Budget budget, int history) {
        super(graph, MazeGraph.OCTILE, graph, policy, budget, history);
    }

    @Override
    protected int runJobPiece(int agent, PathQuery<MazeGraph.Cell> query, PlannedPath output, int work, boolean first) {
        long start = System.nanoTime();
        int used = super.runJobPiece(agent, query, output, work, first);
        long nanos = System.nanoTime() - start;
        jobTimes.add(nanos); // on the job's thread: the histogram takes adds from any
        longestJob.accumulateAndGet(nanos, Math::max);
        return used;
    }
}
