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
 * {@code --compare}: the same scene decided several ways, in one process: every NPC deciding every
 * tick, the four policies at the chosen budget, and artemis's IntervalIteratingSystem deciding for
 * everyone at once at the same average rate (AIAO's, read once its warm-up is done, so the interval
 * system is built and warmed up after the others). The deciders are ticked in rounds
 * ({@link RoundsRun}): each warms up, then each round ticks every decider for a span in turn, so a
 * slow spell of the machine hits all of them alike. Tick time (mean, p99, max) and deciding time
 * are given as the median over the rounds with their range, facing error and decision age over all
 * the measured ticks; then, in words, whether each policy's p99 tick is clearly apart from the
 * interval system's.
 *
 * <p>With churn, NPCs die and spawn in every row alike, each policy's row is followed by the same
 * with newcomers decided soon ({@code setDecideNewcomersSoon(true)}), and two more columns give,
 * for the newcomers that joined during the measured ticks, the ticks from join to first decision
 * (mean and max) and how many were decided, died before their first decision, or still wait. After
 * the rounds each decider's ticks go on, untimed, until those newcomers are decided (at most as
 * many ticks again), so the slow ones count too.
 */
final class CompareRun extends RoundsRun<Scene> {

    /**
     * One row of the table: a decider's measured ticks, round after round, the tick's mean, p99 and
     * max and the deciding time a tick over the rounds, and what its decisions cost and bought; with
     * churn, its newcomers' first decisions ({@code waits}, null without churn).
     */
    record Row(String name, TickTimes times, Spread meanTick, Spread p99Tick, Spread maxTick, Spread decide,
               double decisionsPerSecond, double facingErrorDegrees, double maxAgeSeconds, Waits waits) {

        /** Deciding milliseconds a tick, the median over the rounds. */
        double decisionMillis() {
            return decide.median();
        }
    }

    /** The newcomers' first decisions in a row: counted, decided (and their waits), died first, still waiting. */
    record Waits(long joined, boolean seen, long decided, double meanTicks, long maxTicks, long diedFirst, long waiting) {

        static Waits of(Newcomers newcomers, boolean seen) {
            Newcomers.Tally total = newcomers.total();
            return new Waits(newcomers.joined(), seen, total.decided(), total.meanTicks(), total.maxTicks(),
                    newcomers.diedFirst(), newcomers.waiting());
        }
    }

    /** A decider to run: update-all, a policy, interval; for a policy, whether newcomers are decided soon. */
    private record Plan(String decider, IoPolicy policy, boolean decideSoon) {
    }

    /** What one decider adds up while measured: deciding time per round, facing error and decision age samples. */
    private static final class Tally {
        final long[] decisionNanos;
        double errorSum;
        int errorSamples;
        double maxAgeSeconds;
        int extraTicks;

        Tally(int rounds) {
            decisionNanos = new long[rounds];
        }
    }

    /** The scene, the budget and history of the policies' rows, the measured ticks, the plot file. */
    private final RunOptions options;
    private final int npcs;
    private final PrintStream out;
    private final List<Plan> plan;
    private final Tally[] tallies;
    private final Row[] rows;
    private final String title;
    /** The NPCs that die and spawn a second; 0 without churn. */
    private final double churn;
    private final int measuredTicks;
    /** The AIAO decider, whose rate the interval system is given, and the interval system. */
    private final int aiao;
    private final int interval;
    private double intervalSeconds = -1;

    CompareRun(RunOptions options, PrintStream out) {
        this(options, out, plans(options.churn()));
    }

    private CompareRun(RunOptions options, PrintStream out, List<Plan> plan) {
        super(plan.size(), Math.max(60, options.ticks() / 5), options.ticks(), options.delta(), out);
        this.options = options;
        this.npcs = options.npcs();
        this.out = out;
        this.churn = options.churn();
        this.plan = plan;
        this.measuredTicks = rounds * spanTicks;
        this.aiao = 1;
        this.interval = plan.size() - 1;
        schedule.late(interval);
        tallies = new Tally[plan.size()];
        for (int c = 0; c < tallies.length; c++) {
            tallies[c] = new Tally(rounds);
        }
        rows = new Row[plan.size()];
        this.title = String.format(Locale.ROOT, "tick time of each decider: %,d NPCs, budget %s, threads %s", npcs,
                options.budget(), ThreadingWords.word(options.threading()));
        out.printf(Locale.ROOT, "compare: %d NPCs, budget %s, history %d, threads %s, animation threads %s; each decider"
                        + " warmed up %d ticks, then measured in %d rounds of %d ticks, the deciders in turn, every"
                        + " other round backwards%n", npcs, options.budget(), options.history(),
                ThreadingWords.word(options.threading()), ThreadingWords.word(options.animationThreading()), warmupTicks,
                rounds, spanTicks);
        if (churn > 0) {
            out.printf(Locale.ROOT, "churn: %s NPCs die and as many spawn each second, the same in every row%n",
                    LiveRun.number(churn));
        }
    }

    /** The deciders: update-all, each policy (and with churn, each again deciding newcomers soon), interval. */
    private static List<Plan> plans(double churn) {
        List<Plan> plan = new ArrayList<>();
        plan.add(new Plan("update-all", null, false));
        for (IoPolicy policy : IoPolicy.values()) {
            plan.add(new Plan(policy.name(), policy, false));
            if (churn > 0) {
                plan.add(new Plan(policy.name() + " decide-soon", policy, true));
            }
        }
        plan.add(new Plan("interval", null, false));
        return plan;
    }

