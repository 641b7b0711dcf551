package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.scene.Scene;
import io.github.ecstimeslice.demo.scene.TickTimes;
import io.github.ecstimeslice.demo.scene.TierSetup;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code --compare --tiers}: tiered AIAO at the chosen budget (the animation thinned to match)
 * against untiered AIAO at the decisions a second the tiered one makes (every NPC turning every
 * tick), in the same scene with the same player walking, so the two spend the same decisions: the
 * untiered one on every NPC alike, the tiered one mostly on the NPCs near the player. They are
 * ticked in rounds ({@link RoundsRun}), the tiered one first in every round: before each of its
 * spans the untiered one is given the rate that brings its measured decisions level with the
 * tiered one's so far (over its warm-up, the tiered one's rate then), so the two make the same
 * decisions, give or take what the last span misses. Tick
 * times (mean, p99) are the median over the rounds with their range; decisions per second, and
 * for the NPCs in each ring about the player the facing error and the decisions' age, are over
 * all the measured ticks.
 */
final class TierCompareRun extends RoundsRun<Scene> {

    private static final int TIERED = 0;
    private static final int UNTIERED = 1;

    private final RunOptions options;
    private final TierSetup tiers;
    private final PrintStream out;
    /** Per contender: decisions over the measured ticks, the count at its span's start, and the rings' sums. */
    private final long[] decisions = new long[2];
    private final long[] jobsAtSpanStart = new long[2];
    private final double[][] errorSums;
    private final double[][] ageSums;
    private final int[] samples = new int[2];
    /** The untiered row's rate: the tiered row's over its warm-up, then what brings the two level. */
    private double untieredRate;

    TierCompareRun(RunOptions options, PrintStream out) {
        super(2, Math.max(120, options.ticks() / 5), options.ticks(), options.delta(), out);
        this.options = options;
        this.tiers = options.tiers();
        this.out = out;
        int rings = tiers.tiers().count();
        errorSums = new double[2][rings];
        ageSums = new double[2][rings];
        schedule.late(UNTIERED).sameOrderEachRound();
        out.printf(Locale.ROOT, "compare tiers: %d NPCs, AIAO, %s, tiered budget %s, history %d; each warmed up %d ticks,"
                        + " then measured in %d rounds of %d ticks, tiered then untiered%n", options.npcs(), tiers,
                options.budget(), options.history(), warmupTicks, rounds, spanTicks);
    }

    @Override
    Scene build(int contender) {
        if (contender == TIERED) {
            return Scene.tiered(options.npcs(), options.seed(), IoPolicy.AIAO, options.budget(), options.history(),
                    options.threading(), tiers).animateOn(options.animationThreading());
        }
        untieredRate = scene(TIERED).decisions().stats().jobsRunTotal() / (warmupTicks * (double) delta);
        return Scene.untieredWithPlayer(options.npcs(), options.seed(), IoPolicy.AIAO, untieredBudget(),
                options.history(), options.threading(), tiers).animateOn(options.animationThreading());
    }

    /** The untiered row's rate as a budget; one so slow that the tiered row decided nothing (hz:0.01) decides nothing either. */
    private Budget untieredBudget() {
        return Budget.jobsPerSecond(Math.max(untieredRate, Double.MIN_NORMAL));
    }

    @Override
    String name(int contender) {
        return contender == TIERED ? "tiered" : "untiered";
    }

    /** A contender's name in the table: the tiered one's budget, the untiered one's rate, the tiered one's overall. */
    private String rowName(int contender) {
        return contender == TIERED ? "AIAO tiered, " + options.budget()
                : "AIAO untiered, jobsPerSecond(" + Math.round(rate(TIERED)) + ")";
    }

    /** A contender's decisions a second over its measured ticks so far. */
    private double rate(int contender) {
        return decisions[contender] / (rounds * spanTicks * (double) delta);
    }

    @Override
    void spanStarting(int contender, int round, Scene scene) {
        if (contender == UNTIERED) { // the tiered row's span of this round has run: catch up with its decisions
            untieredRate = Math.max(0, decisions[TIERED] - decisions[UNTIERED]) / spanSeconds(UNTIERED);
            scene.decisions().setBudget(untieredBudget());
        }
        jobsAtSpanStart[contender] = scene.decisions().stats().jobsRunTotal();
    }

    @Override
    void spanEnded(int contender, int round, Scene scene) {
        decisions[contender] += scene.decisions().stats().jobsRunTotal() - jobsAtSpanStart[contender];
    }

    /** Adds the facing error and mean decision age now of the NPCs in each ring about the player to the row's. */
    @Override
    void sample(int contender, Scene scene) {
        for (int ring = 0; ring < errorSums[contender].length; ring++) {
            errorSums[contender][ring] += scene.meanFacingErrorDegrees(ring);
            ageSums[contender][ring] += scene.measuresAges() ? scene.meanDecisionAgeSeconds(ring) : Double.NaN; // n/a with no history
        }
        samples[contender]++;
    }

    @Override
    public void finish() {
        int count = tiers.tiers().count();
        StringBuilder header = new StringBuilder("| decider | mean tick ms | p99 tick ms | decisions/s |");
        StringBuilder rule = new StringBuilder("|---|---:|---:|---:|");
        for (int tier = 0; tier < count; tier++) {
            String where = tier == 0 ? String.format(Locale.ROOT, "within %.0f", tiers.radii()[0])
                    : tier == count - 1 ? String.format(Locale.ROOT, "beyond %.0f", tiers.radii()[tier - 1])
                    : String.format(Locale.ROOT, "%.0f to %.0f", tiers.radii()[tier - 1], tiers.radii()[tier]);
            header.append(" NPCs ").append(where).append(": facing error, decision age |");
            rule.append("---:|");
        }
        out.println();
        out.printf(Locale.ROOT, "tick times: the median of the %d rounds, then the range of the rounds' figures, least to"
                + " most%n", rounds);
        out.println(header);
        out.println(rule);
        Spread[] p99 = new Spread[2];
        for (int c = 0; c < 2; c++) {
            p99[c] = spreadOf(c, t -> t.percentileMillis(99));
            out.printf(Locale.ROOT, "| %s | %s | %s | %.0f |", rowName(c), spreadOf(c, TickTimes::meanMillis).text("%.3f"),
                    p99[c].text("%.3f"), rate(c));
            for (int tier = 0; tier < count; tier++) {
                double error = samples[c] == 0 ? 0 : errorSums[c][tier] / samples[c];
                double age = samples[c] == 0 ? 0 : ageSums[c][tier] / samples[c];
                out.printf(Locale.ROOT, " %.2f°, %s |", error, CompareRun.seconds(age));
            }
            out.println();
        }
        out.println();
        out.println("what the rounds show, tiered against untiered at the same decisions a second:");
        out.println(CompareVerdict.of("p99 tick", "%.3f", "ms", "tiered", p99[TIERED], "untiered", p99[UNTIERED]));
    }
}
