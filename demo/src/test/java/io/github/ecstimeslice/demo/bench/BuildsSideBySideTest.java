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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BuildsSideBySideTest {

    @TempDir
    Path dir;

    /** What refusing {@code decider} after a good one said, checked to be one line, the hint and exit code 2, nothing run. */
    private String refusal(String decider) throws IOException {
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
        assertEquals(OneLineErrors.HINT, said.strip().lines().reduce((x, y) -> y).orElse(""), said);
        assertEquals(2, said.strip().lines().count(), "the error and the hint: " + said);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
        return said;
    }

    @ParameterizedTest
    @ValueSource(strings = {"foo", "AIAO-history", "walker+records", "walker+records+2", "three-FOO-depth1",
            "three-AIAO-x", "three-walkerz", "three-AIAO", "AIAO-depth99999999999"})
    void anUnknownDeciderGivesAOneLineErrorNamingItAndExitCodeTwoBeforeAnyJarLoads(String decider)
            throws IOException {
        String said = refusal(decider);
        assertTrue(said.startsWith("unknown decider '" + decider + "'"), said);
    }

    @ParameterizedTest
    @ValueSource(strings = {"AIAO-depth1025", "three-SISO-depth2000", "walker+records1025"})
    void aDepthOrRecordCountAboveWhatASystemKeepsIsRefusedNamingIt(String decider) throws IOException {
        String said = refusal(decider);
        assertTrue(said.startsWith("decider '" + decider + "' asks for "), said);
        assertTrue(said.contains("from 0 to 1024"), said);
    }

    @ParameterizedTest
    @ValueSource(strings = {"walker", "walker+record", "walker+records0", "walker+records2", "interval", "AIAO",
            "SISO-nohistory", "AISO-nohistory+record", "AIAO-depth0", "AIAO-depth1024", "three-walker",
            "three-walker+record", "three-SIAO-nohistory", "three-AIAO-depth0", "three-SISO-depth1"})
    void everyNameABuildKnowsPassesTheCheck(String decider) {
        assertNull(BuildsSideBySide.problemWith(decider));
    }
}
