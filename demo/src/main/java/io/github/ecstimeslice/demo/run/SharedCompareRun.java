package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.SharedPlan;
import io.github.ecstimeslice.demo.scene.SharedScene;
import io.github.ecstimeslice.demo.scene.TickTimes;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code --shared-budget ... --compare}: the shared scene's three decision systems with budgets of
 * their own, the pool split by the weights ({@code jobs:200, jobs:133, jobs:67} for
 * {@code jobs:400} and 3:2:1), against the same three sharing the pool, in one process as
 * {@link CompareRun}'s rows are: whole ticks (mean, p99), deciding time, the decisions a second
 * each system made over the measured ticks, and the mean facing error. Each runs twice, in the
 * order separate, shared, shared, separate, and its row gives both runs' ticks: the first run
 * pays the JIT's warm-up of the three systems, and the machine's drift over the four cancels.
 */
final class SharedCompareRun extends RowRun<SharedScene> {

    private static final int SYSTEMS = SharedPlan.SYSTEMS.length;
    /** Which runs share the pool: separate, shared, shared, separate. */
    private static final boolean[] SHARED_RUNS = {false, true, true, false};

    private final RunOptions options;
    private final SharedPlan plan;
    private final PrintStream out;
    /** Per row (0 separate, 1 shared): both runs' measured ticks and sums. */
    private final TickTimes[] rowTimes = new TickTimes[2];
    private final long[] rowDecisionNanos = new long[2];
    private final long[][] rowJobs = new long[2][SYSTEMS];
    private final int[] rowTicks = new int[2];
    private final double[] rowErrorSums = new double[2];
    private final int[] rowErrorSamples = new int[2];
    private final long[] jobsAtStart = new long[SYSTEMS];
    private int run;

    SharedCompareRun(RunOptions options, PrintStream out) {
        super(Math.max(60, options.ticks() / 5), options.ticks(), options.delta());
        this.options = options;
        this.plan = options.shared();
        this.out = out;
        for (int row = 0; row < 2; row++) {
            rowTimes[row] = new TickTimes(2 * measuredTicks);
        }
        out.printf(Locale.ROOT, "compare: %d NPCs, %s, %s (%s) separately against shared %s weights %s, history %d,"
                        + " threads %s, animation threads %s, %d warm-up + %d measured ticks a run; runs separate,"
                        + " shared, shared, separate%n",
                options.npcs(), options.policy(), String.join(", ", SharedPlan.SYSTEMS), plan.separateText(),
                plan.poolText(), plan.weightsText(), options.history(), ThreadingWords.word(options.threading()),
                ThreadingWords.word(options.animationThreading()), warmupTicks, measuredTicks);
    }

    private int row() {
        return SHARED_RUNS[run] ? 1 : 0;
    }

    @Override
    SharedScene startRow() {
        SharedScene next = SHARED_RUNS[run]
                ? SharedScene.shared(options.npcs(), options.seed(), options.policy(), plan.newPool(), plan.weights(),
                options.history(), options.threading())
                : SharedScene.separate(options.npcs(), options.seed(), options.policy(), plan.separateBudgets(),
                options.history(), options.threading());
        return next.animateOn(options.animationThreading());
    }

    @Override
    void warmedUp() {
        for (int i = 0; i < SYSTEMS; i++) {
            jobsAtStart[i] = scene.system(i).stats().jobsRunTotal();
        }
    }

    @Override
    void measured() {
        rowDecisionNanos[row()] += scene.decisionNanos();
    }

    @Override
    void sample() {
        rowErrorSums[row()] += scene.meanFacingErrorDegrees();
        rowErrorSamples[row()]++;
    }

    @Override
    void endRow() {
        int row = row();
        for (int i = 0; i < SYSTEMS; i++) {
            rowJobs[row][i] += scene.system(i).stats().jobsRunTotal() - jobsAtStart[i];
        }
        for (int i = 0; i < times.count(); i++) {
            rowTimes[row].add(times.nanos(i));
        }
        rowTicks[row] += rowMeasuredTicks;
        out.printf(Locale.ROOT, "  measured %s%n", SHARED_RUNS[run] ? "shared" : "separate");
        run++;
    }

    @Override
    boolean finished() {
        return run == SHARED_RUNS.length;
    }

    @Override
    public void finish() {
        out.println();
        out.println("| budgets | mean tick ms | p99 tick ms | decide ms/tick | facing decisions/s | alertness decisions/s"
                + " | wander decisions/s | mean facing error |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (int row = 0; row < 2; row++) {
            String name = row == 0 ? "separate " + plan.separateText()
                    : "shared " + plan.poolText() + ", weights " + plan.weightsText();
            double seconds = rowTicks[row] * (double) delta;
            out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.0f | %.0f | %.0f | %.2f° |%n", name,
                    rowTimes[row].meanMillis(), rowTimes[row].percentileMillis(99),
                    rowDecisionNanos[row] / 1e6 / rowTicks[row], rowJobs[row][0] / seconds, rowJobs[row][1] / seconds,
                    rowJobs[row][2] / seconds, rowErrorSamples[row] == 0 ? 0 : rowErrorSums[row] / rowErrorSamples[row]);
        }
    }
}
