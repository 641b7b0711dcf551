package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.cli.OneLineErrors;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.demo.scene.LogHistogram;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Whether a {@code millisPerTick} budget holds, against what this machine lets any time box hold:
 * the facing scene's decisions under ecs-timeslice's time budget and under a hand-written time box
 * of the same length (artemis-odb-contrib's {@code TimeboxedProcessingSystem} reading
 * {@code System.nanoTime()} after every decision, {@link TimeboxedFacing}), worlds built together
 * and ticked in turn, each tick timed. A tick that a pause of the machine (another tenant, the
 * JIT) stretches stretches the time box's as often: its percentiles are the floor. The library's
 * ticks that start a batch (its O(entities) batch start, which no time budget divides) are
 * reported apart.
 */
@Command(name = "BudgetHeld", mixinStandardHelpOptions = true,
        description = "A time budget's ticks against a hand-written time box of the same length, side by side.")
public final class BudgetHeld implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--npcs", defaultValue = "100000", description = "NPCs in each world (default: ${DEFAULT-VALUE})")
    private int npcs;

    @Option(names = "--millis", defaultValue = "0.5", description = "the budget and the time box, ms a tick (default: ${DEFAULT-VALUE})")
    private double millis;

    @Option(names = "--policy", defaultValue = "SISO", description = "the library's policy (default: ${DEFAULT-VALUE})")
    private IoPolicy policy;

    @Option(names = "--ticks", defaultValue = "3600", description = "ticks measured after 600 of warm-up (default: ${DEFAULT-VALUE})")
    private int ticks;

    private final PrintStream out;

    BudgetHeld(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the comparison; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new BudgetHeld(out), out, err, args);
    }

    @Override
    public Integer call() {
        if (npcs < 1 || npcs > 2_000_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--npcs must be from 1 to 2000000, was " + npcs);
        }
        if (!(millis > 0 && millis <= 100)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--millis must be above 0 and at most 100, was " + millis);
        }
        if (ticks < 1 || ticks > 1_000_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ticks must be from 1 to 1000000, was " + ticks);
        }
        FaceTargetSystem ours = new FaceTargetSystem(policy, Budget.millisPerTick(millis));
        TimeboxedFacing box = new TimeboxedFacing(true, (float) (millis * 1000));
        World[] worlds = {FacingWorlds.create(npcs, false, ours), FacingWorlds.create(npcs, false, box)};
        LogHistogram steady = new LogHistogram();
        LogHistogram batchStarts = new LogHistogram();
        LogHistogram boxed = new LogHistogram();
        for (int tick = -600; tick < ticks; tick++) {
            for (int k = 0; k < 2; k++) {
                int w = (tick & 1) == 0 ? k : 1 - k; // each first in every other tick
                long batchesBefore = ours.stats().batchesStarted();
                long start = System.nanoTime();
                worlds[w].process();
                long nanos = System.nanoTime() - start;
                if (tick >= 0) {
                    (w == 1 ? boxed : ours.stats().batchesStarted() != batchesBefore ? batchStarts : steady).add(nanos);
                }
            }
        }
        for (World world : worlds) {
            world.dispose();
        }
        out.printf(Locale.ROOT, "%d NPCs, %s ms a tick, %d ticks of each world after 600 of warm-up, worlds in turn%n",
                npcs, millis, ticks);
        out.printf(Locale.ROOT, "%-52s %8s %8s %8s %8s %s%n", "world tick, ms", "median", "p99", "p99.9", "max",
                "ticks over the budget by more than 5%");
        row("ecs-timeslice " + policy + " millisPerTick, no batch start", steady);
        row("hand-written time box (TimeboxedProcessingSystem)", boxed);
        row("ecs-timeslice, ticks with a batch start", batchStarts);
        return 0;
    }

    private void row(String name, LogHistogram ticks) {
        if (ticks.count() == 0) {
            out.printf(Locale.ROOT, "%-52s none%n", name);
            return;
        }
        out.printf(Locale.ROOT, "%-52s %8.3f %8.3f %8.3f %8.3f %d of %d%n", name, ticks.percentileMillis(50),
                ticks.percentileMillis(99), ticks.percentileMillis(99.9), ticks.maxMillis(),
                ticks.countAbove(millis * 1.05), ticks.count());
    }
}
