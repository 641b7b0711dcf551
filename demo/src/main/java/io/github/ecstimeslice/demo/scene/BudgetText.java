package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.Budget;

import java.util.function.DoubleFunction;

/**
 * A budget written as text, as the command line and the benchmarks' parameters give it:
 * {@code jobs:500} (jobs per tick), {@code hz:30} (jobs per second), {@code every:0.5} (each NPC
 * re-decides within 0.5 s), {@code ms:2} (milliseconds a tick) or {@code work:2000} (units of work a
 * tick: the path planner's node expansions).
 */
public final class BudgetText {

    static final String FORMS = "jobs:N, hz:R, every:SECONDS, ms:MILLIS or work:UNITS";

    private BudgetText() {
    }

    /** The budget {@code text} names; an IllegalArgumentException says what is wrong with it. */
    public static Budget parse(String text) {
        int colon = text.indexOf(':');
        String kind = colon < 0 ? "" : text.substring(0, colon);
        String amount = text.substring(colon + 1);
        DoubleFunction<Budget> budget = switch (kind) {
            case "jobs" -> jobs -> Budget.jobsPerTick((int) jobs);
            case "hz" -> Budget::jobsPerSecond;
            case "every" -> Budget::batchEvery;
            case "ms" -> Budget::millisPerTick;
            case "work" -> units -> Budget.workPerTick((int) units);
            default -> throw new IllegalArgumentException("'" + text + "' is not a budget: use " + FORMS);
        };
        double number = kind.equals("jobs") || kind.equals("work")
                ? whole(text, amount, kind.equals("jobs") ? "jobs" : "units") : number(text, amount);
        try {
            return budget.apply(number);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "': " + e.getMessage(), e);
        }
    }

    /**
     * The milliseconds a tick of a budget written {@code ms:M}, as {@link #parse} reads it; NaN
     * for the other forms.
     *
     * @throws IllegalArgumentException if the text is not a budget, as {@link #parse} does
     */
    public static double millisPerTick(String text) {
        parse(text);
        return text.startsWith("ms:") ? number(text, text.substring(3)) : Double.NaN;
    }

    private static double number(String text, String amount) {
        try {
            return Double.parseDouble(amount);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "': '" + amount + "' is not a number", e);
        }
    }

    /** {@code amount} as a whole number of {@code what} (jobs, units) a tick, 1 to {@code Integer.MAX_VALUE}. */
    private static int whole(String text, String amount, String what) {
        long jobs;
        try {
            jobs = Long.parseLong(amount);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "': '" + amount
                    + "' is not a whole number of " + what + " (1 to " + Integer.MAX_VALUE + ")", e);
        }
        if (jobs < 1) {
            throw new IllegalArgumentException("'" + text + "': " + amount + " " + what + " a tick is less than 1");
        }
        if (jobs > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("'" + text + "': " + amount + " " + what + " a tick is more than "
                    + Integer.MAX_VALUE);
        }
        return (int) jobs;
    }
}
