package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.demo.cli.OneLineErrors;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpreadBalanceTest {

    private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return SpreadBalance.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    /** Asserts a refusal: exit code 2, {@code error} on the first line, the hint last, no usage, nothing run. */
    private static void assertRefused(String error, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = run(out, err, args);
        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, said);
        assertTrue(said.lines().findFirst().orElse("").contains(error), said);
        assertFalse(said.contains("Usage"), "the error does not scroll away under the usage: " + said);
        assertEquals(OneLineErrors.HINT, said.strip().lines().reduce((x, y) -> y).orElse(""), said);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "--warm-up", "0.2", "--seconds", "0.3", "--groups", "3"), err.toString(StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "--warm-up", "0.2", "--seconds", "0.3", "--vary", "0.5"), err.toString(StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("each run up to 50% either way, two drifting"), said);
        assertTrue(said.contains("moves: "), said);
    }
}
