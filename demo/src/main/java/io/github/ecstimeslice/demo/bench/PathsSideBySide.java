package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SlicedSystem;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.maze.Maze;
import io.github.ecstimeslice.demo.maze.MazeGraph;
import io.github.ecstimeslice.demo.maze.MazeScene;
import io.github.ecstimeslice.demo.scene.TickTimes;
import io.github.ecstimeslice.paths.PathPlanningSystem;
import io.github.ecstimeslice.paths.PathQuery;
import io.github.ecstimeslice.paths.PlannedPath;
import io.github.ecstimeslice.demo.cli.OneLineErrors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Path planning measured side by side: the demo's maze (256 × 256 cells, 2,000 agents) with the
 * agents patrolling, each to a random open cell and then another, so searches stay as long as the
 * maze makes them (chasing one target, they shrink as the agents close in); worlds built together
 * and ticked in turn.
 * <ul>
 * <li>{@code workers}: the same jobs a tick (AIAO, {@code jobsPerTick}) on the world's thread and on
 *     same-tick workers: the planning layer's time over each round, whose ratio is the workers'
 *     speedup in paths per second of planning (both worlds plan the same paths in the same ticks);</li>
 * <li>{@code budget}: gdx-ai's {@code PathFinderQueue} and ecs-timeslice given the same
 *     milliseconds a tick ({@code millisPerTick} on the world's thread, its searches in pieces of
 *     node expansions and whole, as before pieces, and on same-tick workers): paths a tick, the
 *     planning layer's time a tick (mean, p99) and, on the world's thread, how far each tick went
 *     over the budget against the longest job, or piece, it ran.</li>
 * </ul>
 */
@Command(name = "PathsSideBySide", mixinStandardHelpOptions = true,
        description = "Paths planned per second: workers against the world's thread, and against gdx-ai's PathFinderQueue.")
