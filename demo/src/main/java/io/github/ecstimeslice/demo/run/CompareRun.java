package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.scene.Newcomers;
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
 *
 * <p>With churn, NPCs die and spawn in every row alike, each policy's row is followed by the same
 * with newcomers decided soon ({@code setDecideNewcomersSoon(true)}), and two more columns give,
 * for the newcomers that joined during the measured ticks, the ticks from join to first decision
 * (mean and max) and how many were decided, died before their first decision, or still wait. A
 * row's ticks go on past the measured ones, untimed, until those newcomers are decided (at most
 * as many ticks again), so the slow ones count too.
 */
final class CompareRun extends RowRun<Scene> {

    /**
     * One row of the table: a decider's measured ticks and what its decisions cost and bought; with
     * churn, its newcomers' first decisions ({@code waits}, null without churn).
     */
    record Row(String name, TickTimes times, double decisionMillis, double decisionsPerSecond,
               double facingErrorDegrees, double maxAgeSeconds, Waits waits) {
    }

    /** The newcomers' first decisions in a row: counted, decided (and their waits), died first, still waiting. */
    record Waits(long joined, boolean seen, long decided, double meanTicks, long maxTicks, long diedFirst, long waiting) {

        static Waits of(Newcomers newcomers, boolean seen) {
            Newcomers.Tally total = newcomers.total();
            return new Waits(newcomers.joined(), seen, total.decided(), total.meanTicks(), total.maxTicks(),
                    newcomers.diedFirst(), newcomers.waiting());
        }
    }

    /** A row to run: its decider (update-all, a policy, interval) and, for a policy, whether newcomers are decided soon. */
    private record Plan(String decider, IoPolicy policy, boolean decideSoon) {
    }

    /** The scene, the budget and history of the policies' rows, the measured ticks, the plot file. */
    private final RunOptions options;
    private final int npcs;
    private final PrintStream out;
    private final List<Row> rows = new ArrayList<>();
    private final List<Plan> plan = new ArrayList<>();
    private final String title;
    /** The NPCs that die and spawn a second; 0 without churn. */
    private final double churn;
    /** Ticks run past the measured ones while the row's newcomers wait. */
    private int extraTicks;

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
        this.churn = options.churn();
        plan.add(new Plan("update-all", null, false));
        for (IoPolicy policy : IoPolicy.values()) {
            plan.add(new Plan(policy.name(), policy, false));
            if (churn > 0) {
                plan.add(new Plan(policy.name() + " decide-soon", policy, true));
            }
        }
        plan.add(new Plan("interval", null, false));
        this.title = String.format(Locale.ROOT, "tick time of each decider: %,d NPCs, budget %s, threads %s", npcs,
                options.budget(), ThreadingWords.word(options.threading()));
        out.printf(Locale.ROOT, "compare: %d NPCs, budget %s, history %d, threads %s, animation threads %s, %d warm-up + %d measured ticks a row%n",
                npcs, options.budget(), options.history(), ThreadingWords.word(options.threading()),
                ThreadingWords.word(options.animationThreading()), warmupTicks, measuredTicks);
        if (churn > 0) {
            out.printf(Locale.ROOT, "churn: %s NPCs die and as many spawn each second, the same in every row%n",
                    LiveRun.number(churn));
        }
    }

    @Override
    void warmedUp() {
        if (scene.newcomers() != null) {
            scene.newcomers().count(true);
        }
    }

    @Override
    void measuredEnded() {
        if (scene.newcomers() != null) {
            scene.newcomers().count(false); // the newcomers of the measured ticks are counted, no later ones
        }
    }

    @Override
    boolean needsMoreTicks() {
        Newcomers newcomers = scene.newcomers();
        return newcomers != null && scene.seesNewcomersDecisions() && newcomers.waiting() > 0
                && extraTicks++ < measuredTicks;
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
        return row == plan.size();
    }

    @Override
    Scene startRow() {
        Plan planned = plan.get(row);
        Scene next;
        if (planned.policy() != null) {
            rowName = planned.decider();
            next = Scene.timesliced(npcs, options.seed(), planned.policy(), options.budget(), options.history(),
                    options.threading(), null, churn);
            if (planned.decideSoon()) {
                next.decideNewcomersSoon();
            }
        } else if (planned.decider().equals("update-all")) {
            rowName = "update-all";
            next = Scene.updateAll(npcs, options.seed(), churn);
        } else {
            rowName = String.format(Locale.ROOT, "interval %.3fs", intervalSeconds);
            next = Scene.interval(npcs, options.seed(), (float) intervalSeconds, churn);
        }
        if (next.newcomers() != null) {
            next.newcomers().count(false); // from the measured ticks on
        }
        extraTicks = 0;
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
            if (decisions.policy() == IoPolicy.AIAO && !plan.get(row).decideSoon()) {
                double rate = decisionsPerSecond > 0 ? decisionsPerSecond : npcs / (double) delta;
                intervalSeconds = npcs / rate;
            }
        } else if (row == 0) { // update-all
            decisionsPerSecond = npcs / (double) delta;
        } else { // interval
            decisionsPerSecond = npcs / intervalSeconds;
        }
        Newcomers newcomers = scene.newcomers();
        rows.add(new Row(rowName, times, decisionNanos / 1e6 / measuredTicks, decisionsPerSecond,
                errorSamples == 0 ? 0 : errorSum / errorSamples, rowMaxAgeSeconds,
                newcomers == null ? null : Waits.of(newcomers, scene.seesNewcomersDecisions())));
        out.printf(Locale.ROOT, "  measured %s%n", rowName);
        row++;
    }

    @Override
    public void finish() throws IOException {
        out.println();
        boolean churned = churn > 0;
        out.println("| decider | mean tick ms | p99 tick ms | max tick ms | decide ms/tick | decisions/s | mean facing error | max decision age |"
                + (churned ? " join to first decision, ticks: mean / max | newcomers: decided, died first, still waiting |" : ""));
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|" + (churned ? "---:|---:|" : ""));
        for (Row r : rows) {
            out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.0f | %.2f° | %s |%s%n",
                    r.name(), r.times().meanMillis(), r.times().percentileMillis(99), r.times().maxMillis(),
                    r.decisionMillis(), r.decisionsPerSecond(), r.facingErrorDegrees(), seconds(r.maxAgeSeconds()),
                    churned ? waits(r.waits()) : "");
        }
        if (options.plotFile() != null) {
            ComparePlot.write(rows, title, options.plotFile());
            out.printf(Locale.ROOT, "plot: %s%n", options.plotFile());
        }
    }

    /** A row's newcomer columns: their waits for a first decision, and what became of them; n/a where not seen. */
    private static String waits(Waits w) {
        if (!w.seen()) {
            return String.format(Locale.ROOT, " n/a | %d joined, n/a (no history) |", w.joined());
        }
        String ticks = w.decided() == 0 ? "n/a" : String.format(Locale.ROOT, "%.2f / %d", w.meanTicks(), w.maxTicks());
        return String.format(Locale.ROOT, " %s | %d, %d, %d |", ticks, w.decided(), w.diedFirst(), w.waiting());
    }

    /** A decision age, or n/a where none is kept (NaN). */
    static String seconds(double age) {
        return Double.isNaN(age) ? "n/a" : String.format(Locale.ROOT, "%.3f s", age);
    }
}
