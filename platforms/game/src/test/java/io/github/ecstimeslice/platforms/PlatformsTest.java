package io.github.ecstimeslice.platforms;

import io.github.ecstimeslice.platforms.cost.WebCost;
import io.github.ecstimeslice.platforms.jvm.InstalledPrograms;
import io.github.ecstimeslice.platforms.paths.PathsRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The same game on the JVM, on the JVM with workers and compiled by TeaVM under node: the same
 * saves in the same ticks (one checksum), the same facing within 1e-3 rad for at least 99% of the
 * NPCs (a browser computes float arithmetic in double precision); and TeaVM's output holds none of
 * the worker classes and one job loop, as its source map lists. The GWT builds have tests of
 * their own beside them. Without node, the TeaVM run is reported skipped, with the reason.
 */
class PlatformsTest {

    private static PlatformReport jvm;

    @BeforeAll
    static void runOnTheJvm() {
        jvm = PlatformReport.parse(PlatformRun.run(false));
    }

    @Test
    void theGameDecidesSomethingWorthComparing() {
        assertTrue(jvm.saves > 30_000, "saves: " + jvm.saves);
        assertEquals(PlatformRun.NPCS, jvm.facing.length);
    }

    @Test
    void workersMakeTheSameDecisionsInTheSameTicks() {
        PlatformReport workers = PlatformReport.parse(PlatformRun.run(true));
        assertEquals(jvm.saves, workers.saves);
        assertEquals(jvm.checksum, workers.checksum);
        assertEquals(1.0, jvm.facingWithin(workers, 0));
    }

    @Test
    void teavmUnderNodeMakesTheSameDecisionsInTheSameTicks() throws Exception {
        PlatformReport teavm = runUnderNode("the TeaVM build is not run");
        assertNull(jvm.shortfallOf(teavm, "TeaVM"));
        System.out.printf("TeaVM: %d saves, checksum %d as on the JVM; facing within 1e-3 rad for %.1f%% of the NPCs%n",
                teavm.saves, teavm.checksum, jvm.facingWithin(teavm, 1e-3) * 100);
    }

    @Test
    void tenThousandTicksRecordedOnWorkersUnderAMillisecondPoolPlayBackOnEitherThreadingAndUnderTeavm(
            @TempDir Path dir) throws Exception {
        int ticks = PlatformRun.LONG_TICKS;
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        PlatformReport recorded = PlatformReport.parse(PlatformRun.run(true, recording, null, ticks));
        assertNotEquals(PlatformReport.parse(PlatformRun.run(false, null, null, ticks)).checksum, recorded.checksum,
                "the pool decides otherwise than the game's own budgets");
        for (boolean workers : new boolean[]{false, true}) {
            PlatformReport replayed = PlatformReport.parse(
                    PlatformRun.run(workers, null, new ByteArrayInputStream(recording.toByteArray()), ticks));
            assertEquals(recorded.saves, replayed.saves, workers ? "on workers" : "on the world's thread");
            assertEquals(recorded.checksum, replayed.checksum, workers ? "on workers" : "on the world's thread");
        }
        Path hex = dir.resolve("recording.hex");
        Files.writeString(hex, PlatformRun.hex(recording.toByteArray()));
        PlatformReport teavm = runUnderNode("the TeaVM playback is not run", "@" + hex, String.valueOf(ticks));
        assertEquals(recorded.saves, teavm.saves);
        assertEquals(recorded.checksum, teavm.checksum);
        System.out.printf("TeaVM played back %d ticks of a JVM recording of %d bytes made on workers under a"
                + " millisecond pool: %d saves, checksum %d as recorded%n", ticks, recording.size(), teavm.saves,
                teavm.checksum);
    }

    @Test
    void pathSearchesInPiecesFinishInTheSameTicksOnTheJvmOnEitherThreadingAndUnderTeavm() throws Exception {
        String world = PathsRun.run(false);
        assertTrue(Long.parseLong(world.split(" ")[1]) > 100, world);
        assertEquals(world, PathsRun.run(true), "on workers");
        String teavm = nodeOutput("the TeaVM paths run is not run", "paths").strip();
        assertEquals(world, teavm, "under TeaVM");
        System.out.println("TeaVM: path searches in pieces, " + teavm + " as on the JVM");
    }