    @Override
    Scene build(int contender) {
        Plan planned = plan.get(contender);
        Scene next;
        if (planned.policy() != null) {
            next = Scene.timesliced(npcs, options.seed(), planned.policy(), options.budget(), options.history(),
                    options.threading(), null, churn);
            if (planned.decideSoon()) {
                next.decideNewcomersSoon();
            }
        } else if (contender == 0) {
            next = Scene.updateAll(npcs, options.seed(), churn);
        } else {
            intervalSeconds = npcs / aiaoRate();
            next = Scene.interval(npcs, options.seed(), (float) intervalSeconds, churn);
        }
        if (next.newcomers() != null) {
            next.newcomers().count(false); // from the measured ticks on
        }
        return next.animateOn(options.animationThreading());
    }

    /**
     * AIAO's decisions a second after its warm-up: over its last whole batch, or, before one has
     * ended, over the warm-up's ticks; every NPC every tick if it decided nothing.
     */
    private double aiaoRate() {
        FaceTargetSystem decisions = scene(aiao).decisions();
        double rate = decisions.stats().decisionsPerSecond();
        if (rate > 0) {
            return rate;
        }
        double warmUpRate = decisions.stats().jobsRunTotal() / (warmupTicks * (double) delta);
        return warmUpRate > 0 ? warmUpRate : npcs / (double) delta;
    }

    @Override
    String name(int contender) {
        return contender == interval ? String.format(Locale.ROOT, "interval %.3fs", intervalSeconds)
                : plan.get(contender).decider();
    }

    @Override
    void warmedUp(int contender, Scene scene) {
        if (scene.newcomers() != null) {
            scene.newcomers().count(true);
        }
    }

    @Override
    void measured(int contender, int round, Scene scene) {
        tallies[contender].decisionNanos[round] += scene.decisionNanos();
    }

    @Override
    void sample(int contender, Scene scene) {
        Tally tally = tallies[contender];
        if (scene.measuresAges()) {
            scene.measureDecisionAges();
            tally.maxAgeSeconds = Math.max(tally.maxAgeSeconds, scene.maxDecisionAgeSeconds());
        } else {
            tally.maxAgeSeconds = Double.NaN; // no history: the ages are not kept
        }
        tally.errorSum += scene.meanFacingErrorDegrees();
        tally.errorSamples++;
    }

    @Override
    void spanEnded(int contender, int round, Scene scene) {
        if (round == rounds - 1 && scene.newcomers() != null) {
            scene.newcomers().count(false); // the newcomers of the measured ticks are counted, no later ones
        }
    }

    @Override
    boolean needsMoreTicks(int contender, Scene scene) {
        Newcomers newcomers = scene.newcomers();
        return newcomers != null && scene.seesNewcomersDecisions() && newcomers.waiting() > 0
                && tallies[contender].extraTicks++ < measuredTicks;
    }

    @Override
    void ended(int contender, Scene scene) {
        double decisionsPerSecond;
        FaceTargetSystem decisions = scene.decisions();
        if (decisions != null) {
            decisionsPerSecond = decisions.stats().decisionsPerSecond();
        } else if (contender == interval) {
            decisionsPerSecond = npcs / intervalSeconds;
        } else { // update-all
            decisionsPerSecond = npcs / (double) delta;
        }
        Tally tally = tallies[contender];
        double[] decide = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            decide[round] = tally.decisionNanos[round] / 1e6 / spanTicks;
        }
        Newcomers newcomers = scene.newcomers();
        rows[contender] = new Row(name(contender), times(contender), spreadOf(contender, TickTimes::meanMillis),
                spreadOf(contender, t -> t.percentileMillis(99)), spreadOf(contender, TickTimes::maxMillis),
                Spread.of(decide), decisionsPerSecond, tally.errorSamples == 0 ? 0 : tally.errorSum / tally.errorSamples,
                tally.maxAgeSeconds, newcomers == null ? null : Waits.of(newcomers, scene.seesNewcomersDecisions()));
    }

    @Override
    public void finish() throws IOException {
        out.println();
        boolean churned = churn > 0;
        out.printf(Locale.ROOT, "tick and deciding times: the median of the %d rounds, then the range of the rounds'"
                + " figures, least to most%n", rounds);
        out.println("| decider | mean tick ms | p99 tick ms | max tick ms | decide ms/tick | decisions/s | mean facing error | max decision age |"
                + (churned ? " join to first decision, ticks: mean / max | newcomers: decided, died first, still waiting |" : ""));
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|" + (churned ? "---:|---:|" : ""));
        for (Row r : rows) {
            out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %.0f | %.2f° | %s |%s%n", r.name(),
                    r.meanTick().text("%.3f"), r.p99Tick().text("%.3f"), r.maxTick().text("%.3f"),
                    r.decide().text("%.3f"), r.decisionsPerSecond(), r.facingErrorDegrees(), seconds(r.maxAgeSeconds()),
                    churned ? waits(r.waits()) : "");
        }
        out.println();
        out.println("what the rounds show, each policy against the interval system deciding for everyone at once:");
        Row all = rows[interval];
        for (int c = 1; c < interval; c++) {
            out.println(CompareVerdict.of("p99 tick", "%.3f", "ms", rows[c].name(), rows[c].p99Tick(), all.name(),
                    all.p99Tick()));
        }
        if (options.plotFile() != null) {
            ComparePlot.write(List.of(rows), title, options.plotFile());
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
