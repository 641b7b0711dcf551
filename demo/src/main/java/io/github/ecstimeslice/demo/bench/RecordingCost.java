package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionLog;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SharedBudget;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.cli.OneLineErrors;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.demo.scene.Scene;
import io.github.ecstimeslice.demo.scene.SharedScene;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * What a {@link DecisionLog} costs: three worlds of the same facing decisions ticked in turn
 * ({@link Lineup}), one without a log, one recording to a stream that keeps nothing, one playing
 * back a recording of the same run made beforehand. Then the bytes a tick a recording takes, for
 * the facing scene's one system and the shared scene's three under time budgets.
 */
@Command(name = "RecordingCost", mixinStandardHelpOptions = true,
        description = "Facing decisions without a decision log, recording, and playing back, side by side.")
public final class RecordingCost implements Callable<Integer> {

    /** Ticks each world of the lineup warms up for. */
    private static final int WARM_UP = 40;

    @Spec
    private CommandSpec spec;

    @Option(names = "--npcs", defaultValue = "100000", description = "NPCs in each world (default: ${DEFAULT-VALUE})")
    private int npcs;

    @Option(names = "--per-tick", defaultValue = "10000", description = "decisions a tick, the budget (default: ${DEFAULT-VALUE})")
    private int perTick;

    @Option(names = "--threading", defaultValue = "WORLD_THREAD",
            description = "where the jobs run: WORLD_THREAD, WORKERS_SAME_TICK or WORKERS_NEXT_TICK (default: ${DEFAULT-VALUE})")
    private Threading threading;

    @Option(names = "--rounds", defaultValue = "5", description = "rounds (default: ${DEFAULT-VALUE})")
    private int rounds;

    @Option(names = "--ticks", defaultValue = "1000", description = "ticks a round (default: ${DEFAULT-VALUE})")
    private int ticks;

    private final PrintStream out;

    RecordingCost(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the comparison; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new RecordingCost(out), out, err, args);
    }

    @Override
    public Integer call() {
        if (npcs < 1 || npcs > 1_000_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--npcs must be from 1 to 1000000, was " + npcs);
        }
        if (perTick < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--per-tick must be at least 1, was " + perTick);
        }
        if (rounds < 1 || ticks < 1 || (long) rounds * ticks > 1_000_000) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--rounds and --ticks must be at least 1 and make at most 1000000 ticks, were " + rounds + " and " + ticks);
        }
        int lineupTicks = WARM_UP + Math.min(ticks, 500) + rounds * ticks; // as Lineup.run ticks each world
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        FaceTargetSystem source = system();
        World sourceWorld = FacingWorlds.create(npcs, false, source);
        DecisionLog.recordTo(recording).attach(sourceWorld);
        for (int t = 0; t < lineupTicks; t++) {
            sourceWorld.process();
        }
        sourceWorld.dispose();

        Lineup lineup = new Lineup(rounds, ticks);
        add(lineup, "no log", system(), null);
        add(lineup, "recording", system(), DecisionLog.recordTo(new Discarding()));
        add(lineup, "playing back", system(), DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
        out.printf(Locale.ROOT, "%d NPCs, AIAO, jobsPerTick(%d), %s; %d rounds of %d ticks, worlds in turn; %s %s%n",
                npcs, perTick, threading, rounds, ticks, System.getProperty("java.vm.name"), System.getProperty("java.version"));
        lineup.run();
        lineup.printCosts(out, "over no log", 0, 3);
        printBytes();
        return 0;
    }

    /** The bytes a tick of recordings of the facing scene (one system) and the shared scene (three) under time budgets. */
    private void printBytes() {
        int sceneNpcs = Math.min(npcs, 20_000);
        int sceneTicks = 600;
        DecisionLog one = DecisionLog.recordTo(new Discarding());
        Scene facing = Scene.timesliced(sceneNpcs, 1, IoPolicy.AIAO, Budget.millisPerTick(0.5), 1, threading, null, 0);
        facing.follow(one);
        long header = one.bytesWritten();
        for (int t = 0; t < sceneTicks; t++) {
            facing.tick(1 / 60f);
        }
        facing.dispose();
        DecisionLog three = DecisionLog.recordTo(new Discarding());
        SharedScene shared = SharedScene.shared(sceneNpcs, 1, IoPolicy.AIAO, SharedBudget.millisPerTick(1.5),
                new double[]{1, 1, 1}, 1, threading);
        shared.follow(three);
        long sharedHeader = three.bytesWritten();
        for (int t = 0; t < sceneTicks; t++) {
            shared.tick(1 / 60f);
        }
        shared.dispose();
        double perTickOne = (one.bytesWritten() - header) / (double) sceneTicks;
        double perTickThree = (three.bytesWritten() - sharedHeader) / (double) sceneTicks;
        out.printf(Locale.ROOT, "bytes a tick, %d NPCs, %d ticks, time budgets: facing scene (1 system) %.1f;"
                        + " shared scene (3 systems) %.1f; 10 such systems, 10 × a system's, about %.0f%n",
                sceneNpcs, sceneTicks, perTickOne, perTickThree, 10 * perTickThree / 3);
    }

    private FaceTargetSystem system() {
        FaceTargetSystem system = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(perTick));
        system.setThreading(threading);
        return system;
    }

    private void add(Lineup lineup, String name, FaceTargetSystem system, DecisionLog log) {
        World world = FacingWorlds.create(npcs, false, system);
        if (log != null) {
            log.attach(world);
        }
        lineup.add(name, world, WARM_UP, () -> system.stats().jobsRunTotal());
    }

    /** A stream that keeps nothing: what recording costs the game's tick, not the disk's. */
    static final class Discarding extends OutputStream {
        @Override
        public void write(int b) {
        }
    }
}
