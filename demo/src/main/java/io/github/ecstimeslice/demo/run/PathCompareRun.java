package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.maze.MazeGraph;
import io.github.ecstimeslice.demo.maze.MazeScene;
import io.github.ecstimeslice.demo.scene.TickTimes;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --scene paths --compare}: the same maze and agents, one row after another: every agent
 * re-planned every tick (the spike, measured over {@value #SPIKE_MEASURED_TICKS} ticks: each costs the
 * same, and a large scene's take seconds), gdx-ai's {@code PathFinderQueue} given the budget's
 * milliseconds a tick, and the timesliced planner with the same budget on the world's thread and
 * on same-tick workers (where the milliseconds are the workers' summed time). Each row warms up,
 * then measures its ticks (mean, p99), the planning layer's time, paths planned per second and the
 * age of the paths the agents walk.
 */
final class PathCompareRun extends RowRun<MazeScene> {

    /** One row of the table. */
    private record Row(String name, TickTimes times, double planningMillis, double pathsPerSecond, double meanAge,
                       double maxAge) {
    }

    private static final int ROWS = 4;
    /** The spike row's ticks, warm-up and measured: every tick costs the same, and a large scene's take seconds. */
    private static final int SPIKE_WARMUP_TICKS = 3;
    private static final int SPIKE_MEASURED_TICKS = 12;

    private final RunOptions options;
    private final double millis;
    private final MazeGraph graph;
    private final PrintStream out;
    private final List<Row> rows = new ArrayList<>();
    private final MazeScene.Measures measures = new MazeScene.Measures();

    private String rowName;
    private long pathsBefore;
    private long planningNanos;
    private double ageSum;
    private double ageMax;
    private int samples;

    PathCompareRun(RunOptions options, PrintStream out) {
        super(Math.max(120, options.ticks() / 5), options.ticks(), options.delta());
        this.options = options;
        this.millis = options.budgetMillis();
        this.graph = options.mazeGraph();
        this.out = out;
        out.printf(Locale.ROOT, "compare paths: %d agents in a %d x %d maze (%d open cells), %s, %.3g ms a tick,"
                        + " %d warm-up + %d measured ticks a row%n", options.npcs(), options.mazeWidth(),
                options.mazeHeight(), graph.getNodeCount(), options.policy(), millis, warmupTicks, measuredTicks);
    }

    @Override
    MazeScene startRow() {
        int agents = options.npcs();
        long seed = options.seed();
        IoPolicy policy = options.policy();
        Budget budget = options.budget();
        MazeScene next = switch (rows.size()) {
            case 0 -> {
                rowName = "every agent every tick";
                yield MazeScene.timesliced(graph, agents, seed, policy, Budget.jobsPerTick(agents), options.history(),
                        Threading.WORLD_THREAD);
            }
            case 1 -> {
                rowName = String.format(Locale.ROOT, "gdx-ai PathFinderQueue, %.3g ms", millis);
                yield MazeScene.queued(graph, agents, seed, millis, false);
            }
            case 2 -> {
                rowName = String.format(Locale.ROOT, "ecs-timeslice %s %s, world thread", policy, budget);
                yield MazeScene.timesliced(graph, agents, seed, policy, budget, options.history(), Threading.WORLD_THREAD);
            }
            default -> {
                rowName = String.format(Locale.ROOT, "ecs-timeslice %s %s, same-tick workers", policy, budget);
                yield MazeScene.timesliced(graph, agents, seed, policy, budget, options.history(),
                        Threading.WORKERS_SAME_TICK);
            }
        };
        planningNanos = 0;
        ageSum = 0;
        ageMax = 0;
        samples = 0;
        return next.walkOn(options.animationThreading());
    }

    @Override
    int warmupTicksOfRow() {
        return rows.isEmpty() ? Math.min(warmupTicks, SPIKE_WARMUP_TICKS) : warmupTicks;
    }

    @Override
    int measuredTicksOfRow() {
        return rows.isEmpty() ? Math.min(measuredTicks, SPIKE_MEASURED_TICKS) : measuredTicks;
    }

    @Override
    void warmedUp() {
        pathsBefore = scene.pathsPlanned();
    }

    @Override
    void measured() {
        planningNanos += scene.planningNanos();
    }

    @Override
    void sample() {
        scene.measure(measures);
        ageSum += measures.meanAgeSeconds();
        ageMax = Math.max(ageMax, measures.maxAgeSeconds());
        samples++;
    }

    @Override
    void endRow() {
        rows.add(new Row(rowName, times, planningNanos / 1e6 / rowMeasuredTicks,
                (scene.pathsPlanned() - pathsBefore) / (rowMeasuredTicks * (double) delta),
                samples == 0 ? 0 : ageSum / samples, ageMax));
        out.printf(Locale.ROOT, "  measured %s%n", rowName);
    }

    @Override
    boolean finished() {
        return rows.size() == ROWS;
    }

    @Override
    public void finish() {
        out.println();
        out.println("| planner | mean tick ms | p99 tick ms | plan ms/tick | paths/s | path age mean | path age max |");
        out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.0f | %.3f s | %.3f s |%n", r.name(),
                    r.times().meanMillis(), r.times().percentileMillis(99), r.planningMillis(), r.pathsPerSecond(),
                    r.meanAge(), r.maxAge());
        }
    }
}
