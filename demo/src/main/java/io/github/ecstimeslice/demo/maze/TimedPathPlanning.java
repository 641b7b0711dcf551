package io.github.ecstimeslice.demo.maze;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.scene.LogHistogram;
import io.github.ecstimeslice.paths.PathPlanningSystem;
import io.github.ecstimeslice.paths.PathQuery;
import io.github.ecstimeslice.paths.PlannedPath;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The paths scene's planner, each search timed into {@link #jobTimes}, and the longest since the
 * last look kept ({@link #longestJob}): what one job costs, for whether a time budget holds to
 * within a job. Two clock reads a search of 0.1 to 10 ms.
 */
final class TimedPathPlanning extends PathPlanningSystem<MazeGraph.Cell> {

    final LogHistogram jobTimes = new LogHistogram();
    /** The longest search since the last look, ns. */
    final AtomicLong longestJob = new AtomicLong();

    TimedPathPlanning(MazeGraph graph, IoPolicy policy, Budget budget, int history) {
        super(graph, MazeGraph.OCTILE, graph, policy, budget, history);
    }

    @Override
    protected void runJob(int agent, PathQuery<MazeGraph.Cell> query, PlannedPath output) {
        long start = System.nanoTime();
        super.runJob(agent, query, output);
        long nanos = System.nanoTime() - start;
        jobTimes.add(nanos); // on the job's thread: the histogram takes adds from any
        longestJob.accumulateAndGet(nanos, Math::max);
    }
}
