package io.github.ecstimeslice.demo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --record} and {@code --replay}: a live run under a time budget, played back under another
 * budget, threading or load, prints the same decisions checksum; a recording that does not fit
 * stops the replay in one line with exit code 1; bad combinations are refused before any work.
 */
class DecisionLogDemoTest {

    private static String checksum(DemoRun run) {
        return run.out().lines().filter(line -> line.startsWith("decisions checksum: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no checksum line: " + run.out()));
    }

    @Test
    void aFacingRunWithChurnRecordedOnWorkersReplaysOnTheWorldsThreadUnderLoadWithTheSameChecksum(@TempDir Path dir)
            throws InterruptedException {
        Path log = dir.resolve("facing.log");
        DemoRun recorded = DemoRun.of("--npcs", "800", "--ticks", "120", "--budget", "ms:0.1", "--threads", "same-tick",
                "--churn", "30", "--decide-soon", "--record", log.toString());
        assertEquals(0, recorded.exitCode(), recorded.err());
        assertTrue(recorded.out().contains("recorded ") && recorded.out().contains(" bytes to " + log), recorded.out());
        AtomicBoolean loading = new AtomicBoolean(true);
        Thread load = new Thread(() -> {
            long spin = 0;
            while (loading.get()) {
                spin++;
            }
            assertTrue(spin != 0);
        });
        load.start();
        DemoRun replayed;
        try {
            replayed = DemoRun.of("--npcs", "800", "--ticks", "120", "--budget", "jobs:3", "--threads", "world",
                    "--churn", "30", "--decide-soon", "--replay", log.toString());
        } finally {
            loading.set(false);
            load.join();
        }
        assertEquals(0, replayed.exitCode(), replayed.err());
        assertEquals(checksum(recorded), checksum(replayed));
    }

    @Test
    void aSharedRunRecordedUnderAMillisecondPoolReplaysUnderAJobsPoolWithTheSameChecksum(@TempDir Path dir) {
        Path log = dir.resolve("shared.log");
        DemoRun recorded = DemoRun.of("--npcs", "600", "--ticks", "120", "--shared-budget", "ms:0.2", "--threads",
                "same-tick", "--record", log.toString());
        assertEquals(0, recorded.exitCode(), recorded.err());
        DemoRun replayed = DemoRun.of("--npcs", "600", "--ticks", "120", "--shared-budget", "jobs:9", "--replay",
                log.toString());
        assertEquals(0, replayed.exitCode(), replayed.err());
        assertEquals(checksum(recorded), checksum(replayed));
    }

    @Test
    void aRecordingThatDoesNotFitStopsTheReplayInOneLineNamingTheTickAndTheSystem(@TempDir Path dir) {
        Path log = dir.resolve("facing.log");
        assertEquals(0, DemoRun.of("--npcs", "300", "--ticks", "30", "--budget", "ms:0.05", "--record",
                log.toString()).exitCode());
        DemoRun other = DemoRun.of("--npcs", "301", "--ticks", "30", "--replay", log.toString());
        assertEquals(1, other.exitCode());
        assertEquals("replay stopped: playback differs from its recording in tick 0 of"
                + " io.github.ecstimeslice.demo.scene.ChecksummedFacing: the batch starting holds 301 entities,"
                + " the recording's 300", other.err().strip());
        DemoRun longer = DemoRun.of("--npcs", "300", "--ticks", "31", "--replay", log.toString());
        assertEquals(1, longer.exitCode());
        assertEquals("replay stopped: the recording ends before tick 30 of"
                + " io.github.ecstimeslice.demo.scene.ChecksummedFacing", longer.err().strip());
    }

    @Test
    void aNextTickRunReplaysOnNextTickWorkersWithTheSameChecksumAndStopsInTheTurnElsewhere(@TempDir Path dir) {
        Path log = dir.resolve("next-tick.log");
        DemoRun recorded = DemoRun.of("--npcs", "800", "--ticks", "120", "--budget", "ms:0.1", "--threads", "next-tick",
                "--churn", "30", "--decide-soon", "--record", log.toString());
        assertEquals(0, recorded.exitCode(), recorded.err());
        DemoRun replayed = DemoRun.of("--npcs", "800", "--ticks", "120", "--budget", "jobs:3", "--threads", "next-tick",
                "--churn", "30", "--decide-soon", "--replay", log.toString());
        assertEquals(0, replayed.exitCode(), replayed.err());
        assertEquals(checksum(recorded), checksum(replayed));
        DemoRun inTheTurn = DemoRun.of("--npcs", "800", "--ticks", "120", "--threads", "world", "--churn", "30",
                "--decide-soon", "--replay", log.toString());
        assertEquals(1, inTheTurn.exitCode());
        assertEquals("replay stopped: playback differs from its recording in tick 0 of"
                + " io.github.ecstimeslice.demo.scene.ChecksummedFacing: the recording starts its batch jobs on"
                + " next-tick workers, this playback runs them in the turn: play it back under WORKERS_NEXT_TICK",
                inTheTurn.err().strip());
    }

    @Test
    void badCombinationsAreRefusedInOneLineBeforeAnyWork(@TempDir Path dir) {
        String log = dir.resolve("x.log").toString();
        assertRefused("give --record or --replay, not both", "--record", log, "--replay", log);
        assertRefused("--record follows the facing or shared live run: leave out --compare, or --record",
                "--record", log, "--compare");
        assertRefused("--replay follows the facing or shared live run: leave out --scene paths, or --replay",
                "--replay", log, "--scene", "paths");
        assertRefused("--replay must name a file to read, was '" + log + "'", "--replay", log);
    }

    private static void assertRefused(String message, String... args) {
        DemoRun run = DemoRun.of(args);
        assertEquals(2, run.exitCode(), run.out());
        assertEquals(message, run.err().lines().findFirst().orElse(""));
        assertEquals("", run.out());
    }
}
