package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.JobTimeline;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.cli.OneLineErrors;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.jfr.FlightRecorderEvents;
import jdk.jfr.Recording;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * What seeing inside costs: three worlds of the same facing decisions ticked in turn
 * ({@link Lineup}), one unwatched, one with a {@code TurnWatcher} reading every turn's summary, one
 * recording every job into a {@link JobTimeline} (a ring a little smaller than a run, so it wraps
 * as a game's would), and one whose turns and batch starts go to JDK Flight Recorder events while
 * a recording runs ({@link FlightRecorderEvents}, no job events). Reports each world's tick, its
 * ratio to the unwatched one, and the nanoseconds a decision.
 */
@Command(name = "WatchingCost", mixinStandardHelpOptions = true,
        description = "Facing decisions unwatched, with a turn watcher, and with a job timeline, side by side.")
public final class WatchingCost implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--npcs", defaultValue = "100000", description = "NPCs in each world (default: ${DEFAULT-VALUE})")
    private int npcs;

    @Option(names = "--per-tick", defaultValue = "10000", description = "decisions a tick, the budget (default: ${DEFAULT-VALUE})")
    private int perTick;

    @Option(names = "--threading", defaultValue = "WORLD_THREAD",
            description = "where the jobs run: WORLD_THREAD, WORKERS_SAME_TICK or WORKERS_NEXT_TICK (default: ${DEFAULT-VALUE})")
    private Threading threading;

    @Option(names = "--job-nanos", defaultValue = "0",
            description = "busy work added to each decision, in nanoseconds, 0 to 1000000 (default: ${DEFAULT-VALUE})")
    private long jobNanos;

    @Option(names = "--rounds", defaultValue = "5", description = "rounds (default: ${DEFAULT-VALUE})")
    private int rounds;

    @Option(names = "--ticks", defaultValue = "1000", description = "ticks a round (default: ${DEFAULT-VALUE})")
    private int ticks;

    private final PrintStream out;
    /** What the watcher read, so the JIT cannot drop its reads. */
    private long seen;

    WatchingCost(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the comparison; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new WatchingCost(out), out, err, args);
    }

    @Override
    public Integer call() {
        if (npcs < 1 || npcs > 1_000_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--npcs must be from 1 to 1000000, was " + npcs);
        }
        if (perTick < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--per-tick must be at least 1, was " + perTick);
        }
        if (jobNanos < 0 || jobNanos > 1_000_000) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--job-nanos must be from 0 to 1000000, was " + jobNanos);
        }
        if (rounds < 1 || ticks < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--rounds and --ticks must be at least 1, were " + rounds + " and " + ticks);
        }
        Lineup lineup = new Lineup(rounds, ticks);
        FaceTargetSystem plain = system();
        FaceTargetSystem watched = system();
        watched.stats().setTurnWatcher((system, turn) -> seen += turn.jobsRun() + (long) turn.pressure());
        FaceTargetSystem recorded = system();
        recorded.stats().setJobTimeline(new JobTimeline(Math.max(1, Math.min(1 << 24, perTick * ticks / 2))));
        FaceTargetSystem flightRecorded = system();
        FlightRecorderEvents.record(flightRecorded, null, 0);
        add(lineup, "unwatched", plain);
        add(lineup, "turn watcher", watched);
        add(lineup, "job timeline", recorded);
        add(lineup, "JFR events, recording", flightRecorded);
        out.printf(Locale.ROOT, "%d NPCs, AIAO, jobsPerTick(%d), %s%s; %d rounds of %d ticks, worlds in turn; %s %s%n",
                npcs, perTick, threading, jobNanos == 0 ? "" : ", " + jobNanos + " ns of busy work a decision", rounds, ticks,
                System.getProperty("java.vm.name"), System.getProperty("java.version"));
        try (Recording recording = new Recording()) {
            recording.enable("io.github.ecstimeslice.Turn").withoutThreshold();
            recording.enable("io.github.ecstimeslice.Batch").withoutThreshold();
            recording.start();
            lineup.run();
            recording.stop();
        }
        lineup.printCosts(out, "over unwatched", 0, 4);
        out.printf(Locale.ROOT, "(the watcher read %d)%n", seen % 10);
        return 0;
    }

    private FaceTargetSystem system() {
        FaceTargetSystem system = jobNanos == 0 ? new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(perTick))
                : new LongerDecisions(perTick, jobNanos);
        system.setThreading(threading);
        return system;
    }

    private void add(Lineup lineup, String name, FaceTargetSystem system) {
        World world = FacingWorlds.create(npcs, false, system);
        lineup.add(name, world, 40, () -> system.stats().jobsRunTotal());
    }

    /** Facing decisions that each busy-wait {@code jobNanos} more: jobs of a known, longer cost. */
    static final class LongerDecisions extends FaceTargetSystem {
        private final long jobNanos;

        LongerDecisions(int perTick, long jobNanos) {
            super(IoPolicy.AIAO, Budget.jobsPerTick(perTick));
            this.jobNanos = jobNanos;
        }

        @Override
        protected void runJob(int entityId, io.github.ecstimeslice.facing.FacingInput input,
                              io.github.ecstimeslice.facing.FacingDecision output) {
            super.runJob(entityId, input, output);
            long end = System.nanoTime() + jobNanos;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
        }
    }
}
