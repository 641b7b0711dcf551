package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.demo.cli.OneLineErrors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BuildsSideBySideTest {

    @ParameterizedTest
    @ValueSource(strings = {"foo", "AIAO-depth0", "AIAO-history", "walker+records", "three-FOO-depth1",
            "three-AIAO-x", "three-walkerz", "three-AIAO"})
    void anUnknownDeciderGivesAOneLineErrorNamingItAndExitCodeTwoBeforeAnyJarLoads(String decider,
                                                                                  @TempDir Path dir)
            throws IOException {
        // not jars at all: a run that loaded them would fail otherwise
        String jar = Files.writeString(dir.resolve("build.jar"), "not a jar").toString();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine line = OneLineErrors.on(new CommandLine(
                new BuildsSideBySide(new PrintStream(out, true, StandardCharsets.UTF_8))));
        line.setErr(new PrintWriter(err, true));
        int code = line.execute("--before", jar, "--after", jar, "walker", decider);
        String said = err.toString();
        assertEquals(2, code, said);
        assertTrue(said.startsWith("unknown decider '" + decider + "'"), said);
        assertEquals(OneLineErrors.HINT, said.strip().lines().reduce((x, y) -> y).orElse(""), said);
        assertEquals(2, said.strip().lines().count(), "the error and the hint: " + said);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
    }
}
