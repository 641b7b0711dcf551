package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PathPiecesCostTest {

    private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return PathPiecesCost.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    @Test
    void aShortRunPrintsEachPlannersCostOfASearch() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "--agents", "20", "--rounds", "1", "--ticks", "20"), err.toString(StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("20 agents standing in a 256 x 256 maze"), said);
        for (String world : new String[]{"whole searches, jobsPerTick(2)", "pieces, workPerTick(8192)",
                "pieces, workPerTick(1024)", "pieces, millisPerTick(1) of 256"}) {
            assertTrue(said.contains("| " + world + " |"), world + " in: " + said);
        }
    }

    @Test
    void badCountsAreRefusedNamingThemBeforeAnythingRuns() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, "--agents", "0"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--agents must be from 1 to 10000, was 0"));
        assertEquals(2, run(out, err, "--rounds", "0"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--rounds and --ticks must be at least 1"));
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
    }
}
