package io.github.ecstimeslice.platforms.gwt;

import io.github.ecstimeslice.platforms.PlatformReport;
import io.github.ecstimeslice.platforms.PlatformRun;
import io.github.ecstimeslice.platforms.jvm.InstalledPrograms;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The game compiled by this module's GWT, in headless Chromium: the JVM's saves in the JVM's ticks
 * (one checksum), the JVM's facing within 1e-3 rad for at least 99% of the NPCs. Without Chromium,
 * reported skipped, with the reason.
 */
class GwtInChromiumTest {

    @Test
    void gwtInChromiumMakesTheSameDecisionsInTheSameTicks() throws Exception {
        String gwt = "GWT " + System.getProperty("gwt.version");
        File page = new File("target/war/index.html").getAbsoluteFile();
        assertTrue(new File("target/war/platforms/platforms.nocache.js").isFile(), gwt + " built no page: " + page);
        String chromium = InstalledPrograms.find("chromium");
        if (chromium == null) {
            System.out.println("SKIPPED: chromium is not installed (apt-get install chromium): the " + gwt + " build is not run");
        }
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): the " + gwt + " build is not run");
        File profile = Files.createTempDirectory("chromium-profile").toFile();
        Process process = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--virtual-time-budget=20000", // lets the page's scripts load and run
                "--dump-dom", page.toURI().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        Matcher report = Pattern.compile("<pre id=\"report\">(.*?)</pre>", Pattern.DOTALL).matcher(dom);
        assertTrue(report.find(), "no report in the page:\n" + dom);
        PlatformReport web = PlatformReport.parse(report.group(1).replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&"));
        PlatformReport jvm = PlatformReport.parse(PlatformRun.run(false));
        assertNull(jvm.shortfallOf(web, gwt));
        System.out.printf("%s: %d saves, checksum %d as on the JVM; facing within 1e-3 rad for %.1f%% of the NPCs%n",
                gwt, web.saves, web.checksum, jvm.facingWithin(web, 1e-3) * 100);
    }
}
