package io.github.ecstimeslice.demo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --trap-ms}: the run stops at the first tick past the threshold and names that tick's slowest jobs. */
class TrapDemoTest {

    @Test
    void aTrapThatFiresStopsTheRunPrintsTheCulpritsByEntityAndWritesThatTicksTrace(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trap.json");
        // every tick takes longer than a microsecond: the first one fires
        DemoRun run = DemoRun.of("--npcs", "200", "--ticks", "60", "--budget", "jobs:20", "--trap-ms", "0.001",
                "--trace", trace.toString());
        assertEquals(0, run.exitCode(), run.err());
        List<String> trapLines = run.out().lines().dropWhile(line -> !line.startsWith("trap: ")).toList();
        assertTrue(trapLines.get(0).startsWith("trap: tick 0: the tick took "), run.out());
        assertTrue(trapLines.get(1).matches("  \\d+\\.\\d+ ms  FaceTargetSystem entity \\d+ \\(batch job, thread \\d+\\)"),
                trapLines.get(1));
        assertTrue(run.out().contains("summary: 1 ticks of 200 NPCs"), "stopped at the trapped tick: " + run.out());
        String json = Files.readString(trace);
        long jobs = json.lines().filter(line -> line.contains("\"cat\":\"batch\"")).count();
        assertEquals(20, jobs, "the trapped tick's jobs alone");
        assertTrue(run.out().contains("(the trapped tick) written to " + trace), run.out());
        Path picture = dir.resolve("trap.json.png");
        assertTrue(run.out().contains("trace: the trapped tick drawn at " + picture), run.out());
        assertEquals(io.github.ecstimeslice.demo.picture.TimelinePicture.WIDTH,
                javax.imageio.ImageIO.read(picture.toFile()).getWidth());
    }

    @Test
    void aTrapThatNeverFiresLetsTheRunEndAndSaysSo() {
        DemoRun run = DemoRun.of("--npcs", "100", "--ticks", "30", "--budget", "jobs:10", "--trap-ms", "60000");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("trap: no tick took longer than 60000 ms in the 30 ticks after the first 0"
                + " (the JIT's warm-up); the run went to its end"), run.out());
    }

    @Test
    void aFlightRecordingHoldsTheTurnsTheBatchStartsAndTheTrapWithItsSlowestEntity(@TempDir Path dir) throws IOException {
        Path jfr = dir.resolve("run.jfr");
        DemoRun run = DemoRun.of("--npcs", "200", "--ticks", "60", "--budget", "jobs:20", "--trap-ms", "0.001",
                "--jfr", jfr.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("jfr: the run's turns, batch starts, jobs past 0.05 ms and trap written to " + jfr),
                run.out());
        List<RecordedEvent> events = RecordingFile.readAllEvents(jfr);
        List<RecordedEvent> turns = events.stream()
                .filter(event -> event.getEventType().getName().equals("io.github.ecstimeslice.Turn")).toList();
        List<RecordedEvent> traps = events.stream()
                .filter(event -> event.getEventType().getName().equals("io.github.ecstimeslice.Trap")).toList();
        assertEquals(1, turns.size(), "the run stopped at its first tick, which fired the trap");
        assertEquals(20, turns.get(0).getInt("jobsRun"));
        assertEquals(1, traps.size());
        int entity = traps.get(0).getInt("slowestEntity");
        assertTrue(entity >= 1 && entity <= 200, "an NPC: " + entity);
    }
}
