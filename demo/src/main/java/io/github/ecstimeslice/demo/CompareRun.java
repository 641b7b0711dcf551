package io.github.ecstimeslice.demo;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;

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
final class CompareRun implements Stage {

    /** One row of the table. */
    static final class Row {
        final String name;
        double meanTickMillis;
        double p99TickMillis;
        double maxTickMillis;
        double decisionMillis;
        double facingErrorDegrees;
        double maxAgeSeconds;
        double decisionsPerSecond;

        Row(String name) {
            this.name = name;
        }
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

    private int row;
    private Scene scene;
    private Row current;
    private int done;
    private TickTimes times;
    private long decisionNanos;
    private double errorSum;
    private int errorSamples;
    private double intervalSeconds = -1;

    CompareRun(int npcs, long seed, Budget budget, int history, Threading threading, Threading animationThreading,
               int measuredTicks, double tickRate,
               PrintStream out) {
        this.npcs = npcs;
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
                current.maxAgeSeconds = Math.max(current.maxAgeSeconds, scene.maxDecisionAgeSeconds());
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
            current = new Row("update-all");
            scene = Scene.updateAll(npcs, seed);
        } else if (row <= policies.length) {
            IoPolicy policy = policies[row - 1];
            current = new Row(policy.name());
            scene = Scene.timesliced(npcs, seed, policy, budget, history, threading, null);
        } else {
            current = new Row(String.format(Locale.ROOT, "interval %.3fs", intervalSeconds));
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
        current.meanTickMillis = times.meanMillis();
        current.p99TickMillis = times.percentileMillis(99);
        current.maxTickMillis = times.maxMillis();
        current.decisionMillis = decisionNanos / 1e6 / measuredTicks;
        current.facingErrorDegrees = errorSamples == 0 ? 0 : errorSum / errorSamples;
        if (scene.decisions != null) {
            current.decisionsPerSecond = scene.decisions.decisionsPerSecond();
            if (scene.decisions.policy() == IoPolicy.AIAO) {
                double rate = current.decisionsPerSecond > 0 ? current.decisionsPerSecond : npcs / (double) delta;
                intervalSeconds = npcs / rate;
            }
        } else if (scene.interval != null) {
            current.decisionsPerSecond = npcs / intervalSeconds;
        } else {
            current.decisionsPerSecond = npcs / (double) delta;
        }
        scene.world.dispose();
        scene = null;
        rows.add(current);
        out.printf(Locale.ROOT, "  measured %s%n", current.name);
    }

    @Override
    public void finish() {
        out.println();
        out.println("| decider | mean tick ms | p99 tick ms | max tick ms | decide ms/tick | decisions/s | mean facing error | max decision age |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.0f | %.2f° | %.3f s |%n",
                    r.name, r.meanTickMillis, r.p99TickMillis, r.maxTickMillis, r.decisionMillis,
                    r.decisionsPerSecond, r.facingErrorDegrees, r.maxAgeSeconds);
        }
    }
}
