package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionHistory;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.cli.OneLineErrors;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
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
 * A crowd that lost its target: {@code --asked} NPCs asked to decide soon in one tick, ten waves
 * thirty ticks apart, with no urgent allowance and with one as large as the wave. For each: the
 * mean and most ticks from the ask to the NPC's new decision (1: the next tick), and the batch's
 * jobs in the wave's ticks. A jobs budget: the same numbers on every machine.
 */
@Command(name = "TargetLostWave", mixinStandardHelpOptions = true,
        description = "Urgent asks in a wave, with no urgent allowance and with one: ticks to a new decision.")
public final class TargetLostWave implements Callable<Integer> {

    private static final int WAVES = 10;
    private static final int TICKS_BETWEEN_WAVES = 30;

    @Spec
    private CommandSpec spec;

    @Option(names = "--npcs", defaultValue = "2000", description = "NPCs (default: ${DEFAULT-VALUE})")
    private int npcs;

    @Option(names = "--per-tick", defaultValue = "25", description = "the budget, jobs a tick (default: ${DEFAULT-VALUE})")
    private int perTick;

    @Option(names = "--asked", defaultValue = "100", description = "NPCs asked in each wave (default: ${DEFAULT-VALUE})")
    private int asked;

    @Option(names = "--policy", defaultValue = "AIAO", description = "the policy (default: ${DEFAULT-VALUE})")
    private IoPolicy policy;

    private final PrintStream out;

    TargetLostWave(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the waves; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new TargetLostWave(out), out, err, args);
    }

    @Override
    public Integer call() {
        if (npcs < 1 || npcs > 1_000_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--npcs must be from 1 to 1000000, was " + npcs);
        }
        if (perTick < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--per-tick must be at least 1, was " + perTick);
        }
        if (asked < 1 || asked > npcs) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--asked must be from 1 to --npcs (" + npcs + "), was " + asked);
        }
        out.printf(Locale.ROOT, "%d NPCs, %s, jobsPerTick(%d); %d waves of %d NPCs asked to decide soon in one tick%n",
                npcs, policy, perTick, WAVES, asked);
        out.println("| urgent allowance | mean ticks to a new decision | most | batch jobs a tick while the wave waits |");
        out.println("|---:|---:|---:|---:|");
        for (int allowance : new int[]{0, asked}) {
            out.println(row(allowance));
        }
        return 0;
    }

    /** The waves with {@code allowance}, as a table row. */
    private String row(int allowance) {
        FaceTargetSystem decisions = new FaceTargetSystem(policy, Budget.jobsPerTick(perTick));
        decisions.setUrgentAllowance(allowance);
        World world = FacingWorlds.create(npcs, false, decisions);
        for (int t = 0; t < 2 * npcs / perTick + 10; t++) {
            world.process(); // every NPC decided at least once
        }
        long waited = 0;
        long most = 0;
        long batchJobs = 0;
        long waveTicks = 0;
        for (int wave = 0; wave < WAVES; wave++) {
            long askedAt = decisions.stats().tick(); // the next tick's index
            int first = 1 + (wave * 7919) % (npcs - asked + 1); // NPCs are entities 1 to npcs
            for (int npc = first; npc < first + asked; npc++) {
                decisions.decideSoon(npc);
            }
            boolean[] decided = new boolean[asked];
            int undecided = asked;
            for (int t = 0; t < TICKS_BETWEEN_WAVES; t++) {
                long urgentBefore = decisions.stats().urgentJobsTotal();
                world.process();
                if (undecided > 0) {
                    waveTicks++;
                    batchJobs += decisions.stats().jobsRunLastTick() - (decisions.stats().urgentJobsTotal() - urgentBefore);
                }
                for (int i = 0; i < asked && undecided > 0; i++) {
                    long saved = decisions.historyOf(first + i).savedAtTick(0);
                    if (!decided[i] && saved >= askedAt) { // a decision made since the ask, found in its tick
                        decided[i] = true;
                        undecided--;
                        waited += saved - askedAt + 1;
                        most = Math.max(most, saved - askedAt + 1);
                    }
                }
            }
        }
        world.dispose();
        return String.format(Locale.ROOT, "| %d | %.2f | %d | %.1f |", allowance, waited / (double) (WAVES * asked), most,
                batchJobs / (double) waveTicks);
    }
}
