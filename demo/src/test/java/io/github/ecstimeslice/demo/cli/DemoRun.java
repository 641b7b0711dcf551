package io.github.ecstimeslice.demo.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a demo run printed and returned, run in this JVM as the command line would run it. */
record DemoRun(int exitCode, String out, String err) {

    static DemoRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DemoMain.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new DemoRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Asserts a refusal of bad arguments: exit code 2, the error first and naming {@code named},
     * then one line pointing to --help; no usage, no stack trace.
     */
    void assertOneLineError(String named) {
        assertEquals(2, exitCode, out + err);
        List<String> lines = err.lines().toList();
        assertTrue(!lines.isEmpty() && lines.get(0).contains(named), "the first line names the bad value: " + err);
        assertEquals(OneLineErrors.HINT, lines.get(lines.size() - 1), "then a line pointing to --help: " + err);
        assertFalse(err.contains("Usage:"), "no usage: " + err);
        assertFalse(err.contains("\tat "), "no stack trace: " + err);
        assertTrue(lines.size() <= 2 || lines.get(1).startsWith("Possible solutions"), "no more: " + err);
    }
}
