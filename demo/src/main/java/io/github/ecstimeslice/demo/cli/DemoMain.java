package io.github.ecstimeslice.demo.cli;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionHistory;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.Tiers;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.demo.run.DecisionLogFile;
import io.github.ecstimeslice.demo.run.DemoApp;
import io.github.ecstimeslice.demo.maze.Maze;
import io.github.ecstimeslice.demo.run.RunOptions;
import io.github.ecstimeslice.demo.run.SceneKind;
import io.github.ecstimeslice.demo.scene.BudgetText;
import io.github.ecstimeslice.demo.scene.SharedPlan;
import io.github.ecstimeslice.paths.PathPlanningSystem;
import io.github.ecstimeslice.demo.scene.TierSetup;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.DoubleStream;

/** The entity-scale demo's command line. Exit codes: 0 done, 1 the run failed, 2 bad arguments. */
@Command(name = "ecs-timeslice-demo", mixinStandardHelpOptions = true, version = "ecs-timeslice demo 0.1.0",
        sortOptions = false,
        description = {"NPCs on a grid turn to face a moving target: decisions timesliced by a TimeslicedSystem, "
                + "animation every tick for every NPC, in a libGDX headless application. With --scene paths, agents"
                + " in a maze chase a target: paths planned with gdx-ai's A* as timesliced jobs, walked every tick. With"
                + " --shared-budget, three decision systems (facing, alertness, wander) share one budget.", ""},
        footer = {"", "A live run reports each second of game time: ms a tick (deciding, animating), the unthrottled"
                + " ticks/s of wall time (no frame cap), decisions/s over that second, the last whole batch (its"
                + " decisions and the game seconds it took, once one has ended), the age of the decisions the NPCs act"
                + " on (mean and max over a random quarter of the second's ticks) and their mean facing error; with --churn, the ticks from a newcomer's join"
                + " to its first decision (0: in the tick it joined), mean and max over the newcomers decided that"
                + " second. The summary leaves out the first game second, the JIT's warm-up."})
public final class DemoMain implements Callable<Integer> {

    /** The longest run, in ticks: 46 hours at 60 Hz, 1,000 s at the fastest tick rate. */
    static final long MAX_TICKS = 10_000_000;
    private static final String MAX_TICKS_TEXT = "10,000,000";
    /**
     * Heap per NPC, measured: about 240 bytes for the scene, plus 48 per decision kept (an entry
     * and an output object); times 1.5 for arrays growing by half and the copies made meanwhile.
     */
    private static final double BYTES_PER_NPC = 240;
    private static final double BYTES_PER_KEPT_DECISION = 48;
    private static final double GROWTH_HEADROOM = 1.5;
    /**
     * Heap per maze cell for the paths scene, estimated: a byte for the maze, and per open cell
     * (about half of them) its node, its steps and a search record per planning thread, about 400
     * bytes; per agent about 2 KB (its components and paths).
     */
    private static final double BYTES_PER_MAZE_CELL = 250;
    private static final double BYTES_PER_AGENT = 2048;
    /** The paths comparison's planners measured in rounds, all alive at once. */
    private static final int PATH_SCENES_AT_ONCE = 3;
    /** The paths scene's defaults where the facing scene's do not suit it. */
    private static final int DEFAULT_AGENTS = 2000;
    private static final String DEFAULT_MAZE = "256x256";
    private static final String DEFAULT_PATH_BUDGET = "ms:2";

    @Option(names = "--scene", defaultValue = "facing", paramLabel = "SCENE",
            description = "facing (NPCs turning to a target) or paths (agents chasing a target through a maze) (default: ${DEFAULT-VALUE})")
    private SceneKind scene;

    @Option(names = "--maze", paramLabel = "WxH",
            description = "with --scene paths: the maze's width and height in cells, " + Maze.MIN_SIDE + " to "
                    + Maze.MAX_SIDE + " each (default: " + DEFAULT_MAZE + ")")
    private String maze;

    @Spec
    private CommandSpec spec;

    @Option(names = "--npcs", defaultValue = "10000", paramLabel = "N",
            description = "NPCs in the scene (default: ${DEFAULT-VALUE}; with --scene paths, agents, default " + DEFAULT_AGENTS + ")")
    private int npcs;

