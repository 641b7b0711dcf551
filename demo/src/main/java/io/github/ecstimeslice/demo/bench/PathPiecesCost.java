package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.cli.OneLineErrors;
import io.github.ecstimeslice.demo.maze.Maze;
import io.github.ecstimeslice.demo.maze.MazeGraph;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.paths.PathGoal;
import io.github.ecstimeslice.paths.PathPlanningSystem;
import io.github.ecstimeslice.paths.Route;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;

/**
 * What a search costs in pieces against whole, the searches the same: agents that stand in the
 * demo's maze, each with a goal that never changes, re-planned batch after batch on the world's
 * thread; one world plans whole searches ({@code jobsPerTick}), the others in pieces of node
 * expansions ({@code workPerTick}); worlds ticked in turn. The nanoseconds a search of each are
 * over the same searches.
 */
@Command(name = "PathPiecesCost", mixinStandardHelpOptions = true,
        description = "A path search's cost in pieces of node expansions against whole, the same searches.")
public final class PathPiecesCost implements Callable<Integer> {

    private static final int WARM_UP = 300;

    @Spec
    private CommandSpec spec;

    @Option(names = "--agents", defaultValue = "200", description = "agents standing in the maze (default: ${DEFAULT-VALUE})")
    private int agents;

    @Option(names = "--rounds", defaultValue = "5", description = "measured rounds (default: ${DEFAULT-VALUE})")
    private int rounds;

    @Option(names = "--ticks", defaultValue = "300", description = "ticks a round (default: ${DEFAULT-VALUE})")
    private int ticks;

    private final PrintStream out;

    PathPiecesCost(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the comparison; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new PathPiecesCost(out), out, err, args);
    }

    @Override
    public Integer call() {
        if (agents < 1 || agents > 10_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--agents must be from 1 to 10000, was " + agents);
        }
        if (rounds < 1 || ticks < 1 || (long) rounds * ticks > 100_000) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--rounds and --ticks must be at least 1 and make at most 100000 ticks, were " + rounds + " and " + ticks);
        }
        MazeGraph graph = new MazeGraph(Maze.generate(256, 256, 1));
        Lineup lineup = new Lineup(rounds, ticks);
        add(lineup, "whole searches, jobsPerTick(2)", graph, Budget.jobsPerTick(2), PathPlanningSystem.DEFAULT_WORK_PER_PIECE);
        add(lineup, "pieces, workPerTick(8192)", graph, Budget.workPerTick(8192), PathPlanningSystem.DEFAULT_WORK_PER_PIECE);
        add(lineup, "pieces, workPerTick(1024)", graph, Budget.workPerTick(1024), PathPlanningSystem.DEFAULT_WORK_PER_PIECE);
        add(lineup, "pieces, millisPerTick(1) of 256", graph, Budget.millisPerTick(1), 256);
        out.printf(Locale.ROOT, "%d agents standing in a 256 x 256 maze (%d open cells), goals fixed, the world's thread;"
                        + " %d rounds of %d ticks, worlds in turn; %s %s%n", agents, graph.getNodeCount(), rounds, ticks,
                System.getProperty("java.vm.name"), System.getProperty("java.version"));
        lineup.run();
        lineup.printCosts(out, "tick over whole searches'", 0, 4);
        return 0;
    }

    /** A world of the agents, planned under {@code budget} in pieces of {@code workPerPiece} under a time budget. */
    private void add(Lineup lineup, String name, MazeGraph graph, Budget budget, int workPerPiece) {
        PathPlanningSystem<MazeGraph.Cell> planner = new PathPlanningSystem<>(graph, MazeGraph.OCTILE, graph,
                IoPolicy.AIAO, budget);
        planner.setWorkPerPiece(workPerPiece);
        World world = new World(new WorldConfigurationBuilder().with(planner).build());
        Random random = new Random(7);
        for (int i = 0; i < agents; i++) {
            MazeGraph.Cell from = graph.node(random.nextInt(graph.getNodeCount()));
            int agent = world.create();
            world.edit(agent).create(Position.class).set(from.x + 0.5f, from.y + 0.5f);
            world.edit(agent).create(PathGoal.class).node = random.nextInt(graph.getNodeCount());
            world.edit(agent).create(Route.class);
        }
        world.setDelta(1 / 60f);
        lineup.add(name, world, WARM_UP, () -> planner.stats().jobsRunTotal());
    }
}
