package io.github.ecstimeslice.demo.cli;

import io.github.ecstimeslice.demo.scene.SharedPlan;
import picocli.CommandLine.Option;

import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The command line's {@code --shared-budget} and {@code --weights} (a picocli mixin of
 * {@link DemoMain}): the facing scene with three decision systems sharing one pool, and their
 * checks.
 */
final class SharedOptions {

    static final String DEFAULT_WEIGHTS = "3,2,1";
    /** The options that belong to the one decision system's scene, not to the shared scene. */
    private static final String[] ONE_SYSTEM_ONLY = {"--tiers", "--tier-radii", "--churn", "--decide-soon", "--trace",
            "--trap-ms", "--jfr", "--gif", "--plot"};

    @Option(names = "--shared-budget", paramLabel = "POOL",
            description = "jobs:N or ms:M a tick shared by three decision systems (facing, alertness, wander), each"
                    + " with a share weighted by --weights; with --compare, against separate budgets of the same total")
    String pool;

    @Option(names = "--weights", paramLabel = "W1,W2,W3",
            description = "with --shared-budget: the shares' weights for facing, alertness and wander, positive"
                    + " (default: " + DEFAULT_WEIGHTS + ")")
    String weights;

    /**
     * The pool asked for, checked, or null without {@code --shared-budget}. {@code given} says
     * whether an option was on the command line, {@code usage} makes the one-line error.
     */
    SharedPlan check(Predicate<String> given, Function<String, RuntimeException> usage, boolean pathScene,
                     boolean compare) {
        if (pool == null) {
            if (weights != null) {
                throw usage.apply("--weights weighs the shares of --shared-budget: give --shared-budget too");
            }
            return null;
        }
        if (pathScene) {
            throw usage.apply("--shared-budget applies to --scene facing, not paths");
        }
        if (given.test("--budget")) {
            throw usage.apply("--budget is the one decision system's: with --shared-budget each system's budget is"
                    + " its share of the pool; leave out --budget, or --shared-budget");
        }
        for (String option : ONE_SYSTEM_ONLY) {
            if (given.test(option)) {
                throw usage.apply(option + " applies to the scene of one decision system, not --shared-budget:"
                        + " leave out " + option + ", or --shared-budget");
            }
        }
        SharedPlan plan;
        try {
            plan = SharedPlan.parse(pool, weights(usage));
        } catch (IllegalArgumentException e) {
            throw usage.apply("--shared-budget takes jobs:N or ms:M a tick, was '" + pool + "': " + e.getMessage());
        }
        if (compare) {
            try {
                plan.separateBudgets();
            } catch (IllegalArgumentException e) {
                throw usage.apply("--compare gives each system its part of the pool as a budget of its own: "
                        + e.getMessage());
            }
        }
        return plan;
    }

    /** The weights, three positive finite numbers. */
    private double[] weights(Function<String, RuntimeException> usage) {
        String text = weights == null ? DEFAULT_WEIGHTS : weights;
        String[] parts = text.split(",", -1);
        if (parts.length != SharedPlan.SYSTEMS.length) {
            throw usage.apply("--weights takes " + SharedPlan.SYSTEMS.length + " weights, for "
                    + String.join(", ", SharedPlan.SYSTEMS) + ", was '" + text + "'");
        }
        double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw usage.apply("--weights takes comma-separated numbers, and '" + parts[i].trim()
                        + "' is not one, in '" + text + "'");
            }
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw usage.apply("--weights must be positive and finite, was '" + text + "'");
            }
        }
        return values;
    }
}
