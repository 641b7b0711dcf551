package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.maze.MazeGraph;
import io.github.ecstimeslice.demo.maze.MazeScene;
import io.github.ecstimeslice.demo.scene.TickTimes;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code --scene paths --compare}: the same maze and agents planned four ways. First, alone, every
 * agent re-planned every tick (the spike, measured over {@value #SPIKE_MEASURED_TICKS} ticks: each
 * costs the same, and a large scene's take seconds); then, ticked in rounds ({@link RoundsRun}) so
 * the machine's drift hits all alike, gdx-ai's {@code PathFinderQueue} given the budget's
 * milliseconds a tick, and the timesliced planner with the same budget on the world's thread and
 * on same-tick workers (where the milliseconds are the workers' summed time). Ticks (mean, p99),
 * the planning layer's time and paths planned a second are the median over the rounds with their
 * range, the age of the paths the agents walk over all the measured ticks; then, in words, whether
 * each timesliced planner differs clearly from gdx-ai's queue in p99 tick and in paths a second.
 */
final class PathCompareRun extends RoundsRun<MazeScene> {

    private static final int SPIKE = 0;
    private static final int QUEUE = 1;
    private static final int PLANNERS = 4;
    /** The spike row's ticks, warm-up and measured: every tick costs the same, and a large scene's take seconds. */
    private static final int SPIKE_WARMUP_TICKS = 3;
    private static final int SPIKE_MEASURED_TICKS = 12;

    private final RunOptions options;
    private final double millis;
    private final MazeGraph graph;
    private final PrintStream out;
    private final MazeScene.Measures measures = new MazeScene.Measures();
    /** Per planner: planning nanoseconds and paths planned per round, the paths count at its span's start, ages. */
    private final long[][] planningNanos;
    private final long[][] paths;
    private final long[] pathsAtSpanStart = new long[PLANNERS];
    private final double[] ageSums = new double[PLANNERS];
    private final double[] ageMax = new double[PLANNERS];
    private final int[] samples = new int[PLANNERS];

    PathCompareRun(RunOptions options, PrintStream out) {
        super(PLANNERS, Math.max(120, options.ticks() / 5), options.ticks(), options.delta(), out);
        this.options = options;
        this.millis = options.budgetMillis();
        this.graph = options.mazeGraph();
        this.out = out;
        planningNanos = new long[PLANNERS][rounds];
        paths = new long[PLANNERS][rounds];
        schedule.alone(SPIKE, Math.min(warmupTicks, SPIKE_WARMUP_TICKS), Math.min(rounds * spanTicks, SPIKE_MEASURED_TICKS));
        out.printf(Locale.ROOT, "compare paths: %d agents in a %d x %d maze (%d open cells), %s, %.3g ms a tick; every"
                        + " agent every tick alone first, then the others each warmed up %d ticks and measured in %d"
                        + " rounds of %d ticks, in turn, every other round backwards%n", options.npcs(),
                options.mazeWidth(), options.mazeHeight(), graph.getNodeCount(), options.policy(), millis, warmupTicks,
                rounds, spanTicks);
    }

    @Override
    MazeScene build(int contender) {
        int agents = options.npcs();
        long seed = options.seed();
        IoPolicy policy = options.policy();
        Budget budget = options.budget();
        MazeScene next = switch (contender) {
            case SPIKE -> MazeScene.timesliced(graph, agents, seed, policy, Budget.jobsPerTick(agents), options.history(),
                    Threading.WORLD_THREAD);
            case QUEUE -> MazeScene.queued(graph, agents, seed, millis, false);
            case 2 -> MazeScene.timesliced(graph, agents, seed, policy, budget, options.history(), Threading.WORLD_THREAD);
            default -> MazeScene.timesliced(graph, agents, seed, policy, budget, options.history(),
                    Threading.WORKERS_SAME_TICK);
        };
        return next.walkOn(options.animationThreading());
    }

    @Override
    String name(int contender) {
        return switch (contender) {
            case SPIKE -> "every agent every tick";
            case QUEUE -> "gdx-ai's queue";
            case 2 -> "ecs-timeslice on the world's thread";
            default -> "ecs-timeslice on same-tick workers";
        };
    }

    /** A planner's name in the table, with its budget. */
    private String rowName(int contender) {
        return switch (contender) {
            case SPIKE -> name(SPIKE);
            case QUEUE -> String.format(Locale.ROOT, "gdx-ai PathFinderQueue, %.3g ms", millis);
            case 2 -> String.format(Locale.ROOT, "ecs-timeslice %s %s, world thread", options.policy(), options.budget());
            default -> String.format(Locale.ROOT, "ecs-timeslice %s %s, same-tick workers", options.policy(),
                    options.budget());
        };
    }

    @Override
    void spanStarting(int contender, int round, MazeScene scene) {
        pathsAtSpanStart[contender] = scene.pathsPlanned();
    }

    @Override
    void measured(int contender, int round, MazeScene scene) {
        planningNanos[contender][round] += scene.planningNanos();
    }

    @Override
    void sample(int contender, MazeScene scene) {
        scene.measure(measures);
        ageSums[contender] += measures.meanAgeSeconds();
        ageMax[contender] = Math.max(ageMax[contender], measures.maxAgeSeconds());
        samples[contender]++;
    }

    @Override
    void spanEnded(int contender, int round, MazeScene scene) {
        paths[contender][round] = scene.pathsPlanned() - pathsAtSpanStart[contender];
    }

    /** A planner's per-round {@code sums} divided by {@code per}, as a median and a range. */
    private Spread perRound(int contender, long[] sums, double per) {
        double[] values = new double[roundsOf(contender)];
        for (int round = 0; round < values.length; round++) {
            values[round] = sums[round] / per;
        }
        return Spread.of(values);
    }

    @Override
    public void finish() {
        out.println();
        out.printf(Locale.ROOT, "ticks, planning and paths a second: the median of the %d rounds, then the range of the"
                + " rounds' figures, least to most; every agent every tick: its one span alone%n", rounds);
        out.println("| planner | mean tick ms | p99 tick ms | plan ms/tick | paths/s | path age mean | path age max |");
        out.println("|---|---:|---:|---:|---:|---:|---:|");
        Spread[] p99 = new Spread[PLANNERS];
        Spread[] pathsPerSecond = new Spread[PLANNERS];
        for (int c = 0; c < PLANNERS; c++) {
            p99[c] = spreadOf(c, t -> t.percentileMillis(99));
            pathsPerSecond[c] = perRound(c, paths[c], spanSeconds(c));
            Spread planning = perRound(c, planningNanos[c], 1e6 * spanOf(c));
            out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %.3f s | %.3f s |%n", rowName(c),
                    spreadOf(c, TickTimes::meanMillis).text("%.3f"), p99[c].text("%.3f"), planning.text("%.3f"),
                    pathsPerSecond[c].text("%.0f"), samples[c] == 0 ? 0 : ageSums[c] / samples[c], ageMax[c]);
        }
        out.println();
        out.println("what the rounds show, each ecs-timeslice planner against gdx-ai's queue at the same milliseconds:");
        for (int c = QUEUE + 1; c < PLANNERS; c++) {
            out.println(CompareVerdict.of("p99 tick", "%.3f", "ms", name(c), p99[c], name(QUEUE), p99[QUEUE]));
            out.println(CompareVerdict.of("paths a second", "%.0f", "paths/s", name(c), pathsPerSecond[c], name(QUEUE),
                    pathsPerSecond[QUEUE]));
        }
    }
}