public final class PathsSideBySide implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--quick", description = "a smoke run: a small maze, 2 short rounds")
    private boolean quick;

    @Option(names = "--chase", description = "the agents chase the touring target, as in the demo's paths scene, instead of patrolling")
    private boolean chase;

    @Option(names = "--work-per-piece", defaultValue = "256",
            description = "node expansions a piece for the planner in pieces (default: ${DEFAULT-VALUE})")
    private int workPerPiece;

    @Option(names = "--budget-only", description = "leave out the workers' comparison")
    private boolean budgetOnly;

    @Option(names = "--pieces-millis", description = "milliseconds a tick for the planner in pieces (default: --millis):"
            + " the whole searches' mean, for paths a tick in the same planning time")
    private Double piecesMillis;

    @Option(names = "--millis", defaultValue = "2", description = "milliseconds a tick for the budget comparison (default: ${DEFAULT-VALUE})")
    private double millis;

    private final PrintStream out;

    PathsSideBySide(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the comparisons; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new PathsSideBySide(out), out, err, args);
    }

    @Override
    public Integer call() {
        if (!(millis > 0 && millis <= 100)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--millis must be above 0 and at most 100, was " + millis);
        }
        if (piecesMillis != null && !(piecesMillis > 0 && piecesMillis <= 100)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--pieces-millis must be above 0 and at most 100, was " + piecesMillis);
        }
        if (workPerPiece < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--work-per-piece must be at least 1, was " + workPerPiece);
        }
        int side = quick ? 64 : 256;
        int agents = quick ? 200 : 2000;
        int rounds = quick ? 2 : 5;
        int ticks = quick ? 60 : 600;
        MazeGraph graph = new MazeGraph(Maze.generate(side, side, 1));
        float delta = 1 / 60f;
        out.printf(Locale.ROOT, "%d agents %s in a %d x %d maze (%d open cells), %d rounds of %d ticks, worlds in turn%n",
                agents, chase ? "chasing the target" : "patrolling", side, side, graph.getNodeCount(), rounds, ticks);

        if (!budgetOnly) {
            compareWorkers(graph, agents, rounds, ticks, delta);
        }
        compareBudgets(graph, agents, rounds, ticks, delta);
        return 0;
    }

    /** Same-tick workers against the world's thread, the same jobs a tick. */
    private void compareWorkers(MazeGraph graph, int agents, int rounds, int ticks, float delta) {
        int jobs = quick ? 8 : 32;
        MazeScene[] threadings = {scene(graph, agents, jobs, Threading.WORLD_THREAD),
                scene(graph, agents, jobs, Threading.WORKERS_SAME_TICK)};
        for (int i = 0; i < 60; i++) {
            for (MazeScene scene : threadings) {
                scene.tick(delta);
            }
        }
        // the planning layer's time, summed per round: both worlds plan the same paths in the same ticks
        double[] speedups = new double[rounds];
        long[] sums = new long[2];
        for (int round = 0; round < rounds; round++) {
            Arrays.fill(sums, 0);
            for (int i = 0; i < ticks; i++) {
                for (int k = 0; k < 2; k++) {
                    int w = (i & 1) == 0 ? k : 1 - k;
                    threadings[w].tick(delta);
                    sums[w] += threadings[w].planningNanos();
                }
            }
            speedups[round] = (double) sums[0] / sums[1];
        }
        for (MazeScene scene : threadings) {
            scene.dispose();
        }
        double[] sorted = speedups.clone();
        Arrays.sort(sorted);
        out.printf(Locale.ROOT, "%nworkers: %d paths a tick (AIAO, jobsPerTick(%d)); the world thread's planning time over"
                        + " same-tick workers': median %.2fx, rounds %s%n", jobs, jobs, sorted[rounds / 2],
                Arrays.toString(Arrays.stream(speedups).map(x -> Math.round(x * 100) / 100.0).toArray()));
    }

    /** gdx-ai's queue and ecs-timeslice's planners given the same milliseconds a tick. */
    private void compareBudgets(MazeGraph graph, int agents, int rounds, int ticks, float delta) {

        Timed[] planners = {
                new Timed("gdx-ai PathFinderQueue", MazeScene.queued(graph, agents, 1, millis, !chase), null, millis),
                timed("ecs-timeslice, world thread, in pieces" + (piecesMillis == null ? "" : String.format(Locale.ROOT,
                        ", given %.3g ms", piecesMillis)), graph, agents, Threading.WORLD_THREAD, workPerPiece),
                timed("ecs-timeslice, world thread, whole searches", graph, agents, Threading.WORLD_THREAD,
                        Integer.MAX_VALUE),
                timed("ecs-timeslice, same-tick workers", graph, agents, Threading.WORKERS_SAME_TICK,
                        SlicedSystem.DEFAULT_WORK_PER_PIECE)};
        for (Timed planner : planners) {
            planner.times = new TickTimes(rounds * ticks);
            planner.overshoots = new long[rounds * ticks];
            for (int i = 0; i < 60; i++) {
                planner.scene.tick(delta);
            }
        }
        for (int i = 0, n = rounds * ticks; i < n; i++) {
            for (int k = 0; k < planners.length; k++) {
                Timed planner = planners[(i & 1) == 0 ? k : planners.length - 1 - k];
                planner.tick(delta, i);
            }
        }
        out.printf(Locale.ROOT, "%nbudget: %.3g ms a tick each (summed over the workers for them)%n", millis);
        out.println("| planner | paths a tick | planning ms a tick, mean | p99 | ticks over the budget by more than their longest job or piece |");
        out.println("|---|---:|---:|---:|---:|");
        for (Timed planner : planners) {
            out.printf(Locale.ROOT, "| %s | %.2f | %.3f | %.3f | %s |%n", planner.name,
                    planner.paths / (double) (rounds * ticks), planner.times.meanMillis(),
                    planner.times.percentileMillis(99), planner.jobs == null ? "n/a" : planner.overBudget() + " of "
                            + rounds * ticks);
            planner.scene.dispose();
        }
    }

    /** The scene, patrolling or chasing, planned by {@code planning}. */
    private MazeScene scene(MazeGraph graph, int agents, PathPlanningSystem<MazeGraph.Cell> planning) {
        return chase ? MazeScene.chasing(graph, agents, 1, planning) : MazeScene.patrolling(graph, agents, 1, planning);
    }

    /** The scene planned with AIAO, {@code jobs} a tick, on {@code threading}. */
    private MazeScene scene(MazeGraph graph, int agents, int jobs, Threading threading) {
        PathPlanningSystem<MazeGraph.Cell> planning = new PathPlanningSystem<>(graph, MazeGraph.OCTILE, graph,
                IoPolicy.AIAO, Budget.jobsPerTick(jobs));
        planning.setThreading(threading);
        return scene(graph, agents, planning);
    }

    private Timed timed(String name, MazeGraph graph, int agents, Threading threading, int workPerPiece) {
        boolean inPieces = threading == Threading.WORLD_THREAD && workPerPiece != Integer.MAX_VALUE;
        double budget = inPieces && piecesMillis != null ? piecesMillis : millis;
        JobTimedPlanning planning = new JobTimedPlanning(graph, Budget.millisPerTick(budget));
        planning.setThreading(threading);
        planning.setWorkPerPiece(workPerPiece);
        return new Timed(name, scene(graph, agents, planning),
                threading == Threading.WORLD_THREAD ? planning : null, budget);
    }

    /** A planner, its scene, and what its ticks measured. */
    private static final class Timed {
        final String name;
        final MazeScene scene;
        /** On the world's thread: the planner that times its jobs; else null. */
        final JobTimedPlanning jobs;
        TickTimes times;
        /** Per tick: the planning time over the budget minus the tick's longest job, in nanoseconds. */
        long[] overshoots;
        long paths;
        /** The planner's milliseconds a tick. */
        final double millis;

        Timed(String name, MazeScene scene, JobTimedPlanning jobs, double millis) {
            this.name = name;
            this.scene = scene;
            this.jobs = jobs;
            this.millis = millis;
        }

        void tick(float delta, int index) {
            long before = scene.pathsPlanned();
            if (jobs != null) {
                jobs.longestJobNanos = 0;
            }
            scene.tick(delta);
            paths += scene.pathsPlanned() - before;
            times.add(scene.planningNanos());
            if (jobs != null) {
                overshoots[index] = scene.planningNanos() - (long) (millis * 1e6) - jobs.longestJobNanos;
            }
        }

        long overBudget() {
            return Arrays.stream(overshoots).filter(over -> over > 0).count();
        }
    }

    /** The path planner with each piece of a search timed on the world's thread (a whole search is one): the longest of the tick. */
    private static final class JobTimedPlanning extends PathPlanningSystem<MazeGraph.Cell> {
        long longestJobNanos;

        JobTimedPlanning(MazeGraph graph, Budget budget) {
            super(graph, MazeGraph.OCTILE, graph, IoPolicy.AIAO, budget);
        }

        @Override
        protected int runJobPiece(int agent, PathQuery<MazeGraph.Cell> query, PlannedPath output, int work, boolean first) {
            long start = System.nanoTime();
            int used = super.runJobPiece(agent, query, output, work, first);
            longestJobNanos = Math.max(longestJobNanos, System.nanoTime() - start);
            return used;
        }
    }
}
