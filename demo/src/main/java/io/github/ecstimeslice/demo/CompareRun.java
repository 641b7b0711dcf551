package io.github.ecstimeslice.demo;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --compare}: the same scene, one row after another in one process: every NPC deciding
 * every tick, the four policies at the chosen budget, and artemis's IntervalIteratingSystem
 * deciding for everyone at once at the same average rate (measured on the AIAO row). Each row
 * warms up, then measures tick time (mean, p99), decision time, facing error and decision age.
 */
final class CompareRun implements Stage {

    /** One row of the table: a decider's measured ticks and what its decisions cost and bought. */
    record Row(String name, TickTimes times, double decisionMillis, double decisionsPerSecond,
               double facingErrorDegrees, double maxAgeSeconds) {
    }

    private final int npcs;
    private final long seed;
    private final Budget budget;
    private final Threading threading;
    private final Threading animationThreading;
    /** Decisions the policies' rows keep per NPC. */
    private final int history;
    private final int warmupTicks;
    private final int measuredTicks;
    private final float delta;
    private final PrintStream out;
    private final List<Row> rows = new ArrayList<>();
    /** Where to draw the rows ({@link ComparePlot}), or null. */
    private final Path plotFile;
    private final String title;

    private int row;
    private Scene scene;
    private String rowName;
    private double rowMaxAgeSeconds;
    private int done;
    private TickTimes times;
    private long decisionNanos;
    private double errorSum;
    private int errorSamples;
    private double intervalSeconds = -1;

    CompareRun(int npcs, long seed, Budget budget, int history, Threading threading, Threading animationThreading,
               int measuredTicks, double tickRate, Path plotFile, PrintStream out) {
        this.npcs = npcs;
        this.plotFile = plotFile;
        this.title = String.format(Locale.ROOT, "tick time of each decider: %,d NPCs, budget %s, threads %s", npcs,
                budget, ThreadingConverter.word(threading));
        this.history = history;
        this.seed = seed;
        this.budget = budget;
        this.threading = threading;
        this.animationThreading = animationThreading;
        this.measuredTicks = measuredTicks;
        this.warmupTicks = Math.max(60, measuredTicks / 5);
        this.delta = (float) (1 / tickRate);
        this.out = out;
        out.printf(Locale.ROOT, "compare: %d NPCs, budget %s, history %d, threads %s, animation threads %s, %d warm-up + %d measured ticks a row%n",
                npcs, budget, history, ThreadingConverter.word(threading), ThreadingConverter.word(animationThreading),
                warmupTicks, measuredTicks);
    }

    /** The rows measured so far. */
    List<Row> rows() {
        return rows;
    }

    @Override
    public boolean tick() {
        if (scene == null) {
            startRow();
        }
        long start = System.nanoTime();
        scene.tick(delta);
        long tickNanos = System.nanoTime() - start;
        done++;
        if (done > warmupTicks) {
            times.add(tickNanos);
            decisionNanos += scene.decisionNanos();
            if (done % 7 == 0) { // measuring walks every NPC: not every tick (7: no period hides in it), never inside one
                scene.measureDecisionAges();
                rowMaxAgeSeconds = Math.max(rowMaxAgeSeconds, scene.maxDecisionAgeSeconds());
                errorSum += scene.meanFacingErrorDegrees();
                errorSamples++;
            }
        }
        if (done == warmupTicks + measuredTicks) {
            endRow();
            row++;
        }
        return row == 6;
    }

    private void startRow() {
        IoPolicy[] policies = IoPolicy.values();
        if (row == 0) {
            rowName = "update-all";
            scene = Scene.updateAll(npcs, seed);
        } else if (row <= policies.length) {
            IoPolicy policy = policies[row - 1];
            rowName = policy.name();
            scene = Scene.timesliced(npcs, seed, policy, budget, history, threading, null);
        } else {
            rowName = String.format(Locale.ROOT, "interval %.3fs", intervalSeconds);
            scene = Scene.interval(npcs, seed, (float) intervalSeconds);
        }
        scene.animateOn(animationThreading);
        System.gc(); // the previous row's world is garbage now: collect it before this row is timed
        done = 0;
        times = new TickTimes(measuredTicks);
        decisionNanos = 0;
        errorSum = 0;
        errorSamples = 0;
    }

    private void endRow() {
        double decisionsPerSecond;
        if (scene.decisions != null) {
            decisionsPerSecond = scene.decisions.decisionsPerSecond();
            if (scene.decisions.policy() == IoPolicy.AIAO) {
                double rate = decisionsPerSecond > 0 ? decisionsPerSecond : npcs / (double) delta;
                intervalSeconds = npcs / rate;
            }
        } else if (scene.interval != null) {
            decisionsPerSecond = npcs / intervalSeconds;
        } else {
            decisionsPerSecond = npcs / (double) delta;
        }
        scene.world.dispose();
        scene = null;
        rows.add(new Row(rowName, times, decisionNanos / 1e6 / measuredTicks, decisionsPerSecond,
                errorSamples == 0 ? 0 : errorSum / errorSamples, rowMaxAgeSeconds));
        out.printf(Locale.ROOT, "  measured %s%n", rowName);
    }

    @Override
    public void finish() throws IOException {
        out.println();
        out.println("| decider | mean tick ms | p99 tick ms | max tick ms | decide ms/tick | decisions/s | mean facing error | max decision age |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.0f | %.2f° | %.3f s |%n",
                    r.name(), r.times().meanMillis(), r.times().percentileMillis(99), r.times().maxMillis(),
                    r.decisionMillis(), r.decisionsPerSecond(), r.facingErrorDegrees(), r.maxAgeSeconds());
        }
        if (plotFile != null) {
            ComparePlot.write(rows, title, plotFile);
            out.printf(Locale.ROOT, "plot: %s%n", plotFile);
        }
    }
}
