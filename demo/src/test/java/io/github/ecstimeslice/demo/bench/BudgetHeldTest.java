package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BudgetHeldTest {

    private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return BudgetHeld.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    @Test
    void aSmallRunPrintsBothWorldsTicks() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "--npcs", "2000", "--millis", "0.05", "--ticks", "60", "--policy", "aiao"),
                err.toString(StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("2000 NPCs, 0.05 ms a tick, 60 ticks"), said);
        assertTrue(said.contains("ecs-timeslice AIAO millisPerTick, no batch start"), said);
        assertTrue(said.contains("hand-written time box (TimeboxedProcessingSystem)"), said);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--npcs|0|--npcs must be from 1 to 2000000, was 0",
            "--millis|-1|--millis must be above 0 and at most 100, was -1.0",
            "--ticks|0|--ticks must be from 1 to 1000000, was 0",
            "--policy|FAST|Invalid value for option '--policy'"})
    void aBadValueIsRefusedNamingItBeforeAnythingRuns(String option, String value, String message) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, option, value));
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains(message), said);
        assertTrue(said.contains("Try --help for the options."), said);
        assertEquals(2, said.strip().lines().count(), said);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
    }
}
