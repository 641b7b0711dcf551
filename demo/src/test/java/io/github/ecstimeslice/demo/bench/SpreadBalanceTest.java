package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpreadBalanceTest {

    private static void assertRefused(String error, String... args) {
        BenchCli.assertRefused(SpreadBalance::run, error, args);
    }

    @Test
    void groupsOutsideTwoToTenAreRefusedNamingTheValue() {
        assertRefused("--groups must be from 2 to 10, was 1", "--groups", "1");
        assertRefused("--groups must be from 2 to 10, was 11", "--groups", "11");
    }

    @Test
    void secondsAndHysteresisOutsideTheirRangesAreRefusedNamingTheValue() {
        assertRefused("--seconds must be above 0 and at most 120, was 0.0", "--seconds", "0");
        assertRefused("--seconds must be above 0 and at most 120, was NaN", "--seconds", "NaN");
        assertRefused("--warm-up must be from 0 to 60, was -1.0", "--warm-up", "-1");
        assertRefused("--hysteresis must be at least 0 and below 1, was 1.0", "--hysteresis", "1");
        assertRefused("--vary must be at least 0 and below 1, was 1.0", "--vary", "1");
        assertRefused("--vary must be at least 0 and below 1, was -0.1", "--vary", "-0.1");
    }

    @Test
    void aWordWhereANumberGoesAndAnUnknownOptionAreRefusedToo() {
        assertRefused("'two'", "--groups", "two");
        assertRefused("--fast", "--fast");
    }

    @Test
    void aShortRunReportsTheGroupsTheirSpreadTheMovesAndTheAllocation() {
        BenchCli.Said run = BenchCli.run(SpreadBalance::run, "--warm-up", "0.2", "--seconds", "0.3", "--groups", "3");
        assertEquals(0, run.code(), run.err());
        String said = run.out();
        assertTrue(said.contains("over 3 groups"), said);
        assertTrue(said.contains("| Perception |"), said);
        assertTrue(said.contains("| 2 |"), said);
        assertTrue(said.contains("| strategy's measure, after each of"), said);
        assertTrue(said.contains("best split, most over least: of the given costs "), said);
        assertTrue(said.contains("moves: "), said);
        assertTrue(said.contains("allocated on the world's thread after the first measured second: "), said);
    }

    @Test
    void aRunWithVaryingCostsSaysSo() {
        BenchCli.Said run = BenchCli.run(SpreadBalance::run, "--warm-up", "0.2", "--seconds", "0.3", "--vary", "0.5");
        assertEquals(0, run.code(), run.err());
        String said = run.out();
        assertTrue(said.contains("each run up to 50% either way, two drifting"), said);
        assertTrue(said.contains("moves: "), said);
    }
}
