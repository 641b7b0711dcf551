package io.github.ecstimeslice.demo.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sentence after a ticks-over-budget count: what a user should conclude from it. */
class BudgetVerdictTest {

    @Test
    void smallJobsThatNeverRanPastTheBudgetPlusAJobHeldIt() {
        assertEquals("So the budget held: no turn without a batch start ran past it by more than a job.",
                BudgetVerdict.smallJobs(2, 0.00004, 0, 336, 1.9, 1.99));
    }

    @Test
    void smallJobsPastTheBudgetPlusAJobWereNotJobsTooLongToDivide() {
        // the run: 267 of 336 ticks above budget + a job, a median turn of 2.038 ms on 2 ms
        String verdict = BudgetVerdict.smallJobs(2, 0.00004, 267, 336, 2.038, 2.229);
        assertEquals("So on a budget of 2.000 ms, half the turns ended by 2.038 ms and 99 in 100 by 2.229 ms: a job"
                + " takes 0.00004 ms, so the ticks past the budget plus a job spent the time outside their jobs, on the"
                + " turn's own work around them or the machine's pauses, not on a job too long to divide.", verdict);
    }

    @Test
    void timedJobsWithinTheirOwnLongestJobHeldTheBudgetToWithinAJob() {
        String verdict = BudgetVerdict.timedJobs("search", 15, 0, 540);
        assertTrue(verdict.startsWith("So the budget held to within the longest search each tick ran: a tick past it"
                + " was a search too long to divide;"), verdict);
    }

    @Test
    void timedJobsPastTheirOwnLongestJobAreTheMachinesPauses() {
        assertEquals("So the budget held to within the longest search each tick ran but in 13 of 540 ticks, which ran"
                        + " past it by more: time no search accounts for, such as the machine's pauses.",
                BudgetVerdict.timedJobs("search", 15, 13, 540));
        assertEquals("So the budget held: no turn without a batch start ran past it by more than a search's p99.",
                BudgetVerdict.timedJobs("search", 0, 0, 540));
    }

    @Test
    void withNoTurnWithoutABatchStartThereIsNothingToConclude() {
        String verdict = BudgetVerdict.smallJobs(2, Double.NaN, 0, 0, Double.NaN, Double.NaN);
        assertTrue(verdict.startsWith("Every measured tick started a batch"), verdict);
        assertEquals(verdict, BudgetVerdict.timedJobs("search", 0, 0, 0));
    }
}
