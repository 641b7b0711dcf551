package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TargetLostWaveTest {

    @Test
    void aWaveWaitsForTheBudgetWithoutAnAllowanceAndDecidesInTheNextTickWithOne() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = TargetLostWave.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, said);
        // 100 asks at 25 jobs a tick: 25 decide in each of the next four ticks, the batch gets none;
        // with an allowance of 100 all decide in the next tick and the batch keeps its 25
        assertTrue(said.contains("| 0 | 2.50 | 4 | 0.0 |"), said);
        assertTrue(said.contains("| 100 | 1.00 | 1 | 25.0 |"), said);
    }

    @Test
    void moreAskedThanNpcsIsRefusedByNameBeforeAnyWork() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TargetLostWave.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), "--npcs", "50", "--asked", "60");
        assertEquals(2, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("--asked must be from 1 to --npcs (50), was 60"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
