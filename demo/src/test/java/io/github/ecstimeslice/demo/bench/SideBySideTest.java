package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SideBySideTest {

    @Test
    void anUnknownComparisonGivesAOneLineErrorNamingItAndExitCodeTwo() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SideBySide.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), "overhead", "speed");
        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, said);
        assertTrue(said.contains("unknown comparison 'speed'"), said);
        assertFalse(said.contains("Usage"), "the error does not scroll away under the usage: " + said);
        assertEquals(io.github.ecstimeslice.demo.cli.OneLineErrors.HINT, said.strip().lines().reduce((x, y) -> y).orElse(""), said);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
    }

    @Test
    void anUnknownOptionIsRefusedToo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SideBySide.run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), "--fast");
        assertEquals(2, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--fast"));
    }

    @Test
    void forksOutsideOneToFiftyAreRefusedNamingTheValue() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SideBySide.run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), "--forks", "0", "overhead");
        assertEquals(2, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--forks must be from 1 to 50, was 0"), err.toString(StandardCharsets.UTF_8));
    }
}
