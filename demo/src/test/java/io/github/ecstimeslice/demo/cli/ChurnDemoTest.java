package io.github.ecstimeslice.demo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --churn} and {@code --decide-soon}: NPCs dying and spawning, and how long newcomers wait for a first decision. */
class ChurnDemoTest {

    private static final Pattern SUMMARY = Pattern.compile("newcomers: (\\d+) joined, (\\d+) decided: first decision"
            + " ([0-9.]+) ticks after joining \\(mean\\), (\\d+) at most; (\\d+) died before their first, (\\d+) still wait");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--churn 0                          | --churn must be more than 0 and at most --npcs (10000) NPCs a second, was '0'",
            "--churn -5                         | was '-5'",
            "--churn NaN                        | was 'NaN'",
            "--churn lots                       | 'lots'",
            "--npcs 100 --churn 100.5           | --churn must be more than 0 and at most --npcs (100) NPCs a second, was '100.5'",
            "--decide-soon                      | --decide-soon decides the NPCs that spawn: give --churn too",
            "--compare --churn 5 --decide-soon  | --decide-soon does not apply to --compare",
            "--churn 5 --tiers 1,4              | --churn spawns NPCs in the untiered scene: leave out --tiers, or --churn",
            "--compare --churn 5 --plot c.png   | --plot draws the comparison without churn",
            "--scene paths --churn 5            | --churn applies to --scene facing, not paths",
            "--scene paths --decide-soon        | --decide-soon applies to --scene facing, not paths",
    })
    void badChurnOptionsAreRefusedWithExitCodeTwoBeforeAnythingRuns(String args, String named) {
        DemoRun run = DemoRun.of(args.trim().split("\\s+"));
        run.assertOneLineError(named.trim());
        assertTrue(run.out().isEmpty(), "nothing ran: " + run.out());
    }

    @Test
    void churnIsRefusedWithTheGifsAndMakesNoFolder(@TempDir Path dir) {
        Path gifs = dir.resolve("gifs");
        DemoRun run = DemoRun.of("--churn", "5", "--gif", gifs.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("--churn applies to the live run and the comparison, not the GIFs"), run.err());
        assertFalse(Files.exists(gifs));
    }

    /** 600 NPCs deciding every half second at 60 Hz (a batch of 30 ticks); 60 die and spawn a second. */
    private static Matcher liveRun(String... more) {
        String[] args = {"--npcs", "600", "--churn", "60", "--ticks", "180", "--budget", "every:0.5"};
        String[] all = new String[args.length + more.length];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        DemoRun run = DemoRun.of(all);
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(3, run.out().lines().filter(line -> line.startsWith("t=") && line.contains("  newcomers: ")).count(),
                "each second's line says how long its newcomers waited: " + run.out());
        Matcher summary = SUMMARY.matcher(run.out());
        assertTrue(summary.find(), run.out());
        // one a tick dies, and spawns in the next: 179 joined
        assertEquals(179, Integer.parseInt(summary.group(1)), run.out());
        return summary;
    }

    @Test
    void aLiveRunWithNewcomersDecidedSoonDecidesEachInTheTickItJoins() {
        Matcher summary = liveRun("--decide-soon", "--policy", "SISO");
        int joined = Integer.parseInt(summary.group(1));
        int decided = Integer.parseInt(summary.group(2));
        assertEquals("0.00", summary.group(3), summary.group());
        assertEquals("0", summary.group(4), summary.group());
        assertEquals(joined, decided + Integer.parseInt(summary.group(5)), "every newcomer decided but those that died first");
        assertEquals("0", summary.group(6), summary.group());
    }

    @Test
    void aLiveRunWithoutNewcomersDecidedSoonMakesThemWaitAboutABatch() {
        Matcher summary = liveRun();
        double mean = Double.parseDouble(summary.group(3));
        int max = Integer.parseInt(summary.group(4));
        assertTrue(mean > 20 && mean < 40, "about a batch of 30 ticks: " + summary.group());
        assertTrue(max > 30 && max < 60, "under two batches: " + summary.group());
        assertTrue(Integer.parseInt(summary.group(6)) > 0, "the latest still wait at the end: " + summary.group());
    }

    @Test
    void theComparisonWithChurnRunsEachPolicyWithAndWithoutNewcomersDecidedSoon() {
        DemoRun run = DemoRun.of("--compare", "--npcs", "600", "--churn", "60", "--ticks", "150", "--budget", "every:0.5");
        assertEquals(0, run.exitCode(), run.err());
        List<String[]> rows = run.out().lines().filter(line -> line.startsWith("| ") && !line.startsWith("| decider"))
                .map(line -> line.split("\\|", -1)).toList();
        Map<String, String[]> byName = rows.stream().collect(Collectors.toMap(cells -> cells[1].trim(), Function.identity()));
        List<String> names = rows.stream().map(cells -> cells[1].trim()).toList();
        assertEquals(List.of("update-all", "AIAO", "AIAO decide-soon", "SIAO", "SIAO decide-soon", "SISO",
                "SISO decide-soon", "AISO", "AISO decide-soon"), names.subList(0, names.size() - 1), run.out());
        assertTrue(names.get(names.size() - 1).startsWith("interval "), run.out());
        for (String[] cells : rows) {
            assertEquals(10 + 2, cells.length, "10 columns: " + String.join("|", cells));
            assertTrue(cells[10].trim().endsWith(", 0"), "no newcomer of the measured ticks still waits: " + cells[10]);
        }
        for (String policy : List.of("AIAO", "SIAO", "SISO", "AISO")) {
            assertEquals("0.00 / 0", byName.get(policy + " decide-soon")[9].trim(), run.out());
            String[] waited = byName.get(policy)[9].trim().split(" / ");
            double mean = Double.parseDouble(waited[0]);
            boolean syncOutput = policy.endsWith("SO");
            assertTrue(syncOutput ? mean > 35 && mean < 55 : mean > 20 && mean < 40,
                    policy + ": about a batch of 30 ticks, and half a batch more when saved at the batch's end: " + run.out());
            assertTrue(Integer.parseInt(waited[1]) < 61, policy + ": under two batches: " + run.out());
        }
        assertEquals("0.00 / 0", byName.get("update-all")[9].trim(), run.out());
    }
}
