package io.github.ecstimeslice.demo.run;

import java.util.Locale;

/**
 * What a user should conclude from a time budget's turns without a batch start, in one sentence:
 * whether the budget held apart from jobs too long to divide, and what the ticks past it spent
 * their time on. {@link TurnSplit} gives the figures.
 */
final class BudgetVerdict {

    private BudgetVerdict() {
    }

    /**
     * The verdict for jobs too small to time one by one (a facing decision): {@code over} of the
     * {@code turns} took longer than {@code budgetMillis} plus a job of {@code jobMillis}; half the
     * turns ended by {@code medianMillis}, 99 in 100 by {@code p99Millis}.
     */
    static String smallJobs(double budgetMillis, double jobMillis, long over, long turns, double medianMillis,
                            double p99Millis) {
        if (turns == 0) {
            return noTurns();
        }
        if (over == 0) {
            return "So the budget held: no turn without a batch start ran past it by more than a job.";
        }
        return String.format(Locale.ROOT, "So on a budget of %s ms, half the turns ended by %s ms and 99 in 100 by %s ms:"
                        + " a job takes %s ms, so the ticks past the budget plus a job spent the time outside their jobs,"
                        + " on the turn's own work around them or the machine's pauses, not on a job too long to divide.",
                number(budgetMillis), number(medianMillis), number(p99Millis), number(jobMillis));
    }

    /**
     * The verdict for jobs timed one by one, each called {@code job} (a path "search"): {@code over}
     * of the {@code turns} took longer than the budget plus a job's p99, and {@code pastOwnLongest}
     * of them longer than the budget plus the longest job that ran in their own tick (below 0: not
     * known).
     */
    static String timedJobs(String job, long over, long pastOwnLongest, long turns) {
        if (turns == 0) {
            return noTurns();
        }
        if (over == 0) {
            return "So the budget held: no turn without a batch start ran past it by more than a " + job + "'s p99.";
        }
        if (pastOwnLongest < 0) {
            return String.format(Locale.ROOT, "So %d of %d turns ran past the budget by more than a %s's p99: a longer"
                    + " %s or the machine's pauses, which this run cannot tell apart.", over, turns, job, job);
        }
        if (pastOwnLongest == 0) {
            return String.format(Locale.ROOT, "So the budget held to within the longest %s each tick ran: a tick past"
                    + " it was a %s too long to divide; where a tick must not run over, give a smaller budget or cap how"
                    + " long a %s runs.", job, job, job);
        }
        return String.format(Locale.ROOT, "So the budget held to within the longest %s each tick ran but in %d of"
                + " %d ticks, which ran past it by more: time no %s accounts for, such as the machine's pauses.",
                job, pastOwnLongest, turns, job);
    }

    private static String noTurns() {
        return "Every measured tick started a batch, so no turn shows whether the budget holds between them.";
    }

    /** A duration in milliseconds, to five places below 0.01 ms, else three. */
    static String number(double millis) {
        if (Double.isNaN(millis)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, millis < 0.01 ? "%.5f" : "%.3f", millis);
    }
}
