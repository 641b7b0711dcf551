package io.github.ecstimeslice.web.html;

import com.sun.net.httpserver.HttpServer;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.web.Crowd;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.facing.Position;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The web demo compiled by GWT, served from target/war and opened in headless Chromium (WebGL in
 * software) through its driver, as a user would: the page starts without a console error, draws
 * the crowd where the JVM places it (the screenshot is kept as target/web-demo.png), makes the
 * JVM's decisions in the JVM's ticks for the seed and settings in its address, and its controls
 * change what it decides. Without Chromium or its driver, reported skipped, with the reason.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebDemoInChromiumTest {

    private static final long SEED = 7;
    private static final String START = "?seed=" + SEED + "&npcs=2000&policy=AIAO&budget-kind=batch&budget-value=0.5&tiers=true";
    /** Frames between two writes of the page's figures, as WebDemo writes them. */
    private static final int FRAMES_A_SHOW = 6;
    /** The field's background colour, as the demo clears it (0.06, 0.07, 0.1). */
    private static final int[] BACKGROUND = {15, 18, 26};

    private static HttpServer server;
    private static ChromeDriver browser;
    private static String missing;

    @BeforeAll
    static void openThePage() throws Exception {
        Path war = Path.of("target/war").toAbsolutePath();
        assertTrue(Files.isRegularFile(war.resolve("html/html.nocache.js")), "GWT built no page in " + war);
        String chromium = onPath("chromium");
        String driver = onPath("chromedriver");
        if (chromium == null || driver == null) {
            missing = (chromium == null ? "chromium" : "chromedriver") + " is not installed (apt-get install chromium chromium-driver): the web demo is not run";
            System.out.println("SKIPPED: " + missing);
            return;
        }
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            Path file = war.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
            boolean found = file.startsWith(war) && Files.isRegularFile(file);
            byte[] body = found ? Files.readAllBytes(file) : new byte[0];
            exchange.getResponseHeaders().set("Content-Type", contentType(file.toString()));
            exchange.sendResponseHeaders(found ? 200 : 404, found ? body.length : -1);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();

        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        options.addArguments("--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                "--window-size=1300,900", "--disable-background-networking", "--disable-component-update", "--no-first-run");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(new File(driver)).build(), options);
        browser.get("http://127.0.0.1:" + server.getAddress().getPort() + "/index.html" + START);
    }

    @BeforeEach
    void needsChromiumAndItsDriver() {
        assumeTrue(missing == null, missing);
    }

    @AfterAll
    static void closeThePage() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    @Order(1)
    void thePageMakesTheJvmsDecisionsInTheJvmsTicksForItsSeed() {
        String checksum = waitFor("checksum", text -> text.matches("\\d+"), 120);
        Crowd jvm = new Crowd(SEED, 2000, IoPolicy.AIAO, Budget.batchEvery(0.5));
        while (jvm.ticks() < Crowd.CHECKSUM_TICKS) {
            jvm.tick();
        }
        assertEquals(String.valueOf(jvm.checksum()), checksum, "the page's checksum of its first " + Crowd.CHECKSUM_TICKS + " ticks");
        System.out.printf("web demo: checksum %s as on the JVM; first frame %s; %s%n", checksum, shown("first-frame"), shown("summary"));
    }

    @Test
    @Order(2)
    void thePageDrawsAnArrowWhereTheJvmPlacesEachNpcAndLogsNoError() throws Exception {
        waitFor("tick", text -> text.matches("\\d+") && Long.parseLong(text) > 10, 60);
        byte[] png = browser.getScreenshotAs(OutputType.BYTES);
        long shotBy = Long.parseLong(waitFor("tick", text -> text.matches("\\d+"), 10));
        Files.write(Path.of("target/web-demo.png"), png);
        BufferedImage shot = ImageIO.read(new ByteArrayInputStream(png));
        Rectangle canvas = browser.findElement(By.tagName("canvas")).getRect();

        // the first NPCs the JVM places for the seed that are still alive some ticks after the
        // screenshot (NPCs do not move; 1% die every half second)
        Crowd jvm = new Crowd(SEED, 2000, IoPolicy.AIAO, Budget.batchEvery(0.5));
        while (jvm.ticks() <= shotBy + FRAMES_A_SHOW) {
            jvm.tick();
        }
        ComponentMapper<Position> positions = jvm.world().getMapper(Position.class);
        int firsts = 0;
        int drawn = 0;
        for (int i = 0; i < jvm.npcs().size(); i++) {
            int npc = jvm.npcs().get(i);
            if (jvm.bornAt(npc) == 0) {
                Position at = positions.get(npc);
                firsts++;
                drawn += painted(shot, canvas.x + Math.round(at.x * 10), canvas.y + Math.round((Crowd.HEIGHT - at.y) * 10)) ? 1 : 0;
            }
        }
        // and the field is not painted all over: a grid of points every 7 pixels
        int points = 0;
        int paintedPoints = 0;
        for (int y = 3; y < Crowd.HEIGHT * 10; y += 7) {
            for (int x = 3; x < Crowd.WIDTH * 10; x += 7) {
                points++;
                paintedPoints += painted(shot, canvas.x + x, canvas.y + y) ? 1 : 0;
            }
        }
        assertTrue(firsts > 1500 && drawn == firsts, drawn + " of " + firsts + " NPCs' places are drawn on (target/web-demo.png)");
        assertTrue(paintedPoints < points * 0.6, paintedPoints + " of " + points + " points of the field are drawn on (target/web-demo.png)");

        List<LogEntry> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.WARNING.intValue()).collect(Collectors.toList());
        assertTrue(errors.isEmpty(), "the console: " + errors);
        System.out.printf("web demo: %d of %d NPCs' places drawn on, %d of %d field points; screenshot target/web-demo.png%n",
                drawn, firsts, paintedPoints, points);
    }

    @Test
    @Order(3)
    void thePagesControlsChangeWhatItDecides() {
        setBudget("jobs", "50");
        waitFor("budget-now", "jobsPerTick(50)"::equals, 30);
        long changedBy = Long.parseLong(shown("tick"));
        waitFor("tick", text -> Long.parseLong(text) > changedBy + 2 * 60, 60); // two game seconds
        // 50 jobs a tick, 60 ticks a second, less what batch ends leave unused
        String few = shown("decisions");
        assertTrue(Integer.parseInt(few) > 2_500 && Integer.parseInt(few) <= 3_000, "decisions at 50 jobs a tick: " + few);

        setBudget("jobs", "400");
        String many = waitFor("decisions", text -> text.matches("\\d+") && Integer.parseInt(text) > 3 * Integer.parseInt(few), 60);

        new Select(browser.findElement(By.id("policy"))).selectByValue("SISO");
        waitFor("policy-now", "SISO"::equals, 60);
        setBudget("ms", "-1");
        String refused = waitFor("error", "budget: milliseconds per tick must be positive and finite, was -1"::equals, 30);
        assertTrue(!shown("budget-now").contains("-1"), shown("budget-now"));
        setBudget("ms", "0.5");
        String timed = waitFor("budget-now", "millisPerTick(0.5)"::equals, 30);
        assertEquals("", shown("error"));
        System.out.printf("web demo: decisions a second at 50 jobs a tick %s, at 400 %s; under SISO and %s: %s; -1 refused: %s%n",
                few, many, timed, shown("decisions"), refused);
    }

    private static void setBudget(String kind, String value) {
        new Select(browser.findElement(By.id("budget-kind"))).selectByValue(kind);
        var field = browser.findElement(By.id("budget-value"));
        field.clear();
        field.sendKeys(value);
    }

    /** The text of the page's element {@code id} once {@code shown} holds, within {@code seconds}. */
    private static String waitFor(String id, java.util.function.Predicate<String> shown, int seconds) {
        String[] last = {""};
        try {
            return new WebDriverWait(browser, Duration.ofSeconds(seconds)).until(page -> {
                last[0] = shown(id);
                return shown.test(last[0]) ? last[0] : null;
            });
        } catch (org.openqa.selenium.TimeoutException late) {
            throw new AssertionError("the page's " + id + " was still '" + last[0] + "' after " + seconds + " s; error: '"
                    + shown("error") + "'; " + shown("summary"), late);
        }
    }

    private static String shown(String id) {
        return browser.findElement(By.id(id)).getAttribute("textContent").trim();
    }

    /** Whether the screenshot's pixel differs from the field's background. */
    private static boolean painted(BufferedImage shot, int x, int y) {
        int rgb = shot.getRGB(x, y);
        int[] channels = {rgb >> 16 & 255, rgb >> 8 & 255, rgb & 255};
        int distance = 0;
        for (int c = 0; c < 3; c++) {
            distance += Math.abs(channels[c] - BACKGROUND[c]);
        }
        return distance > 30;
    }

    private static String contentType(String file) {
        return file.endsWith(".html") ? "text/html; charset=utf-8" : file.endsWith(".js") ? "text/javascript"
                : file.endsWith(".png") ? "image/png" : "text/plain; charset=utf-8";
    }

    private static String onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File candidate = new File(dir, program);
            if (candidate.canExecute()) {
                return candidate.getPath();
            }
        }
        return null;
    }
}
