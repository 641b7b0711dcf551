package io.github.ecstimeslice.platforms.gwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The wrapper the GWT compiles run under (gwt/QuietRun.java), run as the build runs it, on
 * the JDK's own java: one line when the command succeeds, the command's whole output, its exit code
 * and the log's path when it fails; the log holds the output either way.
 */
class QuietRunTest {

    private static final String JAVA = new File(System.getProperty("java.home"), "bin/java").getPath();

    @TempDir
    Path temp;

    @Test
    void aCommandThatSucceedsIsOneLineAndItsOutputIsInTheLog() throws Exception {
        Path log = temp.resolve("out/ok.log");
        Run run = quietRun("java -version", log, JAVA, "-version");
        assertEquals(0, run.code, run.output);
        assertEquals(1, run.output.lines().count(), run.output);
        assertTrue(run.output.startsWith("java -version: ok in "), run.output);
        assertTrue(run.output.contains(log.toString()), run.output);
        // java -version writes to standard error: the log has it
        assertTrue(Files.readString(log).contains(System.getProperty("java.specification.version")), Files.readString(log));
    }

    @Test
    void aCommandThatFailsFailsWithItsWholeOutput() throws Exception {
        Path log = temp.resolve("bad.log");
        Run run = quietRun("java with a bad option", log, JAVA, "-XX:+NoSuchOptionAtAll", "-version");
        assertEquals(1, run.code, run.output);
        String output = Files.readString(log);
        assertTrue(output.contains("NoSuchOptionAtAll"), output);
        assertTrue(run.output.contains(output), run.output);
        assertTrue(run.output.startsWith("java with a bad option FAILED (exit 1)"), run.output);
        assertTrue(run.output.strip().endsWith("FAILED (exit 1): its output is above and in " + log), run.output);
    }

    @Test
    void aCommandThatCannotStartFails() throws Exception {
        Path log = temp.resolve("missing.log");
        Run run = quietRun("no such program", log, temp.resolve("no-such-program").toString());
        assertEquals(1, run.code, run.output);
        assertTrue(run.output.contains("could not run"), run.output);
    }

    private record Run(int code, String output) {
    }

    private static Run quietRun(String label, Path log, String... command) throws Exception {
        File wrapper = new File("../../../gwt/QuietRun.java");
        assertTrue(wrapper.isFile(), "no wrapper at " + wrapper.getAbsolutePath());
        List<String> line = new ArrayList<>(List.of(JAVA, wrapper.getPath(), label, log.toString()));
        line.addAll(List.of(command));
        Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the wrapper did not finish");
        return new Run(process.exitValue(), output);
    }
}
