package io.github.ecstimeslice.platforms.gwt;

import io.github.ecstimeslice.platforms.PlatformReport;
import io.github.ecstimeslice.platforms.PlatformRun;
import io.github.ecstimeslice.platforms.jvm.InstalledPrograms;
import io.github.ecstimeslice.platforms.paths.PathsRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The game compiled by this module's GWT, in headless Chromium, loaded once: the JVM's saves in the
 * JVM's ticks (one checksum), the JVM's facing within 1e-3 rad for at least 99% of the NPCs, and the
 * JVM's path plans in the JVM's ticks. Without Chromium, reported skipped, with the reason.
 */
class GwtInChromiumTest {

    private static final String GWT = "GWT " + System.getProperty("gwt.version");
    /** The page as Chromium left it, or null without Chromium. */
    private static String dom;

    @BeforeAll
    static void runThePageInChromium() throws Exception {
        dom = pageInChromium("");
    }

    /** The page opened with {@code query} as Chromium leaves it, or null without Chromium (said once). */
    private static String pageInChromium(String query) throws Exception {
        File page = new File("target/war/index.html").getAbsoluteFile();
        assertTrue(new File("target/war/platforms/platforms.nocache.js").isFile(), GWT + " built no page: " + page);
        String chromium = InstalledPrograms.find("chromium");
        if (chromium == null) {
            if (query.isEmpty()) {
                System.out.println("SKIPPED: chromium is not installed (apt-get install chromium): the " + GWT + " build is not run");
            }
            return null;
        }
        File profile = Files.createTempDirectory("chromium-profile").toFile();
        Process process = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--virtual-time-budget=20000", // lets the page's scripts load and run
                "--dump-dom", page.toURI() + query)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String shown = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        return shown;
    }

    @Test
    void gwtInChromiumMakesTheSameDecisionsInTheSameTicks() {
        PlatformReport web = PlatformReport.parse(shown("report"));
        PlatformReport jvm = PlatformReport.parse(PlatformRun.run(false));
        assertNull(jvm.shortfallOf(web, GWT));
        System.out.printf("%s: %d saves, checksum %d as on the JVM; facing within 1e-3 rad for %.1f%% of the NPCs%n",
                GWT, web.saves, web.checksum, jvm.facingWithin(web, 1e-3) * 100);
    }

    @Test
    void gwtInChromiumPlansTheSamePathsInTheSameTicks() {
        String web = shown("paths").strip();
        assertEquals(PathsRun.run(false), web, GWT + "'s path plans");
        System.out.printf("%s: %s as on the JVM%n", GWT, web);
    }

    @Test
    void gwtInChromiumRefusesADeltaPastAFloatsRange() {
        String web = shown("delta").strip();
        assertTrue(web.startsWith("refused: ") && web.contains("world.delta must be finite and at least 0"), web);
    }

    @Test
    void theCostBenchRunsInChromiumWithEveryWorldMakingAsManyDecisions() throws Exception {
        String report = shown(pageInChromium("?cost=100&rounds=1&ticks=5"), "cost");
        assertTrue(report.contains("decisions 100 100 100 100"), report);
        assertTrue(Pattern.compile("\nnewest records (\\S+) \\1\n").matcher(report + "\n").find(), report);
        assertTrue(report.contains("AIAO-depth1 ") && report.contains(" of the walker"), report);
    }

    /** The text of the page's {@code <pre id="id">}; the test is skipped without Chromium. */
    private static String shown(String id) {
        return shown(dom, id);
    }

    private static String shown(String page, String id) {
        assumeTrue(page != null, "chromium is not installed (apt-get install chromium): the " + GWT + " build is not run");
        Matcher report = Pattern.compile("<pre id=\"" + id + "\">(.*?)</pre>", Pattern.DOTALL).matcher(page);
        assertTrue(report.find(), "no " + id + " in the page:\n" + page);
        return report.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
