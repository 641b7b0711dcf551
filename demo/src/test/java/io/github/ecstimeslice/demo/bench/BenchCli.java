package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.demo.cli.OneLineErrors;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs a bench's command line as its {@code main} would, for the benches' tests. */
final class BenchCli {

    /** A bench's {@code run(out, err, args)}: returns the exit code. */
    interface Command {
        int run(PrintStream out, PrintStream err, String... args);
    }

    /** What a run printed, and its exit code. */
    record Said(int code, String out, String err) {
    }

    private BenchCli() {
    }

    static Said run(Command command, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = command.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Said(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Asserts a refusal: exit code 2, {@code error} on the first line, the hint last, no usage, nothing run. */
    static void assertRefused(Command command, String error, String... args) {
        Said said = run(command, args);
        assertEquals(2, said.code(), said.err());
        assertTrue(said.err().lines().findFirst().orElse("").contains(error), said.err());
        assertFalse(said.err().contains("Usage"), "the error does not scroll away under the usage: " + said.err());
        assertEquals(OneLineErrors.HINT, said.err().strip().lines().reduce((x, y) -> y).orElse(""), said.err());
        assertEquals("", said.out(), "nothing ran");
    }
}
