package io.github.ecstimeslice;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How many jobs each budget releases a tick, without a world or a clock. */
class JobAllowanceTest {

    private final JobAllowance allowance = new JobAllowance(null);

    /** One tick: releases, then spends all it may (at most {@code available}); returns the release. */
    private int tick(float delta, int batchSize, int available) {
        allowance.tickStarted(delta);
        int released = allowance.release(delta, batchSize);
        allowance.spent(Math.min(released, available));
        return released;
    }

    @Test
    void jobsPerTickReleasesItsAmountWhateverTheDelta() {
        allowance.use(Budget.jobsPerTick(7));
        assertEquals(7, tick(0.016f, 100, 100));
        assertEquals(7, tick(0.5f, 100, 0));
        assertEquals(7, tick(0f, 100, 100));
    }

    @Test
    void jobsPerSecondCarriesTheFractionToTheNextTick() {
        allowance.use(Budget.jobsPerSecond(10));
        assertEquals(0, tick(0.05f, 100, 100)); // 0.5 jobs
        assertEquals(1, tick(0.05f, 100, 100)); // 1.0
        assertEquals(0, tick(0.05f, 100, 100)); // 0.5 again
        assertEquals(1, tick(0.05f, 100, 100));
    }

    @Test
    void unspentJobsCarryOverByOneTicksReleaseAtMost() {
        allowance.use(Budget.jobsPerSecond(100));
        assertEquals(10, tick(0.1f, 1000, 0));
        assertEquals(20, tick(0.1f, 1000, 0));
        for (int i = 0; i < 50; i++) {
            assertEquals(21, tick(0.1f, 1000, 0)); // 10 earned, at most 11 carried: never a backlog
        }
        assertEquals(21, tick(0.1f, 1000, 1000));
        assertEquals(10, tick(0.1f, 1000, 1000));
    }

    @Test
    void anInfiniteRateSurvivesAPausedTickAndALongTickAfterOne() {
        // 4 entities every 4.9e-324 s: the rate overflows a double, and 0 s × infinity is NaN
        allowance.use(Budget.batchEvery(Double.MIN_VALUE).withLongTickSeconds(0.25));
        assertEquals(Integer.MAX_VALUE, tick(1 / 60f, 4, 4));
        tick(0f, 4, 4);
        assertEquals(Integer.MAX_VALUE, tick(1 / 60f, 4, 4), "every job after a paused tick");
        tick(0f, 4, 4);
        tick(1f, 4, 4); // a long tick earns what the last normal one did: 0 s of an infinite rate
        assertEquals(Integer.MAX_VALUE, tick(1 / 60f, 4, 4), "every job after a long tick");
    }

    @Test
    void batchEverySpreadsTheBatchOverItsSeconds() {
        allowance.use(Budget.batchEvery(2.0));
        assertEquals(25, tick(0.5f, 100, 100));
        assertEquals(50, tick(0.5f, 200, 200));
    }

    @Test
    void aLongTickEarnsWhatTheLastNormalTickEarned() {
        allowance.use(Budget.jobsPerSecond(100).withLongTickSeconds(0.25));
        assertEquals(5, tick(0.05f, 1000, 1000));
        assertEquals(5, tick(3f, 1000, 1000));
        assertEquals(10, tick(0.1f, 1000, 1000));
    }

    @Test
    void aLongFirstTickEarnsOneJob() {
        allowance.use(Budget.jobsPerSecond(100).withLongTickSeconds(0.25));
        assertEquals(1, tick(3f, 1000, 1000));
    }

    @Test
    void anotherBudgetStartsWithNoCarriedJobs() {
        allowance.use(Budget.jobsPerSecond(100));
        tick(0.1f, 1000, 0);
        allowance.use(Budget.jobsPerSecond(100)); // equal, but another budget object
        assertEquals(10, tick(0.1f, 1000, 0));
    }

    @Test
    void theSameBudgetAgainKeepsItsCarriedJobs() {
        Budget budget = Budget.jobsPerSecond(100);
        allowance.use(budget);
        tick(0.1f, 1000, 0);
        allowance.use(budget);
        assertEquals(20, tick(0.1f, 1000, 0));
    }

    @Test
    void aMillisBudgetIsTheClocksAndTheMeasuredCostPerJobIsSmoothed() {
        allowance.use(Budget.millisPerTick(2));
        assertTrue(allowance.timeBudget());
        assertTrue(Budget.millisPerTick(2).readsTheClock());
        assertEquals(2_000_000, allowance.nanosPerTick());
        assertEquals(Integer.MAX_VALUE, allowance.release(0.016f, 100), "the clock stops it");
        assertTrue(allowance.nanosPerJob() < 0, "nothing measured yet");
        allowance.measured(1_000_000, 100); // 10 µs a job
        assertEquals(10_000, allowance.nanosPerJob(), 1e-9);
        allowance.measured(2_000_000, 100); // 20 µs: smoothed to 12.5
        assertEquals(12_500, allowance.nanosPerJob(), 1e-9);
    }

    @Test
    void otherBudgetsAreNotTimed() {
        for (Budget budget : new Budget[]{Budget.jobsPerTick(1), Budget.jobsPerSecond(1), Budget.batchEvery(1)}) {
            allowance.use(budget);
            assertFalse(allowance.timeBudget());
            assertFalse(budget.readsTheClock(), budget + " needs no clock");
        }
    }
}
