package io.github.ecstimeslice.demo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code --scene paths} as a newcomer runs it: the live run, the comparison, the GIF and bad input. */
class PathsDemoTest {

    @Test
    void thePathsSceneRunsAFewHundredTicksHeadlessAndExitsCleanly() {
        DemoRun run = DemoRun.of("--scene", "paths", "--npcs", "300", "--maze", "96x64", "--ticks", "300",
                "--threads", "same-tick", "--budget", "every:1");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("paths: 300 agents in a 96 x 64 maze"), run.out());
        List<String> reports = run.out().lines().filter(line -> line.startsWith("t=")).collect(Collectors.toList());
        assertEquals(5, reports.size(), run.out());
        // every agent re-planned within a second: 300 paths a second, all with a path once the first batch is done
        String last = reports.get(4);
        Matcher paths = Pattern.compile("(\\d+) paths/s").matcher(last);
        assertTrue(paths.find(), last);
        assertEquals(300, Integer.parseInt(paths.group(1)), 15, last);
        assertTrue(last.contains("300/300 with a path"), last);
        Matcher age = Pattern.compile("path age mean (\\S+) max (\\S+) s").matcher(last);
        assertTrue(age.find(), last);
        assertTrue(Double.parseDouble(age.group(2)) <= 2.0 + 1e-9, "a path is re-planned within two batches: " + last);
        assertTrue(run.out().contains("summary: 300 ticks of 300 agents"), run.out());
    }

    @Test
    void theSummarySaysWhyAgentsHaveNoPathYet() {
        // a search a tick: 120 of 300 agents planned in two seconds, the first batch takes five
        DemoRun run = DemoRun.of("--scene", "paths", "--npcs", "300", "--maze", "64x64", "--ticks", "120",
                "--budget", "jobs:1");
        assertEquals(0, run.exitCode(), run.err());
        Matcher end = Pattern.compile("at the end: (\\d+) of 300 agents with a path\\. 180 have not been planned yet:"
                + " a batch plans each agent once, and at 60 paths a game second a batch of 300 takes about 5\\.0 s;"
                + " until its turn in the first batch an agent stands still\\.").matcher(run.out());
        assertTrue(end.find(), run.out());
        assertTrue(Integer.parseInt(end.group(1)) <= 120, end.group());
    }

    @Test
    void theComparisonHasTheSpikeGdxAisQueueAndOursOnBothThreadings() {
        DemoRun run = DemoRun.of("--scene", "paths", "--compare", "--npcs", "200", "--maze", "64x64", "--ticks", "120",
                "--budget", "ms:1");
        assertEquals(0, run.exitCode(), run.err());
        List<String> rows = run.out().lines().filter(line -> line.startsWith("| ") && !line.startsWith("| planner"))
                .collect(Collectors.toList());
        assertEquals(4, rows.size(), run.out());
        assertTrue(rows.get(0).startsWith("| every agent every tick |"), rows.get(0));
        assertTrue(rows.get(1).startsWith("| gdx-ai PathFinderQueue, 1.00 ms |"), rows.get(1));
        assertTrue(rows.get(2).startsWith("| ecs-timeslice AIAO millisPerTick(1.0), world thread |"), rows.get(2));
        assertTrue(rows.get(3).startsWith("| ecs-timeslice AIAO millisPerTick(1.0), same-tick workers |"), rows.get(3));
        // the spike plans every agent every tick: 200 × 60 paths a second, paths a tick old at most
        assertTrue(rows.get(0).contains("| 12000 |"), rows.get(0));
        for (String row : rows) {
            String[] cells = row.split("\\|");
            assertTrue(Double.parseDouble(cells[5].trim().split(" ")[0]) > 0, "paths planned: " + row);
        }
        // the spike alone, the three others in rounds, each ecs-timeslice planner weighed against the queue
        assertTrue(run.out().contains("  measured every agent every tick, alone"), run.out());
        assertEquals(5, run.out().lines().filter(line -> line.startsWith("  round ")).count(), run.out());
        for (String planner : List.of("the world's thread", "same-tick workers")) {
            String name = "ecs-timeslice on " + planner + " ";
            assertTrue(run.out().contains("p99 tick: " + name), run.out());
            assertTrue(run.out().contains("paths a second: " + name), run.out());
            assertTrue(run.out().contains(" against gdx-ai's queue "), run.out());
        }
    }

    @Test
    void aComparisonWhoseThreePlannersTheHeapCannotHoldIsRefusedThoughOneWouldFit() {
        // a square maze whose one scene needs half the heap (about 375 bytes a cell): the comparison keeps three
        int side = (int) Math.sqrt(Runtime.getRuntime().maxMemory() / 2.0 / 375);
        assumeTrue(side <= 4096, "a heap this large holds the largest maze three times over");
        // a bad --gif too: a run that got past the heap check stops there, before any work
        DemoRun run = DemoRun.of("--scene", "paths", "--compare", "--maze", side + "x" + side, "--npcs", "10",
                "--gif", "/proc/x");
        run.assertOneLineError("--maze " + side + "x" + side + " with --npcs 10 needs about");
        assertTrue(run.err().contains(" of heap for the comparison's 3 scenes at once, more than the "), run.err());
    }

    @Test
    void theGifShowsTheMazeAndReadsBackWithItsFrames(@TempDir Path dir) throws IOException {
        DemoRun run = DemoRun.of("--scene", "paths", "--gif", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        try (var listing = Files.list(dir)) {
            assertEquals(List.of("paths.gif"), listing.map(p -> p.getFileName().toString()).collect(Collectors.toList()));
        }
        try (ImageInputStream in = ImageIO.createImageInputStream(dir.resolve("paths.gif").toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            assertEquals(180, reader.getNumImages(true));
            BufferedImage first = reader.read(0);
            assertEquals(64 * 8, first.getWidth());
            int walls = 0;
            int agents = 0;
            for (int y = 0; y < first.getHeight(); y++) {
                for (int x = 0; x < first.getWidth(); x++) {
                    walls += first.getRGB(x, y) == 0xFF4A4A52 ? 1 : 0;
                    agents += first.getRGB(x, y) == 0xFFD62828 ? 1 : 0;
                }
            }
            assertTrue(walls > first.getWidth() * first.getHeight() / 5, "wall pixels: " + walls);
            assertTrue(agents > 40, "agent pixels: " + agents);
            // the frames after the first hold only what changed: the picture shown is their composite
            BufferedImage shown = new BufferedImage(first.getWidth(), first.getHeight(), BufferedImage.TYPE_INT_ARGB);
            Graphics2D g = shown.createGraphics();
            g.drawImage(first, 0, 0, null);
            int below = 24; // the caption's rows, whose clock restarts at the seam
            int mazeRows = first.getHeight() - below;
            int[] start = shown.getRGB(0, below, first.getWidth(), mazeRows, null, 0, first.getWidth());
            int[] beforeTheSeam = null;
            for (int i = 1; i < 180; i++) {
                g.drawImage(reader.read(i), 0, 0, null);
                if (i == 180 - 17) {
                    beforeTheSeam = shown.getRGB(0, below, first.getWidth(), mazeRows, null, 0, first.getWidth());
                }
            }
            g.dispose();
            int[] end = shown.getRGB(0, below, first.getWidth(), mazeRows, null, 0, first.getWidth());
            assertArrayEquals(start, end, "the loop ends on its first picture of the maze: no jump at the seam");
            assertFalse(Arrays.equals(start, beforeTheSeam), "the agents moved in between");
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--scene mars                     | mars",
            "--maze 64x64                     | --maze sizes the paths scene: give --scene paths too",
            "--scene paths --maze 64          | --maze takes WIDTHxHEIGHT in cells, such as 256x256, was '64'",
            "--scene paths --maze 7x64        | --maze sides must be from 8 to 4096 cells, was '7x64'",
            "--scene paths --maze 64xbig      | was '64xbig'",
            "--scene paths --maze 16x16 --npcs 500 | --npcs 500 agents do not fit the",
            "--scene paths --maze 4096x4096 --npcs 2000000 | needs about",
            "--scene paths --tiers 1,4        | --tiers applies to --scene facing, not paths",
            "--scene paths --trace t.json     | --trace applies to --scene facing, not paths",
            "--scene paths --compare --budget every:0.5 | use --budget ms:M, was 'every:0.5'",
    })
    void badPathSceneArgumentsGiveAOneLineErrorNamingTheValueAndExitCodeTwo(String args, String named) {
        DemoRun run = DemoRun.of(args.trim().split("\\s+"));
        run.assertOneLineError(named.trim());
        assertTrue(run.out().isEmpty(), "nothing ran: " + run.out());
    }
}
