package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PathsSideBySideTest {

    private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return PathsSideBySide.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    @Test
    void aQuickRunPrintsTheWorkersSpeedupAndTheBudgetTable() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "--quick"), err.toString(StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("workers: 8 paths a tick"), said);
        assertTrue(said.contains("| gdx-ai PathFinderQueue |"), said);
        assertTrue(said.contains("| ecs-timeslice, world thread, in pieces |"), said);
        assertTrue(said.contains("| ecs-timeslice, world thread, whole searches |"), said);
        assertTrue(said.contains("| ecs-timeslice, same-tick workers |"), said);
    }

    @Test
    void aQuickChaseGivesThePiecesTheirOwnMilliseconds() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "--quick", "--chase", "--budget-only", "--pieces-millis", "3"),
                err.toString(StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("agents chasing the target"), said);
        assertTrue(!said.contains("workers: "), "no workers' comparison: " + said);
        assertTrue(said.contains("| ecs-timeslice, world thread, in pieces, given 3.00 ms |"), said);
    }

    @Test
    void aBudgetOutsideItsRangeIsRefusedNamingItBeforeAnythingRuns() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, "--millis", "0"));
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("--millis must be above 0 and at most 100, was 0.0"), said);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
        assertEquals(2, run(out, err, "--pieces-millis", "-1"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--pieces-millis must be above 0 and at most 100, was -1.0"));
        assertEquals(2, run(out, err, "--work-per-piece", "0"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--work-per-piece must be at least 1, was 0"));
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
    }
}