    @Option(names = "--policy", defaultValue = "AIAO", paramLabel = "POLICY",
            description = "AIAO, SIAO, SISO or AISO (default: ${DEFAULT-VALUE})")
    private IoPolicy policy;

    @Option(names = "--budget", defaultValue = "every:0.5", paramLabel = "BUDGET", converter = BudgetConverter.class,
            description = "jobs:N a tick, hz:R jobs a second, every:S seconds per NPC, ms:M a tick, or (paths) work:U node"
                    + " expansions a tick (default: ${DEFAULT-VALUE}; with --scene paths, " + DEFAULT_PATH_BUDGET + ")")
    private Budget budget;

    @Option(names = "--ticks", paramLabel = "N", description = "ticks to run, at most " + MAX_TICKS_TEXT
            + " (default: 10 seconds' worth)")
    private Long ticks;

    @Option(names = "--seconds", paramLabel = "S", description = "game seconds to run, instead of --ticks")
    private Double seconds;

    @Option(names = "--tick-rate", defaultValue = "60", paramLabel = "HZ", description = "ticks per game second (default: ${DEFAULT-VALUE})")
    private double tickRate;

    @Option(names = "--threads", defaultValue = "world", paramLabel = "MODE", converter = ThreadingConverter.class,
            description = "world, same-tick or next-tick (default: ${DEFAULT-VALUE})")
    private Threading threading;

    @Option(names = "--animation-threads", defaultValue = "world", paramLabel = "MODE", converter = ThreadingConverter.class,
            description = "world or same-tick: the turn animation on the world's thread or on all cores (default: ${DEFAULT-VALUE})")
    private Threading animationThreading;

    @Option(names = "--history", defaultValue = "" + TimeslicedSystem.DEFAULT_HISTORY_DEPTH, paramLabel = "N",
            description = "decisions kept per NPC (by the live run's and the comparison's timesliced systems), 0 (none:"
                    + " decisions only turn the NPCs; the comparison's ages read n/a) to 1024"
                    + " (default: ${DEFAULT-VALUE}; paths kept per agent with --scene paths, default "
                    + PathPlanningSystem.DEFAULT_PATH_HISTORY_DEPTH + ")")
    private int history;

    @Option(names = "--seed", defaultValue = "1", description = "random seed of the NPCs' first orientations (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--churn", paramLabel = "N",
            description = "N NPCs die each game second, spread over the ticks, and as many spawn in their places (who dies"
                    + " comes from --seed); the run reports how many ticks each newcomer waits for its first decision,"
                    + " more than 0 to --npcs (default: none)")
    private Double churn;

    @Option(names = "--decide-soon",
            description = "with --churn: decide each NPC that spawns in the tick it joins (setDecideNewcomersSoon), not in the next batch")
    private boolean decideSoon;

    @Option(names = "--compare", description = "compare update-all, the four policies and IntervalIteratingSystem"
            + " (with --churn, each policy also with newcomers decided soon), ticked in turn over 5 rounds: each"
            + " timing the median of the rounds with their range, and in words whether the ranges are apart")
    private boolean compare;

    @Option(names = "--tiers", paramLabel = "P0,P1,...",
            description = "significance tiers by distance to a player walking over the crowd: batch periods, 1 first,"
                    + " each at least the one before, up to 16 (e.g. 1,4,16); the animation is thinned to every 1,2,4,... ticks")
    private String tierPeriods;

    @Option(names = "--tier-radii", paramLabel = "R1,R2,...",
            description = "with --tiers: the distances from the player that bound the tiers, one fewer than the tiers,"
                    + " increasing (default: rings evenly spaced out to half the grid's width)")
    private String tierRadii;

    @Mixin
    private SharedOptions sharedOptions;

    @Option(names = "--gif", paramLabel = "DIR", description = "write Chou's illustrations as looping GIFs into DIR")
    private Path gifDirectory;

    @Option(names = "--trace", paramLabel = "FILE", description = "write a Chrome trace-event JSON of the job timeline")
    private Path traceFile;

    @Option(names = "--trap-ms", paramLabel = "MS",
            description = "stop at the first tick longer than MS milliseconds and print its slowest jobs"
                    + " (with --trace, write that tick's timeline)")
    private Double trapMillis;

