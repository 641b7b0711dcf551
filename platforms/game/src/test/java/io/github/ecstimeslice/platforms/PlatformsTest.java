package io.github.ecstimeslice.platforms;

import io.github.ecstimeslice.platforms.jvm.InstalledPrograms;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The same game on the JVM, on the JVM with workers and compiled by TeaVM under node: the same
 * saves in the same ticks (one checksum), the same facing within 1e-3 rad for at least 99% of the
 * NPCs (a browser computes float arithmetic in double precision). The GWT builds have tests of
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
        File script = new File("target/teavm/platforms.js").getAbsoluteFile();
        assertTrue(script.isFile(), "TeaVM's output is missing: " + script);
        String node = InstalledPrograms.find("node");
        skipUnless(node != null, "node is not installed (apt-get install nodejs): the TeaVM build is not run");
        Process process = new ProcessBuilder(node, "-e", "require(process.argv[1]).main([])", script.getPath())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "node did not finish");
        assertEquals(0, process.exitValue(), "node failed:\n" + output);
        PlatformReport teavm = PlatformReport.parse(output);
        assertNull(jvm.shortfallOf(teavm, "TeaVM"));
        System.out.printf("TeaVM: %d saves, checksum %d as on the JVM; facing within 1e-3 rad for %.1f%% of the NPCs%n",
                teavm.saves, teavm.checksum, jvm.facingWithin(teavm, 1e-3) * 100);
    }

    /** Skips the test unless {@code present}, saying why where the build's output shows it. */
    static void skipUnless(boolean present, String reason) {
        if (!present) {
            System.out.println("SKIPPED: " + reason);
        }
        assumeTrue(present, reason);
    }
}
