package io.github.ecstimeslice.demo.bench;

import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
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
 * Where a wave of urgent jobs runs: two worlds of the same NPCs and jobs, one on the world's thread
 * and one on same-tick workers, ticked in turn. Each wave asks {@code --asked} NPCs to decide soon,
 * with an urgent allowance as large, so the wave runs in one tick; a job busy-waits the
 * microseconds given. Reports, per job cost, the median time of the wave's tick and of a quiet
 * tick in each world, and the workers' wave tick over the world thread's.
 */
@Command(name = "UrgentWaveThreads", mixinStandardHelpOptions = true,
        description = "A wave of urgent jobs on the world's thread and on workers, side by side: the wave's tick.")
public final class UrgentWaveThreads implements Callable<Integer> {

    /** Marks an NPC. */
    public static final class Npc extends Component {
    }

    /** Decides by busy-waiting its cost: work the JIT cannot remove, of a known length. */
    static final class SpinDecisions extends TimeslicedSystem<long[], long[]> {
        private final long jobNanos;

        SpinDecisions(long jobNanos) {
            super(Aspect.all(Npc.class), IoPolicy.AIAO, Budget.jobsPerTick(5), NO_HISTORY);
            this.jobNanos = jobNanos;
        }

        @Override
        protected long[] createInput() {
            return new long[1];
        }

        @Override
        protected long[] createOutput() {
            return new long[1];
        }

        @Override
        protected void setUpInput(int entityId, long[] input) {
            input[0] = entityId;
        }

        @Override
        protected void runJob(int entityId, long[] input, long[] output) {
            long end = System.nanoTime() + jobNanos;
            long spins = input[0];
            while (System.nanoTime() - end < 0) {
                spins++;
            }
            output[0] = spins;
        }
    }

    private static final int QUIET_TICKS = 4;

    @Spec
    private CommandSpec spec;

    @Option(names = "--npcs", defaultValue = "2000", description = "NPCs (default: ${DEFAULT-VALUE})")
    private int npcs;

    @Option(names = "--asked", defaultValue = "100", description = "NPCs asked in each wave (default: ${DEFAULT-VALUE})")
    private int asked;

    @Option(names = "--waves", defaultValue = "40", description = "waves per job cost (default: ${DEFAULT-VALUE})")
    private int waves;

    @Option(names = "--job-micros", defaultValue = "1,10,100", split = ",",
            description = "a job's cost in microseconds, each 0 to 10000 (default: ${DEFAULT-VALUE})")
    private double[] jobMicros;

    private final PrintStream out;

    UrgentWaveThreads(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the waves; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new UrgentWaveThreads(out), out, err, args);
    }

    @Override
    public Integer call() {
        if (npcs < 1 || npcs > 100_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--npcs must be from 1 to 100000, was " + npcs);
        }
        if (asked < 2 || asked > npcs) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--asked must be from 2 to --npcs (" + npcs + "), was " + asked);
        }
        if (waves < 1 || waves > 10_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--waves must be from 1 to 10000, was " + waves);
        }
        for (double micros : jobMicros) {
            if (!(micros >= 0 && micros <= 10_000)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--job-micros must each be from 0 to 10000, was " + micros);
            }
        }
        out.printf(Locale.ROOT, "%d NPCs, AIAO, jobsPerTick(5), urgent allowance %d; %d waves of %d asks per job cost;"
                        + " %d processors; %s %s%n", npcs, asked, waves, asked, Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"));
        out.println("| job µs | wave tick, world's thread, ms | wave tick, workers, ms | workers / world's thread"
                + " | quiet tick, world's thread, ms | quiet tick, workers, ms |");
        out.println("|---:|---:|---:|---:|---:|---:|");
        for (double micros : jobMicros) {
            out.println(row(micros));
        }
        return 0;
    }

    /** The waves at {@code micros} a job, both worlds ticked in turn, as a table row. */
    private String row(double micros) {
        long jobNanos = Math.round(micros * 1000);
        SpinDecisions onWorld = new SpinDecisions(jobNanos);
        SpinDecisions onWorkers = new SpinDecisions(jobNanos);
        onWorkers.setThreading(Threading.WORKERS_SAME_TICK);
        World[] worlds = {world(onWorld), world(onWorkers)};
        SpinDecisions[] systems = {onWorld, onWorkers};
        for (SpinDecisions system : systems) {
            system.setUrgentAllowance(asked);
        }
        long[][] waveNanos = new long[2][waves];
        long[][] quietNanos = new long[2][waves * QUIET_TICKS];
        for (int warm = 0; warm < 3 * waves / 4 + 3; warm++) {
            wave(worlds, systems, warm, null, null, 0); // the JIT settles on both paths first
        }
        for (int wave = 0; wave < waves; wave++) {
            wave(worlds, systems, wave, waveNanos, quietNanos, wave);
        }
        for (World world : worlds) {
            world.dispose();
        }
        double worldWave = medianMillis(waveNanos[0]);
        double workersWave = medianMillis(waveNanos[1]);
        return String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.2f | %.3f | %.3f |", trim(micros), worldWave, workersWave,
                workersWave / worldWave, medianMillis(quietNanos[0]), medianMillis(quietNanos[1]));
    }

    /** One wave in both worlds, the first to tick alternating: the asks, the wave's tick, quiet ticks; timed if given arrays. */
    private void wave(World[] worlds, SpinDecisions[] systems, int wave, long[][] waveNanos, long[][] quietNanos, int at) {
        int first = (wave * 7919) % (npcs - asked + 1); // NPCs are entities 0 to npcs - 1
        for (int turn = 0; turn < 2; turn++) {
            int w = (wave + turn) % 2;
            for (int npc = first; npc < first + asked; npc++) {
                systems[w].decideSoon(npc);
            }
            long took = timedTick(worlds[w]);
            if (waveNanos != null) {
                waveNanos[w][at] = took;
            }
        }
        for (int q = 0; q < QUIET_TICKS; q++) {
            for (int turn = 0; turn < 2; turn++) {
                int w = (wave + turn) % 2;
                long took = timedTick(worlds[w]);
                if (quietNanos != null) {
                    quietNanos[w][at * QUIET_TICKS + q] = took;
                }
            }
        }
    }

    private World world(SpinDecisions system) {
        World world = new World(new WorldConfigurationBuilder().with(system).build());
        for (int i = 0; i < npcs; i++) {
            world.edit(world.create()).create(Npc.class);
        }
        world.setDelta(1 / 60f);
        world.process(); // the NPCs join
        return world;
    }

    private static long timedTick(World world) {
        long start = System.nanoTime();
        world.process();
        return System.nanoTime() - start;
    }

    private static double medianMillis(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