    @Option(names = "--jfr", paramLabel = "FILE.jfr",
            description = "record the live run's turns, batch starts, slow jobs (with --trace or --trap-ms) and trap"
                    + " as JDK Flight Recorder events into FILE.jfr")
    private Path jfrFile;

    @Option(names = "--record", paramLabel = "FILE",
            description = "the facing or shared live run: record what the budgets decide each tick into FILE, for --replay")
    private Path recordFile;

    @Option(names = "--replay", paramLabel = "FILE",
            description = "the facing or shared live run: play back a --record FILE in place of the budgets, the same"
                    + " decisions in the same ticks; a recording that does not fit stops the run (exit code 1)")
    private Path replayFile;

    @Option(names = "--plot", paramLabel = "FILE.png",
            description = "with --compare (untiered): draw each decider's tick times, and its decision cost against facing error, as a PNG")
    private Path plotFile;

    private final PrintStream out;
    /** The budget's milliseconds a tick if it is ms:M, else NaN; set by {@link #validate()}. */
    private double budgetMillis = Double.NaN;
    /** The maze's width and height, checked by {@link #validate()}. */
    private int[] mazeSize = {0, 0};
    /** The tiers asked for, checked by {@link #validate()}; null without --tiers. */
    private TierSetup tiers;
    /** The pool three systems share, checked by {@link #validate()}; null without --shared-budget. */
    private SharedPlan shared;

