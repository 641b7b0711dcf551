package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.scene.Scene;
import io.github.ecstimeslice.demo.scene.TickTimes;
import io.github.ecstimeslice.demo.scene.TierSetup;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --compare --tiers}: tiered AIAO at the chosen budget (the animation thinned to match),
 * then untiered AIAO at the decisions per second the tiered row made (every NPC turning every
 * tick), in the same scene with the same player walking, so the two spend the same decisions: the
 * untiered one on every NPC alike, the tiered one mostly on the NPCs near the player. Each row
 * warms up, then measures its ticks, decisions per second, and for the NPCs in each ring about the
 * player the facing error and the decisions' age, means over the measured ticks.
 */
final class TierCompareRun extends RowRun<Scene> {

    /** One row: its measured ticks, decisions per second, and per tier the mean facing error and decision age. */
    private record Row(String name, TickTimes times, double decisionsPerSecond, double[] errors, double[] ages) {
    }

    private final RunOptions options;
    private final TierSetup tiers;
    private final PrintStream out;
    private final List<Row> rows = new ArrayList<>();

    private long jobsBefore;
    private double[] errorSums;
    private double[] ageSums;
    private int samples;
    /** The tiered row's decisions per second, which the untiered row is given. */
    private double tieredRate;

    TierCompareRun(RunOptions options, PrintStream out) {
        super(Math.max(120, options.ticks() / 5), options.ticks(), options.delta());
        this.options = options;
        this.tiers = options.tiers();
        this.out = out;
        out.printf(Locale.ROOT, "compare tiers: %d NPCs, AIAO, %s, tiered budget %s, history %d, %d warm-up + %d measured ticks a row%n",
                options.npcs(), tiers, options.budget(), options.history(), warmupTicks, measuredTicks);
    }

    @Override
    void warmedUp() {
        jobsBefore = scene.decisions().stats().jobsRunTotal();
    }

    @Override
    boolean finished() {
        return rows.size() == 2;
    }

    @Override
    Scene startRow() {
        boolean tiered = rows.isEmpty();
        // a budget so slow that the tiered row decided nothing while measured (hz:0.01): nor does this one
        Budget budget = tiered ? options.budget() : Budget.jobsPerSecond(Math.max(tieredRate, Double.MIN_NORMAL));
        Scene next = (tiered
                ? Scene.tiered(options.npcs(), options.seed(), IoPolicy.AIAO, budget, options.history(),
                options.threading(), tiers)
                : Scene.untieredWithPlayer(options.npcs(), options.seed(), IoPolicy.AIAO, budget, options.history(),
                options.threading(), tiers)).animateOn(options.animationThreading());
        errorSums = new double[tiers.tiers().count()];
        ageSums = new double[errorSums.length];
        samples = 0;
        return next;
    }

    /** Adds the facing error and mean decision age now of the NPCs in each ring about the player to the row's. */
    @Override
    void sample() {
        for (int ring = 0; ring < errorSums.length; ring++) {
            errorSums[ring] += scene.meanFacingErrorDegrees(ring);
            ageSums[ring] += scene.measuresAges() ? scene.meanDecisionAgeSeconds(ring) : Double.NaN; // n/a with no history
        }
        samples++;
    }

    @Override
    void endRow() {
        double rate = (scene.decisions().stats().jobsRunTotal() - jobsBefore) / (measuredTicks * (double) delta);
        if (rows.isEmpty()) {
            tieredRate = rate;
        }
        double[] errors = new double[errorSums.length];
        double[] meanAges = new double[errorSums.length];
        for (int tier = 0; tier < errors.length; tier++) {
            errors[tier] = samples == 0 ? 0 : errorSums[tier] / samples;
            meanAges[tier] = samples == 0 ? 0 : ageSums[tier] / samples;
        }
        String name = rows.isEmpty() ? "AIAO tiered, " + options.budget() : "AIAO untiered, jobsPerSecond(" + Math.round(tieredRate) + ")";
        rows.add(new Row(name, times, rate, errors, meanAges));
        out.printf(Locale.ROOT, "  measured %s%n", name);
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
        out.println(header);
        out.println(rule);
        for (Row row : rows) {
            out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.0f |", row.name(), row.times().meanMillis(),
                    row.times().percentileMillis(99), row.decisionsPerSecond());
            for (int tier = 0; tier < count; tier++) {
                out.printf(Locale.ROOT, " %.2f°, %s |", row.errors()[tier], CompareRun.seconds(row.ages()[tier]));
            }
            out.println();
        }
    }
}
