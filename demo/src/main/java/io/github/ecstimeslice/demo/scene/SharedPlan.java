package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.SharedBudget;

import java.util.Locale;

/**
 * A pool the shared scene's three decision systems ({@link #SYSTEMS}) share, as the command line
 * gives it: {@code jobs:N} or {@code ms:M} a tick, and a weight per system. It makes a fresh
 * {@link SharedBudget} for each scene ({@link #newPool()}), and, for the comparison, the separate
 * budgets of the same total split by the same weights ({@link #separateBudgets()}).
 */
public record SharedPlan(boolean millis, double amount, double[] weights) {

    /** The shared scene's decision systems, in their order in the world and in the weights. */
    public static final String[] SYSTEMS = {"facing", "alertness", "wander"};

    /**
     * The plan {@code pool} ({@code jobs:N} or {@code ms:M}) and {@code weights} name; an
     * IllegalArgumentException says what is wrong with the pool (the weights are checked by the caller).
     */
    public static SharedPlan parse(String pool, double[] weights) {
        if (weights.length != SYSTEMS.length) {
            throw new IllegalArgumentException("a weight for each of " + String.join(", ", SYSTEMS) + ", was "
                    + weights.length);
        }
        if (pool.startsWith("jobs:")) {
            String amount = pool.substring(5);
            long jobs;
            try {
                jobs = Long.parseLong(amount.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + amount + "' is not a whole number of jobs", e);
            }
            if (jobs < 1) {
                throw new IllegalArgumentException("jobs per tick must be at least 1, was " + jobs);
            }
            if (jobs > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("jobs per tick must be at most " + Integer.MAX_VALUE + ", was " + jobs);
            }
            return new SharedPlan(false, jobs, weights.clone());
        }
        if (pool.startsWith("ms:")) {
            double millis;
            try {
                millis = Double.parseDouble(pool.substring(3).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + pool.substring(3) + "' is not a number", e);
            }
            SharedBudget.millisPerTick(millis); // its message names the value
            return new SharedPlan(true, millis, weights.clone());
        }
        throw new IllegalArgumentException("not a pool of jobs or milliseconds");
    }

    /** A new pool of this plan's jobs or milliseconds a tick, for one scene. */
    public SharedBudget newPool() {
        return millis ? SharedBudget.millisPerTick(amount) : SharedBudget.jobsPerTick((int) amount);
    }

    /**
     * A budget per system, the pool split by the weights: milliseconds in proportion, or whole jobs
     * (each part rounded down, the jobs left to the largest fractions, the earlier first).
     *
     * @throws IllegalArgumentException if a jobs pool leaves a system less than a job a tick
     */
    public Budget[] separateBudgets() {
        double weightSum = 0;
        for (double weight : weights) {
            weightSum += weight;
        }
        Budget[] budgets = new Budget[weights.length];
        if (millis) {
            for (int i = 0; i < weights.length; i++) {
                budgets[i] = Budget.millisPerTick(amount * weights[i] / weightSum);
            }
            return budgets;
        }
        int[] jobs = new int[weights.length];
        double[] fractions = new double[weights.length];
        int left = (int) amount;
        for (int i = 0; i < weights.length; i++) {
            double exact = amount * weights[i] / weightSum;
            jobs[i] = (int) Math.floor(exact + 1e-9);
            fractions[i] = exact - jobs[i];
            left -= jobs[i];
        }
        for (; left > 0; left--) {
            int largest = 0;
            for (int i = 1; i < weights.length; i++) {
                if (fractions[i] > fractions[largest] + 1e-9) {
                    largest = i;
                }
            }
            jobs[largest]++;
            fractions[largest] = -1;
        }
        for (int i = 0; i < weights.length; i++) {
            if (jobs[i] < 1) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s with weights %s leaves %s %d jobs a tick:"
                        + " a budget of its own needs at least 1", poolText(), weightsText(), SYSTEMS[i], jobs[i]));
            }
            budgets[i] = Budget.jobsPerTick(jobs[i]);
        }
        return budgets;
    }

    /** The pool as the command line writes it: {@code jobs:400}, {@code ms:2}. */
    public String poolText() {
        return millis ? "ms:" + number(amount) : "jobs:" + (long) amount;
    }

    /** The weights, {@code 3:2:1}. */
    public String weightsText() {
        StringBuilder text = new StringBuilder();
        for (double weight : weights) {
            text.append(text.length() == 0 ? "" : ":").append(number(weight));
        }
        return text.toString();
    }

    /** The separate budgets as the command line would write them: {@code jobs:200, jobs:133, jobs:67}. */
    public String separateText() {
        StringBuilder text = new StringBuilder();
        for (Budget budget : separateBudgets()) {
            text.append(text.length() == 0 ? "" : ", ").append(budgetText(budget));
        }
        return text.toString();
    }

    /** {@code jobs:N} or {@code ms:M} for a budget this plan made. */
    private static String budgetText(Budget budget) {
        String text = budget.toString();
        String amount = text.substring(text.indexOf('(') + 1, text.indexOf(')'));
        return text.startsWith("jobs") ? "jobs:" + amount
                : String.format(Locale.ROOT, "ms:%.3g", Double.parseDouble(amount));
    }

    /** A number without a fraction when it has none. */
    private static String number(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value) : Double.toString(value);
    }
}
