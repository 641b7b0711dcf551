package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.scene.Scene;
import io.github.ecstimeslice.demo.scene.TickTimes;
import io.github.ecstimeslice.facing.FaceTargetSystem;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --compare}: the same scene, one row after another in one process: every NPC deciding
 * every tick, the four policies at the chosen budget, and artemis's IntervalIteratingSystem
 * deciding for everyone at once at the same average rate (measured on the AIAO row). Each row
 * warms up, then measures tick time (mean, p99), decision time, facing error and decision age.
 */
final class CompareRun extends RowRun<Scene> {

    /** One row of the table: a decider's measured ticks and what its decisions cost and bought. */
    record Row(String name, TickTimes times, double decisionMillis, double decisionsPerSecond,
               double facingErrorDegrees, double maxAgeSeconds) {
    }

    /** The scene, the budget and history of the policies' rows, the measured ticks, the plot file. */
    private final RunOptions options;
    private final int npcs;
    private final PrintStream out;
    private final List<Row> rows = new ArrayList<>();
    private final String title;

    private int row;
    private String rowName;
    private double rowMaxAgeSeconds;
    private long decisionNanos;
    private double errorSum;
    private int errorSamples;
    private double intervalSeconds = -1;

    CompareRun(RunOptions options, PrintStream out) {
        super(Math.max(60, options.ticks() / 5), options.ticks(), options.delta());
        this.options = options;
        this.npcs = options.npcs();
        this.out = out;
        this.title = String.format(Locale.ROOT, "tick time of each decider: %,d NPCs, budget %s, threads %s", npcs,
                options.budget(), ThreadingWords.word(options.threading()));
        out.printf(Locale.ROOT, "compare: %d NPCs, budget %s, history %d, threads %s, animation threads %s, %d warm-up + %d measured ticks a row%n",
                npcs, options.budget(), options.history(), ThreadingWords.word(options.threading()),
                ThreadingWords.word(options.animationThreading()), warmupTicks, measuredTicks);
    }

    @Override
    void measured() {
        decisionNanos += scene.decisionNanos();
    }

    @Override
    void sample() {
        if (scene.measuresAges()) {
            scene.measureDecisionAges();
            rowMaxAgeSeconds = Math.max(rowMaxAgeSeconds, scene.maxDecisionAgeSeconds());
        } else {
            rowMaxAgeSeconds = Double.NaN; // no history: the ages are not kept
        }
        errorSum += scene.meanFacingErrorDegrees();
        errorSamples++;
    }

    @Override
    boolean finished() {
        return row == 6;
    }

    @Override
    Scene startRow() {
        IoPolicy[] policies = IoPolicy.values();
        Scene next;
        if (row == 0) {
            rowName = "update-all";
            next = Scene.updateAll(npcs, options.seed());
        } else if (row <= policies.length) {
            IoPolicy policy = policies[row - 1];
            rowName = policy.name();
            next = Scene.timesliced(npcs, options.seed(), policy, options.budget(), options.history(),
                    options.threading(), null);
        } else {
            rowName = String.format(Locale.ROOT, "interval %.3fs", intervalSeconds);
            next = Scene.interval(npcs, options.seed(), (float) intervalSeconds);
        }
        decisionNanos = 0;
        rowMaxAgeSeconds = 0;
        errorSum = 0;
        errorSamples = 0;
        return next.animateOn(options.animationThreading());
    }

    @Override
    void endRow() {
        double decisionsPerSecond;
        FaceTargetSystem decisions = scene.decisions();
        if (decisions != null) {
            decisionsPerSecond = decisions.stats().decisionsPerSecond();
            if (decisions.policy() == IoPolicy.AIAO) {
                double rate = decisionsPerSecond > 0 ? decisionsPerSecond : npcs / (double) delta;
                intervalSeconds = npcs / rate;
            }
        } else if (row == 0) { // update-all
            decisionsPerSecond = npcs / (double) delta;
        } else { // interval
            decisionsPerSecond = npcs / intervalSeconds;
        }
        rows.add(new Row(rowName, times, decisionNanos / 1e6 / measuredTicks, decisionsPerSecond,
                errorSamples == 0 ? 0 : errorSum / errorSamples, rowMaxAgeSeconds));
        out.printf(Locale.ROOT, "  measured %s%n", rowName);
        row++;
    }

    @Override
    public void finish() throws IOException {
        out.println();
        out.println("| decider | mean tick ms | p99 tick ms | max tick ms | decide ms/tick | decisions/s | mean facing error | max decision age |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.0f | %.2f° | %s |%n",
                    r.name(), r.times().meanMillis(), r.times().percentileMillis(99), r.times().maxMillis(),
                    r.decisionMillis(), r.decisionsPerSecond(), r.facingErrorDegrees(), seconds(r.maxAgeSeconds()));
        }
        if (options.plotFile() != null) {
            ComparePlot.write(rows, title, options.plotFile());
            out.printf(Locale.ROOT, "plot: %s%n", options.plotFile());
        }
    }

    /** A decision age, or n/a where none is kept (NaN). */
    static String seconds(double age) {
        return Double.isNaN(age) ? "n/a" : String.format(Locale.ROOT, "%.3f s", age);
    }
}
