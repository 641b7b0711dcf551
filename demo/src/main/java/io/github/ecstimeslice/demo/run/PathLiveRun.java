package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.DecisionStats;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.maze.MazeScene;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code --scene paths}: the maze scene, a report line per second of game time and a summary at
 * the end. Path ages, the agents with a path and the mean path are measured on every fourth tick,
 * outside its time, and averaged (the age's max taken) over the report's ticks. The summary splits
 * the planner's turns into ticks with a batch start and without ({@link TurnSplit}), each search
 * timed: whether a time budget holds.
 */
final class PathLiveRun implements RunMode {

    private final MazeScene scene;
    private final int ticks;
    private final float delta;
    private final int ticksPerReport;
    private final PrintStream out;
    private final MazeScene.Measures measures = new MazeScene.Measures();
    private final LiveTimes times;
    private final TurnSplit turns;
    private final String budgetText;
    private final double budgetMillis;

    private int done;
    private long pathsBefore;
    private int samples;
    private double ageSum;
    private double ageMax;
    private long withPathSum;
    private double pathCellsSum;
    private double lastMeanAge;

    PathLiveRun(RunOptions options, PrintStream out) {
        this.scene = options.mazeScene(options.policy(), options.budget(), options.threading())
                .walkOn(options.animationThreading());
        this.ticks = options.ticks();
        this.delta = options.delta();
        this.ticksPerReport = Math.max(1, (int) Math.round(options.tickRate()));
        this.out = out;
        this.times = new LiveTimes(LiveTimes.warmUpTicks(ticks, ticksPerReport));
        this.budgetText = options.budget().toString();
        this.budgetMillis = options.budgetMillis();
        // searches go in pieces under a work budget, and under a time budget on the world's thread
        boolean inPieces = options.budget().toString().startsWith("workPerTick")
                || !Double.isNaN(budgetMillis) && options.threading() == Threading.WORLD_THREAD;
        this.turns = new TurnSplit(LiveTimes.warmUpTicks(ticks, ticksPerReport)).timedJobs(scene.jobTimes(), budgetMillis,
                inPieces ? "piece of a search" : "search");
        out.printf(Locale.ROOT, "paths: %d agents in a %d x %d maze (%d open cells), %s, budget %s, history %d,"
                        + " planning threads %s, walking threads %s, %d ticks at %.0f Hz%n",
                scene.agentCount(), options.mazeWidth(), options.mazeHeight(), scene.graph().getNodeCount(),
                options.policy(), options.budget(), options.history(), ThreadingWords.word(options.threading()),
                ThreadingWords.word(options.animationThreading()), ticks, options.tickRate());
    }

    @Override
    public boolean tick() {
        DecisionStats stats = scene.planning().stats();
        long batchesBefore = stats.batchesStarted();
        long start = System.nanoTime();
        scene.tick(delta);
        long end = System.nanoTime();
        done++;
        times.add(end - start, scene.planningNanos(), scene.walkingNanos());
        turns.add(scene.planningNanos(), stats.batchesStarted() != batchesBefore, stats.lastBatchStartMillis(),
                stats.jobsRunLastTick(), scene.takeLongestJobNanos());
        if (done % 4 == 0) {
            scene.measure(measures);
            samples++;
            ageSum += measures.meanAgeSeconds();
            ageMax = Math.max(ageMax, measures.maxAgeSeconds());
            withPathSum += measures.withPath();
            pathCellsSum += measures.meanPathCells();
        }
        if (done % ticksPerReport == 0 || done == ticks) {
            report(end);
        }
        return done >= ticks;
    }

    private void report(long now) {
        long paths = scene.pathsPlanned();
        String routes = samples == 0 ? "paths n/a (not measured yet)" : String.format(Locale.ROOT,
                "path age mean %5.3f max %5.3f s  %d/%d with a path  mean path %5.1f cells",
                ageSum / samples, ageMax, Math.round((double) withPathSum / samples), scene.agentCount(),
                pathCellsSum / samples);
        out.printf(Locale.ROOT, "t=%6.1fs  %s  %8.0f paths/s  %s%n", done * delta, times.reportText(now, "plan", "walk"),
                (paths - pathsBefore) / (times.reportTicks * (double) delta), routes);
        if (samples > 0) {
            lastMeanAge = ageSum / samples;
        }
        pathsBefore = paths;
        times.nextReport(now);
        samples = 0;
        ageSum = 0;
        ageMax = 0;
        withPathSum = 0;
        pathCellsSum = 0;
    }

    @Override
    public void finish() {
        double seconds = done * (double) delta;
        double pathsPerSecond = scene.pathsPlanned() / seconds;
        out.printf(Locale.ROOT, "summary: %d ticks of %d agents: %s; %d paths planned (%.0f a game second),"
                        + " path age %.3f s over the last second%n",
                done, scene.agentCount(), times.summaryText("plan", "walk"), scene.pathsPlanned(), pathsPerSecond,
                lastMeanAge);
        scene.measure(measures);
        out.println(withAPath(scene.agentCount(), measures.planned(), measures.withPath(), pathsPerSecond));
        out.println(turns.summary("planning turns", budgetText, budgetMillis));
        scene.dispose();
    }

    /**
     * The agents with a path at the end, and in words why the others have none: of {@code agents},
     * {@code planned} were planned at least once and {@code withPath} found a path, at
     * {@code pathsPerSecond} over the run. An agent not planned yet waits for its turn in the first
     * batch, standing still.
     */
    static String withAPath(int agents, int planned, int withPath, double pathsPerSecond) {
        String count = String.format(Locale.ROOT, "at the end: %d of %d agents with a path", withPath, agents);
        if (withPath == agents) {
            return count + ". Every agent has a path to walk.";
        }
        StringBuilder why = new StringBuilder(count).append('.');
        if (planned < agents) {
            why.append(String.format(Locale.ROOT, " %d have not been planned yet: a batch plans each agent once, and at"
                    + " %.0f paths a game second a batch of %d takes about %.1f s; until its turn in the first batch an"
                    + " agent stands still. A larger --budget plans them sooner.",
                    agents - planned, pathsPerSecond, agents, agents / pathsPerSecond));
        }
        if (withPath < planned) {
            why.append(String.format(Locale.ROOT, " %d were planned but their latest search found no path.",
                    planned - withPath));
        }
        return why.toString();
    }
}
