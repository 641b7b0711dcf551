package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.demo.cli.OneLineErrors;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UrgentWaveThreadsTest {

    private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return UrgentWaveThreads.run(new PrintStream(out, true, StandardCharsets.UTF_8),
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
    void valuesOutOfRangeAreRefusedNamingTheValue() {
        assertRefused("--npcs must be from 1 to 100000, was 0", "--npcs", "0");
        assertRefused("--asked must be from 2 to --npcs (50), was 51", "--npcs", "50", "--asked", "51");
        assertRefused("--asked must be from 2 to --npcs (2000), was 1", "--asked", "1");
        assertRefused("--waves must be from 1 to 10000, was 0", "--waves", "0");
        assertRefused("--job-micros must each be from 0 to 10000, was -1.0", "--job-micros", "1,-1");
        assertRefused("'fast'", "--job-micros", "fast");
    }

    @Test
    void aShortRunReportsBothWorldsAndTheirRatioForEachJobCost() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "--npcs", "60", "--asked", "20", "--waves", "3", "--job-micros", "0,5"),
                err.toString(StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("60 NPCs, AIAO, jobsPerTick(5), urgent allowance 20"), said);
        assertTrue(said.contains("| workers / world's thread |"), said);
        assertTrue(said.lines().anyMatch(line -> line.startsWith("| 0 |")), said);
        assertTrue(said.lines().anyMatch(line -> line.startsWith("| 5 |")), said);
    }
}
