package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.SharedPlan;
import io.github.ecstimeslice.demo.scene.SharedScene;
import io.github.ecstimeslice.demo.scene.TickTimes;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code --shared-budget ... --compare}: the shared scene's three decision systems with budgets of
 * their own, the pool split by the weights ({@code jobs:200, jobs:133, jobs:67} for
 * {@code jobs:400} and 3:2:1), against the same three sharing the pool, in one process, ticked in
 * rounds ({@link RoundsRun}): both warm up in turn, then each round ticks each for a span, so the
 * machine's drift hits both alike. Whole ticks (mean, p99) and deciding time are the median over
 * the rounds with their range; the decisions a second each system made and the mean facing error
 * are over all the measured ticks. Then, in words, whether the two differ clearly in p99 tick and
 * in deciding time.
 */
final class SharedCompareRun extends RoundsRun<SharedScene> {

    private static final int SYSTEMS = SharedPlan.SYSTEMS.length;
    private static final int SEPARATE = 0;
    private static final int SHARED = 1;

    private final RunOptions options;
    private final SharedPlan plan;
    private final PrintStream out;
    /** Per contender: deciding nanoseconds per round; jobs per system over the measured ticks; facing error samples. */
    private final long[][] decisionNanos;
    private final long[][] jobs = new long[2][SYSTEMS];
    private final long[][] jobsAtSpanStart = new long[2][SYSTEMS];
    private final double[] errorSums = new double[2];
    private final int[] errorSamples = new int[2];

    SharedCompareRun(RunOptions options, PrintStream out) {
        super(2, Math.max(60, options.ticks() / 5), options.ticks(), options.delta(), out);
        this.options = options;
        this.plan = options.shared();
        this.out = out;
        this.decisionNanos = new long[2][rounds];
        out.printf(Locale.ROOT, "compare: %d NPCs, %s, %s (%s) separately against shared %s weights %s, history %d,"
                        + " threads %s, animation threads %s; each warmed up %d ticks, then measured in %d rounds of %d"
                        + " ticks, the two in turn%n",
                options.npcs(), options.policy(), String.join(", ", SharedPlan.SYSTEMS), plan.separateText(),
                plan.poolText(), plan.weightsText(), options.history(), ThreadingWords.word(options.threading()),
                ThreadingWords.word(options.animationThreading()), warmupTicks, rounds, spanTicks);
    }

    @Override
    SharedScene build(int contender) {
        SharedScene next = contender == SHARED
                ? SharedScene.shared(options.npcs(), options.seed(), options.policy(), plan.newPool(), plan.weights(),
                options.history(), options.threading())
                : SharedScene.separate(options.npcs(), options.seed(), options.policy(), plan.separateBudgets(),
                options.history(), options.threading());
        return next.animateOn(options.animationThreading());
    }

    @Override
    String name(int contender) {
        return contender == SEPARATE ? "separate" : "shared";
    }

    /** A contender's budgets, for the table. */
    private String budgets(int contender) {
        return contender == SEPARATE ? "separate " + plan.separateText()
                : "shared " + plan.poolText() + ", weights " + plan.weightsText();
    }

    @Override
    void spanStarting(int contender, int round, SharedScene scene) {
        for (int i = 0; i < SYSTEMS; i++) {
            jobsAtSpanStart[contender][i] = scene.system(i).stats().jobsRunTotal();
        }
    }

    @Override
    void measured(int contender, int round, SharedScene scene) {
        decisionNanos[contender][round] += scene.decisionNanos();
    }

    @Override
    void sample(int contender, SharedScene scene) {
        errorSums[contender] += scene.meanFacingErrorDegrees();
        errorSamples[contender]++;
    }

    @Override
    void spanEnded(int contender, int round, SharedScene scene) {
        for (int i = 0; i < SYSTEMS; i++) {
            jobs[contender][i] += scene.system(i).stats().jobsRunTotal() - jobsAtSpanStart[contender][i];
        }
    }

    /** A contender's deciding milliseconds a tick, the median over the rounds with their range. */
    private Spread decide(int contender) {
        double[] perRound = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            perRound[round] = decisionNanos[contender][round] / 1e6 / spanTicks;
        }
        return Spread.of(perRound);
    }

    @Override
    public void finish() {
        out.println();
        out.printf(Locale.ROOT, "tick and deciding times: the median of the %d rounds, then the range of the rounds'"
                + " figures, least to most%n", rounds);
        out.println("| budgets | mean tick ms | p99 tick ms | decide ms/tick | facing decisions/s | alertness decisions/s"
                + " | wander decisions/s | mean facing error |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        double seconds = rounds * spanTicks * (double) delta;
        Spread[] p99 = new Spread[2];
        Spread[] decide = new Spread[2];
        for (int c = 0; c < 2; c++) {
            p99[c] = spreadOf(c, t -> t.percentileMillis(99));
            decide[c] = decide(c);
            out.printf(Locale.ROOT, "| %s | %s | %s | %s | %.0f | %.0f | %.0f | %.2f° |%n", budgets(c),
                    spreadOf(c, TickTimes::meanMillis).text("%.3f"), p99[c].text("%.3f"), decide[c].text("%.3f"),
                    jobs[c][0] / seconds, jobs[c][1] / seconds, jobs[c][2] / seconds,
                    errorSamples[c] == 0 ? 0 : errorSums[c] / errorSamples[c]);
        }
        out.println();
        out.println("what the rounds show, the shared pool against the separate budgets:");
        out.println(CompareVerdict.of("p99 tick", "%.3f", "ms", "the shared pool", p99[SHARED], "the separate budgets",
                p99[SEPARATE]));
        out.println(CompareVerdict.of("deciding time a tick", "%.3f", "ms", "the shared pool", decide[SHARED],
                "the separate budgets", decide[SEPARATE]));
    }
}