    DemoMain(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the demo with these arguments; returns the exit code. */
    static int run(PrintStream out, PrintStream err, String... args) {
        CommandLine line = new CommandLine(new DemoMain(out)).setCaseInsensitiveEnumValuesAllowed(true);
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return OneLineErrors.on(line).execute(args);
    }

    @Override
    public Integer call() throws Exception {
        int tickCount = (int) validate();
        RunOptions options = new RunOptions(scene, npcs, mazeSize[0], mazeSize[1], seed, policy, budget, budgetMillis, history,
                threading, animationThreading, tickCount, tickRate, compare, gifDirectory, traceFile, plotFile,
                trapMillis == null ? 0 : trapMillis, jfrFile, tiers,
                churn == null ? 0 : churn, decideSoon, shared, recordFile, replayFile);
        Throwable failure = DemoApp.run(options, out);
        if (failure instanceof IllegalStateException && replayFile != null && DecisionLogFile.isMismatch(failure)) {
            spec.commandLine().getErr().println("replay stopped: " + failure.getMessage());
            return 1;
        }
        if (failure != null) {
            spec.commandLine().getErr().println("demo failed: " + failure);
            failure.printStackTrace(spec.commandLine().getErr());
            return 1;
        }
        return 0;
    }

    /** Checks every option before any work starts; returns the ticks to run. */
    private long validate() {
        if (scene == SceneKind.PATHS) {
            pathDefaults();
        } else if (maze != null) {
            throw usage("--maze sizes the paths scene: give --scene paths too");
        } else if (given("--budget") && optionText("--budget").startsWith("work:")) {
            throw usage("--budget work:UNITS counts the path planner's node expansions: give --scene paths too");
        }
        if (npcs < 1) {
            throw usage("--npcs must be at least 1, was " + npcs);
        }
        if (history < 0 || history > 1024) {
            throw usage("--history must be from 0 to 1024, was " + history);
        }
        if (animationThreading == Threading.WORKERS_NEXT_TICK) {
            throw usage("--animation-threads must be world or same-tick, was next-tick");
        }
        shared = sharedOptions.check(this::given, this::usage, scene == SceneKind.PATHS, compare);
        if (compare && scene == SceneKind.FACING && shared == null && given("--policy")) {
            throw usage("--policy does not apply to --compare, which measures every policy");
        }
        if (ticks != null && seconds != null) {
            throw usage("give --ticks or --seconds, not both");
        }
        if (!(tickRate >= 1 && tickRate <= 10_000)) {
            throw usage("--tick-rate must be between 1 and 10000, was " + tickRate);
        }
        long tickCount = ticks != null ? ticks : Math.round((seconds != null ? seconds : 10) * tickRate);
        if (ticks != null && (ticks < 1 || ticks > MAX_TICKS)) {
            throw usage("--ticks must be from 1 to " + MAX_TICKS_TEXT + ", was " + ticks);
        }
        if (seconds != null && !(seconds * tickRate >= 0.5 && seconds * tickRate < MAX_TICKS + 0.5)) {
            throw usage(String.format(Locale.ROOT, "--seconds at %.5g ticks a second must make 1 to %s ticks"
                    + " (%.3g to %.6g s), was %s", tickRate, MAX_TICKS_TEXT, 0.5 / tickRate, MAX_TICKS / tickRate, seconds));
        }
        if (scene == SceneKind.PATHS) {
            checkPathScene();
        } else {
            checkMemory();
            budgetMillis = given("--budget") ? BudgetText.millisPerTick(optionText("--budget")) : Double.NaN;
        }
        if (tierRadii != null && tierPeriods == null) {
            throw usage("--tier-radii bounds the tiers: give --tiers too");
        }
        tiers = tierSetup();
        if (tiers != null && traceFile != null) {
            throw usage("--trace records the untiered scene: leave out --tiers, or --trace");
        }
        if (trapMillis != null && !(trapMillis > 0 && trapMillis <= 60_000)) {
            throw usage("--trap-ms must be above 0 and at most 60000, was " + trapMillis);
        }
        if (jfrFile != null && (tiers != null || compare || gifDirectory != null)) {
            throw usage("--jfr records the untiered live run: leave out " + (tiers != null ? "--tiers"
                    : compare ? "--compare" : "--gif") + ", or --jfr");
        }
        if (trapMillis != null && (tiers != null || compare || gifDirectory != null)) {
            throw usage("--trap-ms watches the untiered live run: leave out " + (tiers != null ? "--tiers"
                    : compare ? "--compare" : "--gif") + ", or --trap-ms");
        }
        if (plotFile != null && !compare) {
            throw usage("--plot draws the comparison: give --compare too");
        }
        if (plotFile != null && tiers != null) {
            throw usage("--plot draws the untiered comparison: leave out --tiers, or --plot");
        }
        if (plotFile != null && !plotFile.toString().endsWith(".png")) {
            throw usage("--plot writes a PNG: name the file *.png, was '" + plotFile + "'");
        }
        checkChurn();
        checkDecisionLog();
        // checks that make folders come last, so a bad option found before them leaves none behind
        if (gifDirectory != null) {
            new OutputPaths(this::usage).checkGifDirectory(gifDirectory);
        }
        if (traceFile != null) {
            new OutputPaths(this::usage).checkOutputFile("--trace", traceFile);
        }
        if (jfrFile != null) {
            new OutputPaths(this::usage).checkOutputFile("--jfr", jfrFile);
        }
        if (plotFile != null) {
            new OutputPaths(this::usage).checkOutputFile("--plot", plotFile);
        }
        if (recordFile != null) {
            new OutputPaths(this::usage).checkOutputFile("--record", recordFile);
        }
        return tickCount;
    }

    /** The checks of --record and --replay: one of them, the live runs they follow, a file to read. */
    private void checkDecisionLog() {
        String option = recordFile != null ? "--record" : "--replay";
        if (recordFile == null && replayFile == null) {
            return;
        }
        if (recordFile != null && replayFile != null) {
            throw usage("give --record or --replay, not both");
        }
        if (scene == SceneKind.PATHS || compare || gifDirectory != null || tiers != null) {
            throw usage(option + " follows the facing or shared live run: leave out " + (scene == SceneKind.PATHS
                    ? "--scene paths" : compare ? "--compare" : gifDirectory != null ? "--gif" : "--tiers") + ", or "
                    + option);
        }
        if (replayFile != null && !(Files.isRegularFile(replayFile) && Files.isReadable(replayFile))) {
            throw usage("--replay must name a file to read, was '" + replayFile + "'");
        }
    }

    /** The churn's checks: its rate, and the runs it applies to (the untiered live run and comparison). */
    private void checkChurn() {
        if (decideSoon && churn == null) {
            throw usage("--decide-soon decides the NPCs that spawn: give --churn too");
        }
        if (churn == null) {
            return;
        }
        if (!(churn > 0 && churn <= npcs)) {
            throw usage("--churn must be more than 0 and at most --npcs (" + npcs + ") NPCs a second, was '"
                    + optionText("--churn") + "'");
        }
        if (decideSoon && compare) {
            throw usage("--decide-soon does not apply to --compare, which runs each policy without and with it");
        }
        if (tiers != null) {
            throw usage("--churn spawns NPCs in the untiered scene: leave out --tiers, or --churn");
        }
        if (gifDirectory != null) {
            throw usage("--churn applies to the live run and the comparison, not the GIFs: leave out --gif, or --churn");
        }
        if (plotFile != null) {
            throw usage("--plot draws the comparison without churn: leave out --churn, or --plot");
        }
    }

    /** Refuses scenes the heap or the history cannot hold, before building them takes minutes and fails. */
    private void checkMemory() {
        int scenes = scenesAtOnce();
        double needed = scenes * npcs * (BYTES_PER_NPC + BYTES_PER_KEPT_DECISION * (double) history) * GROWTH_HEADROOM;
        long heap = Runtime.getRuntime().maxMemory();
        if (needed > heap) {
            throw usage(String.format(Locale.ROOT, "--npcs %d with --history %d needs about %s of heap%s, more than the %s"
                    + " this JVM may use: run java -Xmx%s or more, or ask for fewer NPCs", npcs, history, bytes(needed),
                    forScenes(scenes), bytes(heap), xmx(needed)));
        }
        int highestId = DecisionHistory.highestEntityId(history);
        if (npcs > highestId) { // the NPCs are entities 1 to npcs
            throw usage(String.format(Locale.ROOT, "--npcs %d with --history %d: a history of %d decisions holds entity ids"
                    + " up to %d; keep fewer decisions or fewer NPCs", npcs, history, history, highestId));
        }
    }


    /**
     * The facing scenes a run holds at once: one, or a comparison's contenders, which all live
     * through its rounds (update-all, four policies and interval; with churn the policies twice;
     * two with tiers or a shared budget).
     */
    private int scenesAtOnce() {
        if (!compare) {
            return 1;
        }
        if (shared != null || tierPeriods != null) {
            return 2;
        }
        return churn != null ? 10 : 6;
    }

    /** Words after a heap estimate for {@code scenes} scenes at once: none for one. */
    private static String forScenes(int scenes) {
        return scenes == 1 ? "" : " for the comparison's " + scenes + " scenes at once";
    }

    /** The -Xmx to ask for {@code needed} bytes, with a tenth to spare. */
    private static String xmx(double needed) {
        double asked = needed * 1.1;
        return asked >= 1 << 30 ? (long) Math.ceil(asked / (1 << 30)) + "g" : (long) Math.ceil(asked / (1 << 20)) + "m";
    }

    /** The paths scene's own defaults for what the command line did not give: agents, history, maze. */
    private void pathDefaults() {
        if (!given("--npcs")) {
            npcs = DEFAULT_AGENTS;
        }
        if (!given("--history")) {
            history = PathPlanningSystem.DEFAULT_PATH_HISTORY_DEPTH;
        }
        if (!given("--budget")) {
            budget = BudgetText.parse(DEFAULT_PATH_BUDGET);
        }
        if (maze == null) {
            maze = DEFAULT_MAZE;
        }
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** The text given for {@code option}, which was given. */
    private String optionText(String option) {
        return spec.commandLine().getParseResult().matchedOption(option).stringValues().get(0);
    }

    /**
     * The paths scene's checks: the options that belong to the facing scene, the maze's size, the
     * heap it needs, and room for the agents (one open cell each).
     */
    private void checkPathScene() {
        for (String facingOnly : new String[]{"--tiers", "--tier-radii", "--trace", "--trap-ms", "--jfr", "--plot",
                "--churn", "--decide-soon"}) {
            if (given(facingOnly)) {
                throw usage(facingOnly + " applies to --scene facing, not paths");
            }
        }
        String budgetText = given("--budget") ? optionText("--budget") : DEFAULT_PATH_BUDGET;
        budgetMillis = BudgetText.millisPerTick(budgetText);
        if (Double.isNaN(budgetMillis) && compare) {
            throw usage("--compare with --scene paths gives every planner the same milliseconds a tick:"
                    + " use --budget ms:M, was '" + budgetText + "'");
        }
        String[] sides = maze.split("x", -1);
        try {
            if (sides.length != 2) {
                throw new NumberFormatException();
            }
            mazeSize = new int[]{Integer.parseInt(sides[0].trim()), Integer.parseInt(sides[1].trim())};
        } catch (NumberFormatException e) {
            throw usage("--maze takes WIDTHxHEIGHT in cells, such as " + DEFAULT_MAZE + ", was '" + maze + "'");
        }
        for (int side : mazeSize) {
            if (side < Maze.MIN_SIDE || side > Maze.MAX_SIDE) {
                throw usage("--maze sides must be from " + Maze.MIN_SIDE + " to " + Maze.MAX_SIDE + " cells, was '"
                        + maze + "'");
            }
        }
        long cells = (long) mazeSize[0] * mazeSize[1];
        int scenes = compare ? PATH_SCENES_AT_ONCE : 1;
        double needed = scenes * (cells * BYTES_PER_MAZE_CELL + (double) npcs * BYTES_PER_AGENT) * GROWTH_HEADROOM;
        long heap = Runtime.getRuntime().maxMemory();
        if (needed > heap) {
            throw usage(String.format(Locale.ROOT, "--maze %s with --npcs %d needs about %s of heap%s, more than the %s"
                    + " this JVM may use: run java -Xmx%s or more, or ask for a smaller maze", maze, npcs,
                    bytes(needed), forScenes(scenes), bytes(heap), xmx(needed)));
        }
        // an agent per open cell at most: known once the maze is made, which only a crowd above the fewest needs
        if (npcs > Maze.leastOpenCells(mazeSize[0], mazeSize[1])) {
            int open = Maze.generate(mazeSize[0], mazeSize[1], seed).openCells();
            if (npcs > open) {
                throw usage("--npcs " + npcs + " agents do not fit the " + open + " open cells of a " + maze
                        + " maze: ask for fewer agents or a larger --maze");
            }
        }
    }

    /** The tiers --tiers and --tier-radii ask for, checked, or null without --tiers. */
    private TierSetup tierSetup() {
        if (tierPeriods == null) {
            return null;
        }
        int[] periods = numbers("--tiers", tierPeriods, true).mapToInt(value -> (int) value).toArray();
        try {
            Tiers.decideEvery(periods);
        } catch (IllegalArgumentException e) {
            throw usage("--tiers " + e.getMessage() + ", was '" + tierPeriods + "'");
        }
        if (periods.length < 2) {
            throw usage("--tiers needs at least two tiers (one tier is no tiers), was '" + tierPeriods + "'");
        }
        if (tierRadii == null) {
            return TierSetup.of(periods, TierSetup.defaultRadii(periods.length, npcs));
        }
        double[] radii = numbers("--tier-radii", tierRadii, false).toArray();
        if (radii.length != periods.length - 1) {
            throw usage("--tier-radii needs " + (periods.length - 1) + " distances for " + periods.length
                    + " tiers, was '" + tierRadii + "'");
        }
        float[] bounds = new float[radii.length];
        for (int i = 0; i < radii.length; i++) {
            if (!(radii[i] > (i == 0 ? 0 : radii[i - 1])) || Double.isInfinite(radii[i])) {
                throw usage("--tier-radii must be positive, finite and increasing, was '" + tierRadii + "'");
            }
            bounds[i] = (float) radii[i];
        }
        return TierSetup.of(periods, bounds);
    }

    /** The comma-separated numbers of {@code option}'s {@code text}, whole numbers if asked. */
    private DoubleStream numbers(String option, String text, boolean whole) {
        String[] parts = text.split(",", -1);
        double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = whole ? Integer.parseInt(parts[i].trim()) : Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw usage(option + " takes comma-separated " + (whole ? "whole numbers" : "numbers") + ", and '"
                        + parts[i].trim() + "' is not one, in '" + text + "'");
            }
        }
        return Arrays.stream(values);
    }

    private static String bytes(double bytes) {
        return bytes >= 1 << 30 ? String.format(Locale.ROOT, "%.1f GB", bytes / (1 << 30))
                : String.format(Locale.ROOT, "%.0f MB", bytes / (1 << 20));
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
