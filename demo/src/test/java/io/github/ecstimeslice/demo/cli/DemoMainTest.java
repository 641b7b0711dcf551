package io.github.ecstimeslice.demo.cli;

import io.github.ecstimeslice.demo.run.ComparePlot;
import io.github.ecstimeslice.demo.run.GifRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The demo as a newcomer runs it: the headless app, its command line, its pictures and table. */
class DemoMainTest {

    private static DemoRun demo(String... args) {
        return DemoRun.of(args);
    }

    @Test
    void theHeadlessAppRunsAFewHundredFramesAndExitsCleanly() {
        DemoRun run = demo("--npcs", "2000", "--ticks", "300", "--threads", "next-tick", "--budget", "hz:6000",
                "--animation-threads", "same-tick");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("summary: 300 ticks of 2000 NPCs"), run.out());
        long reportLines = run.out().lines().filter(line -> line.startsWith("t=")).count();
        assertEquals(5, reportLines, "a report line per game second: " + run.out());
        assertTrue(run.out().contains("6000 decisions/s"), run.out());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--npcs 0               | --npcs must be at least 1, was 0",
            "--npcs many            | many",
            "--budget jobs:0        | jobs:0",
            "--budget hz:-3         | hz:-3",
            "--budget every:NaN     | every:NaN",
            "--budget often         | often",
            "--policy XYZ           | XYZ",
            "--threads bogus        | bogus",
            "--animation-threads next-tick | --animation-threads must be world or same-tick, was next-tick",
            "--ticks 0              | --ticks must be from 1 to 10,000,000, was 0",
            "--history -1           | --history must be from 0 to 1024, was -1",
            "--history 1025         | --history must be from 0 to 1024, was 1025",
            "--ticks 5 --seconds 5  | not both",
            "--tick-rate 0          | --tick-rate must be between 1 and 10000, was 0.0",
            "--frobnicate           | --frobnicate",
            "--budget jobs:1e3      | '1e3' is not a whole number",
            "--seconds 300000 --tick-rate 10000 | --seconds at 10000 ticks a second must make 1 to 10,000,000 ticks (5.00e-05 to 1000.00 s), was 300000.0",
            "--seconds 500000 --tick-rate 10000 | was 500000.0",
            "--seconds 0.001        | --seconds at 60.000 ticks a second must make 1 to 10,000,000 ticks (0.00833 to 166667 s), was 0.001",
            "--seconds 1e12         | was 1.0E12",
            "--ticks 10000001       | --ticks must be from 1 to 10,000,000, was 10000001",
            "--npcs 2000000000 --history 0 | --npcs 2000000000 with --history 0 needs about",
            "--npcs 2000000000      | --npcs 2000000000 with --history 1 needs about",
            "--compare --policy SISO | --policy does not apply to --compare",
            "--plot x.png           | --plot draws the comparison: give --compare too",
            "--budget jobs:99999999999 | 99999999999 jobs a tick is more than 2147483647",
            "--budget jobs:-4294967295 | 'jobs:-4294967295': -4294967295 jobs a tick is less than 1",
            "--npcs 10000000 --history 1024 | --npcs 10000000 with --history 1024 needs about",
            "--compare --plot x.txt | --plot writes a PNG: name the file *.png, was 'x.txt'",
            "--tiers 2,4            | its period must be 1, was 2 in [2, 4], was '2,4'",
            "--tiers 1,8,4          | was 4 after 8 in [1, 8, 4], was '1,8,4'",
            "--tiers 1,4,x          | --tiers takes comma-separated whole numbers, and 'x' is not one, in '1,4,x'",
            "--tiers 1,4.5          | '4.5' is not one",
            "--tiers 1              | --tiers needs at least two tiers (one tier is no tiers), was '1'",
            "--tiers 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 | tiers need 1 to 16 batch periods, was 17",
            "--tiers ,              | '' is not one, in ','",
            "--tiers 1,4,16 --tier-radii 10 | --tier-radii needs 2 distances for 3 tiers, was '10'",
            "--tiers 1,4,16 --tier-radii 30,10 | --tier-radii must be positive, finite and increasing, was '30,10'",
            "--tiers 1,4 --tier-radii -5 | --tier-radii must be positive, finite and increasing, was '-5'",
            "--tiers 1,4 --tier-radii Infinity | was 'Infinity'",
            "--tier-radii 10        | --tier-radii bounds the tiers: give --tiers too",
            "--tiers 1,4 --trace t.json | --trace records the untiered scene",
            "--trap-ms 0             | --trap-ms must be above 0 and at most 60000, was 0.0",
            "--trap-ms -3            | --trap-ms must be above 0 and at most 60000, was -3.0",
            "--trap-ms NaN           | --trap-ms must be above 0 and at most 60000, was NaN",
            "--trap-ms 5 --compare   | --trap-ms watches the untiered live run: leave out --compare, or --trap-ms",
            "--trap-ms 5 --tiers 1,4 | --trap-ms watches the untiered live run: leave out --tiers, or --trap-ms",
            "--jfr r.jfr --compare   | --jfr records the untiered live run: leave out --compare, or --jfr",
            "--scene paths --jfr r.jfr | --jfr applies to --scene facing, not paths",
            "--compare --tiers 1,4 --plot x.png | --plot draws the untiered comparison: leave out --tiers, or --plot",
            "--scene paths --maze 8x8 --npcs 20 | --npcs 20 agents do not fit the 17 open cells of a 8x8 maze",
            "--scene paths --maze 10x10 --npcs 33 | --npcs 33 agents do not fit the",
    })
    void badArgumentsGiveAOneLineErrorNamingTheValueAndExitCodeTwo(String args, String named) {
        DemoRun run = demo(args.trim().split("\\s+"));
        run.assertOneLineError(named.trim());
    }

    @Test
    void aLiveRunWithNoHistoryTurnsTheNpcsAndSaysItHasNoAgesToShow() {
        DemoRun run = demo("--npcs", "400", "--ticks", "120", "--budget", "jobs:40", "--history", "0");
        assertEquals(0, run.exitCode(), run.err());
        List<String> reports = run.out().lines().filter(line -> line.startsWith("t=")).collect(Collectors.toList());
        assertEquals(2, reports.size(), run.out());
        assertTrue(reports.stream().allMatch(line -> line.contains("age n/a (no history)") && line.contains("2400 decisions/s")),
                run.out());
        assertTrue(run.out().contains("history 0"), run.out());
    }

    @Test
    void decisionsPerSecondShowBeforeABatchEndsAndAgesCoverTheWholeSecond() {
        // 2,000 NPCs at 30 decisions a second: the first batch takes over a minute
        DemoRun slow = demo("--npcs", "2000", "--ticks", "120", "--budget", "hz:30");
        assertEquals(0, slow.exitCode(), slow.err());
        assertTrue(slow.out().lines().filter(line -> line.startsWith("t=")).allMatch(line -> line.contains(" 30 decisions/s")),
                slow.out());
        // SISO saves a batch at once: the ages of one sample would be the same every second
        DemoRun siso = demo("--npcs", "600", "--ticks", "180", "--policy", "SISO", "--budget", "every:0.5");
        assertEquals(0, siso.exitCode(), siso.err());
        List<String> reports = siso.out().lines().filter(line -> line.startsWith("t=")).collect(Collectors.toList());
        for (String report : reports.subList(1, reports.size())) {
            Matcher ages = Pattern.compile("age mean ([0-9.]+) max ([0-9.]+) s").matcher(report);
            assertTrue(ages.find(), report);
            double mean = Double.parseDouble(ages.group(1));
            double max = Double.parseDouble(ages.group(2));
            // saved all at once every 0.5 s: ages climb from 0 to 29 ticks (0.483 s) and back, twice a
            // second; a quarter of the ticks, at random, sample them
            assertTrue(mean > 0.15 && mean < 0.35 && max > 0.35 && max < 0.5 && mean < max,
                    "mean over the second, max of it: " + report);
        }
    }

    @Test
    void eachSecondSaysTheLastBatchsDecisionsAndHowLongItTookBesideTheRate() {
        // 600 NPCs each deciding within half a second: 1,200 decisions a second, a batch of 600
        DemoRun run = demo("--npcs", "600", "--ticks", "120", "--budget", "every:0.5");
        assertEquals(0, run.exitCode(), run.err());
        String second = run.out().lines().filter(line -> line.startsWith("t=   2.0s")).findFirst().orElseThrow();
        assertTrue(second.contains(" 1200 decisions/s, last whole batch 600 decisions in 0.500 s "), second);
        String first = run.out().lines().filter(line -> line.startsWith("t=   1.0s")).findFirst().orElseThrow();
        assertTrue(first.contains(", last whole batch "), "a batch ends every half second: " + first);
    }

    @Test
    void aTieredComparisonWhoseBudgetDecidesNothingWhileMeasuredComparesWithAnUntieredRowThatDecidesNothing() {
        DemoRun run = demo("--compare", "--tiers", "1,4", "--npcs", "100", "--ticks", "60", "--budget", "hz:0.01");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("AIAO untiered, jobsPerSecond(0)"), run.out());
    }

    @Test
    void helpExitsWithZero() {
        DemoRun run = demo("--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("--budget"), run.out());
    }

    @Test
    void badOutputPathsAreRefusedBeforeAnythingRuns(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("taken"), "a file");
        String[][] cases = {
                {"--gif", "", "--gif needs a folder"},
                {"--gif", file.toString(), "--gif must be a folder, and " + file + " is a file"},
                {"--gif", file.resolve("below").toString(), "--gif cannot make the folder " + file.resolve("below")},
                {"--gif", "/proc/x", "--gif cannot make the folder /proc/x: no such file or folder, and none can be made there"},
                {"--trace", "", "--trace needs a file"},
                {"--trace", dir.toString(), "--trace must be a file, and " + dir + " is a folder"},
                {"--trace", file.resolve("t.json").toString(), "--trace cannot make the folder " + file + ": " + file + " is a file"},
                // folders that exist where nothing can be made, even by root: found before the run, not after it
                {"--gif", "/proc", "--gif cannot write into /proc"},
                {"--trace", "/proc/t.json", "--trace cannot write /proc/t.json"},
        };
        for (String[] bad : cases) {
            DemoRun run = demo("--npcs", "100", "--ticks", "30", bad[0], bad[1]);
            assertEquals(2, run.exitCode(), String.join(" ", bad) + ": " + run.out() + run.err());
            assertTrue(run.err().contains(bad[2]), "names the bad value: " + run.err());
            run.assertOneLineError(bad[2]);
            assertTrue(run.out().isEmpty(), "nothing ran: " + run.out());
        }
        try (Stream<Path> listing = Files.list(dir)) {
            assertEquals(List.of(file), listing.collect(Collectors.toList()), "nothing written");
        }
    }

    @Test
    void theComparisonWithNoHistorySaysItsPoliciesAgesAreNotKept() {
        DemoRun run = demo("--compare", "--npcs", "400", "--ticks", "120", "--budget", "jobs:40", "--history", "0");
        assertEquals(0, run.exitCode(), run.err());
        List<String> policyRows = run.out().lines().filter(line -> line.matches("\\| (AIAO|SIAO|SISO|AISO) .*")).toList();
        assertEquals(4, policyRows.size(), run.out());
        for (String row : policyRows) {
            assertTrue(row.endsWith("| n/a |"), "no history, no ages (was 0.000 s): " + row);
        }
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("| update-all") && line.endsWith("| 0.000 s |")),
                "update-all's decisions are this tick's: " + run.out());
    }

    @Test
    void aTraceIntoAFolderThatDoesNotExistYetMakesTheFolder(@TempDir Path dir) {
        Path trace = dir.resolve("new").resolve("deeper").resolve("trace.json");
        DemoRun run = demo("--npcs", "100", "--ticks", "30", "--trace", trace.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.isRegularFile(trace));
    }

    @Test
    void theComparisonDrawsEachDecidersTickTimesAndCostAsAPng(@TempDir Path dir) throws IOException {
        Path plot = dir.resolve("plots").resolve("compare.png");
        DemoRun run = demo("--compare", "--npcs", "400", "--ticks", "120", "--budget", "jobs:40", "--plot", plot.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("plot: " + plot), run.out());
        BufferedImage image = ImageIO.read(plot.toFile());
        assertEquals(ComparePlot.WIDTH, image.getWidth());
        assertEquals(ComparePlot.FRAMES_HEIGHT + ComparePlot.COST_HEIGHT, image.getHeight());
    }

    @Test
    void theComparisonUsesTheHistoryItIsGiven() {
        DemoRun run = demo("--compare", "--npcs", "400", "--ticks", "60", "--budget", "jobs:40", "--history", "0");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("history 0"), run.out());
    }

    @Test
    void theTraceIsChromeTraceEventJsonWithJobsPerThreadAndTick(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trace.json");
        DemoRun run = demo("--npcs", "400", "--ticks", "20", "--threads", "same-tick", "--budget", "jobs:50",
                "--trace", trace.toString());
        assertEquals(0, run.exitCode(), run.err());
        String json = Files.readString(trace);
        assertTrue(json.startsWith("{\"displayTimeUnit\":\"ms\",\"traceEvents\":["), json.substring(0, 80));
        long jobs = json.lines().filter(line -> line.contains("\"cat\":\"batch\"")).count();
        long ticks = json.lines().filter(line -> line.contains("\"name\":\"tick ")).count();
        assertEquals(20 * 50, jobs);
        assertEquals(20, ticks);
        assertTrue(json.contains("\"name\":\"thread_name\""), "threads are named");
    }

    @Test
    void theCompareTableHasEveryRow() {
        DemoRun run = demo("--compare", "--npcs", "400", "--ticks", "120", "--budget", "jobs:40");
        assertEquals(0, run.exitCode(), run.err());
        List<String> rows = run.out().lines().filter(line -> line.startsWith("| ") && !line.startsWith("| decider"))
                .collect(Collectors.toList());
        List<String> names = rows.stream().map(row -> row.split("\\|")[1].trim()).collect(Collectors.toList());
        // 400 NPCs at 40 jobs a tick, 60 ticks a second: everyone every 10 ticks, 1/6 s
        assertEquals(List.of("update-all", "AIAO", "SIAO", "SISO", "AISO", "interval 0.167s"), names, run.out());
        for (String row : rows) {
            String[] cells = row.split("\\|", -1);
            assertEquals(8 + 2, cells.length, "8 columns: " + row);
            for (int c = 1; c <= 8; c++) {
                assertTrue(!cells[c].isBlank(), "column " + c + " filled: " + row);
            }
            for (int c = 2; c <= 5; c++) { // the tick and deciding times: a median over the rounds, then their range
                assertTrue(cells[c].trim().matches("[0-9.]+ \\([0-9.]+ to [0-9.]+\\)"), "column " + c + ": " + row);
            }
        }
    }

    @Test
    void aComparisonWhoseSixScenesTheHeapCannotHoldIsRefusedThoughOneWouldFit() {
        // NPCs whose one scene needs half the heap: the comparison keeps its six deciders' scenes at once
        long npcs = Runtime.getRuntime().maxMemory() / 2 / (240 * 3 / 2);
        // a bad --plot too: a run that got past the heap check stops there, before any work
        DemoRun run = demo("--compare", "--npcs", Long.toString(npcs), "--history", "0", "--plot", "x.txt");
        run.assertOneLineError("--npcs " + npcs + " with --history 0 needs about");
        assertTrue(run.err().contains(" of heap for the comparison's 6 scenes at once, more than the "), run.err());
    }

    @Test
    void theComparisonTicksTheDecidersInTurnOverRoundsAndSaysWhatTheRoundsShow() {
        DemoRun run = demo("--compare", "--npcs", "400", "--ticks", "120", "--budget", "jobs:40");
        assertEquals(0, run.exitCode(), run.err());
        List<String> rounds = run.out().lines().filter(line -> line.startsWith("  round ")).toList();
        String forward = "update-all, AIAO, SIAO, SISO, AISO, interval 0.167s";
        String backward = "interval 0.167s, AISO, SISO, SIAO, AIAO, update-all";
        assertEquals(List.of("  round 1 of 5 measured: " + forward, "  round 2 of 5 measured: " + backward,
                "  round 3 of 5 measured: " + forward, "  round 4 of 5 measured: " + backward,
                "  round 5 of 5 measured: " + forward), rounds, run.out());
        assertTrue(run.out().contains("measured in 5 rounds of 24 ticks, the deciders in turn"), run.out());
        List<String> verdicts = run.out().lines().filter(line -> line.startsWith("p99 tick: ")).toList();
        assertEquals(4, verdicts.size(), "each policy against the interval system: " + run.out());
        for (int i = 0; i < 4; i++) {
            String verdict = verdicts.get(i);
            assertTrue(verdict.startsWith("p99 tick: " + List.of("AIAO", "SIAO", "SISO", "AISO").get(i) + " "), verdict);
            assertTrue(verdict.contains(" against interval 0.167s ") && verdict.contains(" over 5 rounds: "), verdict);
            assertTrue(verdict.contains(": the ranges overlap, so no clear difference on this machine")
                    || verdict.endsWith(" was lower in every round, a clear difference.")
                    || verdict.endsWith(" was higher in every round, a clear difference."), verdict);
        }
    }

    @Test
    void gifsAreWrittenForUpdateAllEachPolicyAtTenAndThirtyHertzAndTheTiers(@TempDir Path dir) throws IOException {
        DemoRun run = demo("--gif", dir.toString(), "--tiers", "1,4,16");
        assertEquals(0, run.exitCode(), run.err());
        List<String> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
        assertEquals(List.of("aiao-10hz.gif", "aiao-30hz.gif", "aiso-10hz.gif", "aiso-30hz.gif", "siao-10hz.gif",
                "siao-30hz.gif", "siso-10hz.gif", "siso-30hz.gif", "tiers.gif", "update-all.gif"), files);
        for (String file : files) {
            try (ImageInputStream in = ImageIO.createImageInputStream(dir.resolve(file).toFile())) {
                ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
                reader.setInput(in);
                assertEquals(GifRun.FRAMES, reader.getNumImages(true), file);
                assertEquals(GifRun.WIDTH, reader.getWidth(0), file);
                if (file.equals("tiers.gif")) { // NPCs coloured by tier: the near ones' green is drawn
                    BufferedImage first = reader.read(0);
                    int green = 0;
                    for (int y = 0; y < first.getHeight(); y++) {
                        for (int x = 0; x < first.getWidth(); x++) {
                            green += first.getRGB(x, y) == 0xFF1B8A3A ? 1 : 0;
                        }
                    }
                    assertTrue(green > 50, "pixels of the near tier's colour in the first frame: " + green);
                }
            }
        }
    }

    @Test
    void aTieredRunReportsEachTierEverySecond() {
        DemoRun run = demo("--npcs", "2000", "--ticks", "180", "--budget", "every:0.1", "--tiers", "1,4,16");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("tiers [1,4,16] within 7.5,15.0 of the player, animated every [1,2,4] ticks"), run.out());
        for (int tier = 0; tier < 3; tier++) {
            String line = "  tier " + tier + " (every ";
            assertEquals(3, run.out().lines().filter(l -> l.startsWith(line)).count(), "a line per second for tier " + tier
                    + ": " + run.out());
        }
        assertTrue(run.out().contains("summary: 180 ticks of 2000 NPCs"), run.out());
    }

    @Test
    void theTieredComparisonGivesTheNearNpcsASeveralFoldSmallerFacingErrorAtEqualDecisions() {
        DemoRun run = demo("--compare", "--npcs", "6000", "--seconds", "4", "--budget", "every:0.1", "--tiers", "1,4,16");
        assertEquals(0, run.exitCode(), run.err());
        List<String> rows = run.out().lines().filter(line -> line.startsWith("| AIAO ")).toList();
        assertEquals(2, rows.size(), run.out());
        String[] tiered = rows.get(0).split("\\|");
        String[] untiered = rows.get(1).split("\\|");
        // the untiered row catches up with the tiered row's decisions before each of its spans: the same
        // decisions, give or take what its last span misses
        assertEquals(Double.parseDouble(tiered[4].trim()), Double.parseDouble(untiered[4].trim()),
                Double.parseDouble(tiered[4].trim()) / 200, "the same decisions per second: " + run.out());
        double nearTiered = Double.parseDouble(tiered[5].trim().split("°")[0]);
        double nearUntiered = Double.parseDouble(untiered[5].trim().split("°")[0]);
        double nearAgeTiered = Double.parseDouble(tiered[5].trim().split(", ")[1].replace(" s", ""));
        double nearAgeUntiered = Double.parseDouble(untiered[5].trim().split(", ")[1].replace(" s", ""));
        assertTrue(nearTiered * 2 < nearUntiered, "near NPCs' facing error: " + run.out());
        assertTrue(nearAgeTiered * 2 < nearAgeUntiered, "near NPCs' decision age: " + run.out());
        // ticked in rounds, the untiered one after the tiered one in each, whose rate it follows
        List<String> rounds = run.out().lines().filter(line -> line.startsWith("  round ")).toList();
        assertEquals(5, rounds.size(), run.out());
        for (int round = 0; round < 5; round++) {
            assertEquals("  round " + (round + 1) + " of 5 measured: tiered, untiered", rounds.get(round));
        }
        assertTrue(tiered[3].trim().matches("[0-9.]+ \\([0-9.]+ to [0-9.]+\\)"), "p99 tick over the rounds: " + rows.get(0));
        assertTrue(run.out().contains("\np99 tick: tiered ") && run.out().contains(" against untiered "), run.out());
    }
}
