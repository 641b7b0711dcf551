package io.github.ecstimeslice.demo.cli;

import io.github.ecstimeslice.Budget;
import picocli.CommandLine;

/**
 * Reads a budget from the command line: {@code jobs:500} (jobs per tick), {@code hz:30} (jobs per
 * second), {@code every:0.5} (each NPC re-decides within 0.5 s), {@code ms:2} (milliseconds a tick).
 */
public final class BudgetConverter implements CommandLine.ITypeConverter<Budget> {

    static final String FORMS = "jobs:N, hz:R, every:SECONDS or ms:MILLIS";

    @Override
    public Budget convert(String value) {
        int colon = value.indexOf(':');
        if (colon < 0) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a budget: use " + FORMS);
        }
        String kind = value.substring(0, colon);
        String amount = value.substring(colon + 1);
        try {
            switch (kind) {
                case "jobs":
                    return Budget.jobsPerTick(wholeNumber(value, amount));
                case "hz":
                    return Budget.jobsPerSecond(Double.parseDouble(amount));
                case "every":
                    return Budget.batchEvery(Double.parseDouble(amount));
                case "ms":
                    return Budget.millisPerTick(Double.parseDouble(amount));
                default:
                    throw new CommandLine.TypeConversionException("'" + value + "' is not a budget: use " + FORMS);
            }
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "': '" + amount + "' is not a number");
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("'" + value + "': " + e.getMessage());
        }
    }

    private static int wholeNumber(String value, String amount) {
        long jobs;
        try {
            jobs = Long.parseLong(amount);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "': '" + amount
                    + "' is not a whole number of jobs (1 to " + Integer.MAX_VALUE + ")");
        }
        if (jobs > Integer.MAX_VALUE) {
            throw new CommandLine.TypeConversionException("'" + value + "': " + amount + " jobs a tick is more than "
                    + Integer.MAX_VALUE);
        }
        return (int) jobs;
    }
}