    @Test
    void teavmCompilesNoWorkerClassAndOneJobLoop() throws Exception {
        File map = new File("target/teavm/platforms.js.map");
        assertTrue(map.isFile(), "TeaVM's source map is missing: " + map.getAbsolutePath());
        String json = Files.readString(map.toPath());
        Matcher sources = Pattern.compile("\"sources\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(json);
        assertTrue(sources.find(), "no sources in " + map);
        Set<String> compiled = new TreeSet<>();
        Matcher file = Pattern.compile("io/github/ecstimeslice/(\\w+)\\.java").matcher(sources.group(1));
        while (file.find()) {
            compiled.add(file.group(1));
        }
        assertTrue(compiled.containsAll(List.of("Timeslicer", "WorldThreadJobs", "JobLoops")), "compiled: " + compiled);
        List<String> unreachable = new ArrayList<>(List.of("ThreadWorkers", "WorkerJobs", "WorkerCrew", "CrewTask",
                "WorkThreads", "GuardedChanges"));
        for (int copy = 1; copy <= 7; copy++) {
            unreachable.add("WorldThreadJobs" + copy);
        }
        List<String> kept = new ArrayList<>(unreachable);
        kept.retainAll(compiled);
        assertEquals(List.of(), kept, "TeaVM compiled classes a browser never runs");
        System.out.printf("TeaVM: %d bytes of JavaScript, %d library classes, no worker class, one job loop%n",
                new File("target/teavm/platforms.js").length(), compiled.size());
    }

    /**
     * Runs TeaVM's build of the game under node, {@code args} passed to its main (an argument
     * {@code @FILE} as the text of the file, which may be longer than a command line takes), and
     * returns its report; skips the test, saying that {@code skipped}, where node is missing.
     */
    private static PlatformReport runUnderNode(String skipped, String... args) throws Exception {
        return PlatformReport.parse(nodeOutput(skipped, args));
    }

    @Test
    void aDeltaPastAFloatsRangeIsRefusedOnTheJvmAndUnderTeavm() throws Exception {
        for (String run : new String[] {OversizedDelta.run(), nodeOutput("the TeaVM delta check is not run", "delta")}) {
            assertTrue(run.startsWith("refused: ") && run.contains("world.delta must be finite and at least 0"), run);
        }
    }

    @Test
    void theCostBenchRunsUnderTeavmWithEveryWorldMakingAsManyDecisions() throws Exception {
        String report = nodeOutput("the TeaVM cost bench is not run", "cost", "100", "1", "5");
        Matcher decisions = Pattern.compile("decisions 100 100 100 100").matcher(report);
        assertTrue(decisions.find(), report);
        assertTrue(Pattern.compile("\nnewest records (\\S+) \\1\n").matcher(report + "\n").find(), report);
        assertTrue(report.contains("AIAO-depth1 ") && report.contains(" of the walker"), report);
        assertTrue(nodeOutput("the TeaVM cost bench is not run", "cost", "ten")
                .startsWith("usage: " + WebCost.USAGE + "; NPCS must be a whole number from 10 to 10000000, was ten"));
    }

    /** As {@link #runUnderNode}, what node printed. */
    private static String nodeOutput(String skipped, String... args) throws Exception {
        File script = new File("target/teavm/platforms.js").getAbsoluteFile();
        assertTrue(script.isFile(), "TeaVM's output is missing: " + script);
        String node = InstalledPrograms.find("node");
        skipUnless(node != null, "node is not installed (apt-get install nodejs): " + skipped);
        List<String> command = new ArrayList<>(List.of(node, "-e",
                "const fs = require('fs'); require(process.argv[1]).main(process.argv.slice(2)"
                        + ".map(a => a.startsWith('@') ? fs.readFileSync(a.slice(1), 'utf8') : a))", script.getPath()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "node did not finish");
        assertEquals(0, process.exitValue(), "node failed:\n" + output);
        return output;
    }

    /** Skips the test unless {@code present}, saying why where the build's output shows it. */
    static void skipUnless(boolean present, String reason) {
        if (!present) {
            System.out.println("SKIPPED: " + reason);
        }
        assumeTrue(present, reason);
    }
}
