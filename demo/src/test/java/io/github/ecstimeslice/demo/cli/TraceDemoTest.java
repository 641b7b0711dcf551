package io.github.ecstimeslice.demo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The job trace as a newcomer reads it: jobs named by their system and NPC, and the comparison's separate run said. */
class TraceDemoTest {

    @Test
    void aTracesJobsAreNamedByTheirNpcsEntityId(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trace.json");
        DemoRun run = DemoRun.of("--npcs", "100", "--ticks", "30", "--budget", "jobs:10", "--trace", trace.toString());
        assertEquals(0, run.exitCode(), run.err());
        String json = Files.readString(trace);
        assertFalse(json.contains("\"name\":\"job "), "no anonymous jobs");
        Matcher job = Pattern.compile("\"cat\":\"batch\",\"name\":\"FaceTargetSystem entity (\\d+)\"[^\\n]*\"entity\":(\\d+)")
                .matcher(json);
        assertTrue(job.find(), json.substring(0, Math.min(2000, json.length())));
        assertEquals(job.group(1), job.group(2), "the name and the args give the same entity");
        int entity = Integer.parseInt(job.group(1));
        assertTrue(entity >= 1 && entity <= 100, "an NPC's id: " + entity);
    }

    @Test
    void aTraceWithTheComparisonSaysItIsALiveRunOfItsOwn(@TempDir Path dir) {
        Path trace = dir.resolve("trace.json");
        DemoRun run = DemoRun.of("--compare", "--npcs", "100", "--ticks", "30", "--budget", "jobs:10", "--trace",
                trace.toString());
        assertEquals(0, run.exitCode(), run.err());
        List<String> said = run.out().lines().filter(line -> line.startsWith("--trace:")).toList();
        assertEquals(List.of("--trace: the comparison is not traced; a live run of its own follows it and writes " + trace),
                said, run.out());
        assertTrue(run.out().indexOf("--trace:") < run.out().indexOf("summary:"), "said before the runs: " + run.out());
        assertTrue(Files.isRegularFile(trace));
    }
}
