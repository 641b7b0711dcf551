package io.github.ecstimeslice;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Entities are created, deleted (ids get recycled), and made to leave and rejoin while alive, by
 * systems that run before and after the timesliced one, every tick at random. The log of what the
 * system did is then checked against the churn rules of the timing contract ({@link ChurnRun}).
 */
class EntityChurnTest {

    private static final int TICKS = 600;

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void randomChurnNeverBreaksTheRulesForEntitiesThatComeAndGo(IoPolicy policy, Threading threading) {
        int[] budgets = {1, 2, 5, 13, 1000};
        for (long seed = 1; seed <= 8; seed++) {
            for (int jobsPerTick : budgets) {
                String label = policy + ", " + threading + ", " + jobsPerTick + " jobs per tick, seed " + seed;
                new ChurnRun(label, policy, threading, Budget.jobsPerTick(jobsPerTick), null, seed, TICKS, 0) {
                    @Override
                    int minimumJobs() {
                        return TICKS / 2;
                    }
                }.check();
            }
        }
    }
}
