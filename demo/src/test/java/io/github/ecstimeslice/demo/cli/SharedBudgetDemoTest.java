package io.github.ecstimeslice.demo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --shared-budget} as a newcomer runs it, and the time budgets' summary line of the live runs. */
class SharedBudgetDemoTest {

    @Test
    void aLiveRunReportsThePoolAndEachSystemSplitByWeight() {
        // 3,000 NPCs at 300, 200 and 100 jobs a tick: every batch ends on a tick's edge
        DemoRun run = DemoRun.of("--shared-budget", "jobs:600", "--weights", "3,2,1", "--npcs", "3000", "--ticks", "120");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("shared budget jobs:600 (SharedBudget.jobsPerTick(600)), weights 3:2:1"), run.out());
        List<String> lines = run.out().lines().collect(Collectors.toList());
        int second = lines.indexOf(lines.stream().filter(line -> line.startsWith("t=   2.0s")).findFirst().orElseThrow());
        assertTrue(lines.get(second + 1).startsWith("  pool jobs:600:      "), run.out());
        assertEquals(600, jobsPerTick(lines.get(second + 1)), 1e-9, lines.get(second + 1));
        assertTrue(lines.get(second + 1).contains(" ms/tick in the three turns "), lines.get(second + 1));
        assertTrue(lines.get(second + 2).startsWith("  facing weight 3:    "), run.out());
        assertEquals(300, jobsPerTick(lines.get(second + 2)), 1e-9, lines.get(second + 2));
        assertTrue(lines.get(second + 3).startsWith("  alertness weight 2: "), run.out());
        assertEquals(200, jobsPerTick(lines.get(second + 3)), 1e-9, lines.get(second + 3));
        assertTrue(lines.get(second + 4).startsWith("  wander weight 1:    "), run.out());
        assertEquals(100, jobsPerTick(lines.get(second + 4)), 1e-9, lines.get(second + 4));
        assertTrue(lines.get(second + 2).contains(" ms/tick in its turn "), lines.get(second + 2));
        assertTrue(lines.get(second + 2).contains(" 18000 decisions/s over its last whole batch"), lines.get(second + 2));
        assertTrue(run.out().contains("summary: 120 ticks of 3000 NPCs"), run.out());
        assertTrue(run.out().contains("the three systems' turns in the "), run.out());
    }

    @Test
    void thePoolsTimeIsOverTheSameTicksAsDecideAndNeverMoreForItLeavesOutTheTimeBetweenTheTurns() {
        DemoRun run = DemoRun.of("--shared-budget", "jobs:600", "--npcs", "3000", "--ticks", "180");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("decide: the world's thread from the first system's turn to the end of the last's;"
                + " the pool's and each system's ms: their turns by their own clocks, without the time between the turns"),
                run.out());
        List<String> lines = run.out().lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher decide = Pattern.compile("\\(decide +([0-9.]+), animate").matcher(lines.get(i));
            if (!decide.find()) {
                continue;
            }
            // each second's line is followed by the pool's, the summary by a line naming its ticks, then the pool's
            String poolLine = lines.get(i + 1).startsWith("the pool's reports over the same ") ? lines.get(i + 2)
                    : lines.get(i + 1);
            assertTrue(poolLine.startsWith("  pool jobs:600:"), poolLine);
            Matcher pool = Pattern.compile("([0-9.]+) ms/tick in the three turns").matcher(poolLine);
            assertTrue(pool.find(), poolLine);
            // the pool times the turns only, the world's thread the turns and the time between them
            assertTrue(Double.parseDouble(pool.group(1)) <= Double.parseDouble(decide.group(1)),
                    lines.get(i) + "\n" + poolLine);
        }
        assertTrue(Pattern.compile("summary: 180 ticks of 3000 NPCs: [^\\n]* over the 120 ticks after the first 60")
                .matcher(run.out()).find(), run.out());
        assertTrue(run.out().contains("the pool's reports over the same 120 ticks:"), run.out());
    }

    private static double jobsPerTick(String line) {
        Matcher jobs = Pattern.compile("([0-9.]+) jobs/tick").matcher(line);
        assertTrue(jobs.find(), line);
        return Double.parseDouble(jobs.group(1));
    }

    @Test
    void theComparisonHasSeparateBudgetsAgainstOneSharedPoolOfTheSameTotal() {
        DemoRun run = DemoRun.of("--shared-budget", "jobs:60", "--compare", "--npcs", "3000", "--ticks", "60");
        assertEquals(0, run.exitCode(), run.err());
        List<String> rows = run.out().lines().filter(line -> line.startsWith("| ") && !line.startsWith("| budgets"))
                .collect(Collectors.toList());
        assertEquals(2, rows.size(), run.out());
        // separately and shared alike, 30, 20 and 10 jobs a tick: 1,800, 1,200 and 600 decisions a second
        assertTrue(rows.get(0).startsWith("| separate jobs:30, jobs:20, jobs:10 |"), rows.get(0));
        assertTrue(rows.get(1).startsWith("| shared jobs:60, weights 3:2:1 |"), rows.get(1));
        for (String row : rows) {
            assertTrue(row.contains("| 1800 | 1200 | 600 |"), row);
        }
    }

    @Test
    void theComparisonTicksBothInTurnOverRoundsAndSaysWhatTheRoundsShow() {
        DemoRun run = DemoRun.of("--shared-budget", "jobs:60", "--compare", "--npcs", "3000", "--ticks", "60");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("  round 1 of 5 measured: separate, shared", "  round 2 of 5 measured: shared, separate",
                        "  round 3 of 5 measured: separate, shared", "  round 4 of 5 measured: shared, separate",
                        "  round 5 of 5 measured: separate, shared"),
                run.out().lines().filter(line -> line.startsWith("  round ")).toList(), run.out());
        for (String row : run.out().lines().filter(line -> line.startsWith("| separate ") || line.startsWith("| shared "))
                .toList()) {
            String[] cells = row.split("\\|");
            for (int c = 2; c <= 4; c++) { // the tick and deciding times: a median over the rounds, then their range
                assertTrue(cells[c].trim().matches("[0-9.]+ \\([0-9.]+ to [0-9.]+\\)"), "column " + c + ": " + row);
            }
        }
        List<String> verdicts = run.out().lines().filter(line -> line.contains(": the shared pool ")).toList();
        assertEquals(2, verdicts.size(), run.out());
        assertTrue(verdicts.get(0).startsWith("p99 tick: the shared pool "), verdicts.get(0));
        assertTrue(verdicts.get(1).startsWith("deciding time a tick: the shared pool "), verdicts.get(1));
        for (String verdict : verdicts) {
            assertTrue(verdict.contains(" against the separate budgets ") && verdict.contains(" over 5 rounds: "), verdict);
        }
    }

    @Test
    void aMillisecondComparisonSplitsTheMillisecondsByWeight() {
        DemoRun run = DemoRun.of("--shared-budget", "ms:1", "--weights", "1,1,2", "--compare", "--npcs", "500",
                "--ticks", "10", "--policy", "SISO");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("| separate ms:0.250, ms:0.250, ms:0.500 |"), run.out());
        assertTrue(run.out().contains("| shared ms:1, weights 1:1:2 |"), run.out());
        assertTrue(run.out().contains("compare: 500 NPCs, SISO"), run.out());
    }

    @Test
    void theFacingScenesSummarySplitsTheTurnsIntoTicksWithABatchStartAndWithout() {
        // a batch of 2,000 every 10 ticks: 18 batch starts, 12 of them after the first second's ticks
        DemoRun run = DemoRun.of("--npcs", "2000", "--ticks", "180", "--budget", "jobs:200", "--policy", "SISO");
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = run.out().lines().toList();
        int without = lines.indexOf(lines.stream().filter(line -> line.startsWith("decision turns in the ")).findFirst()
                .orElseThrow());
        assertTrue(Pattern.matches("decision turns in the 108 ticks without a batch start: median [0-9.]+ ms, p99 [0-9.]+,"
                + " max [0-9.]+", lines.get(without)), run.out());
        assertTrue(Pattern.matches("decision turns in the 12 ticks that started a batch: p99 [0-9.]+ ms, of which the"
                + " batch start alone p99 [0-9.]+, one piece no time budget divides", lines.get(without + 1)), run.out());
        assertTrue(Pattern.matches("budget jobsPerTick\\(200\\), a job [0-9.]+ ms, the median over the ticks of each"
                + " turn over its jobs; the budget counts jobs, not milliseconds, so no turn is counted against it",
                lines.get(without + 2)), run.out());
        assertEquals("left out: the first 60 ticks, the JIT's warm-up", lines.get(without + 3), run.out());
        // a time budget's lines count the ticks over it, then say what to conclude
        DemoRun timed = DemoRun.of("--npcs", "2000", "--ticks", "150", "--budget", "ms:0.01"); // never a batch a tick
        assertEquals(0, timed.exitCode(), timed.err());
        List<String> timedLines = timed.out().lines().toList();
        int count = timedLines.indexOf(timedLines.stream().filter(line -> line.startsWith("budget millisPerTick(0.01), "))
                .findFirst().orElseThrow());
        assertTrue(Pattern.matches("budget millisPerTick\\(0.01\\), a job [0-9.]+ ms, the median over the ticks of each"
                + " turn over its jobs: \\d+ of the \\d+ turns without a batch start took longer than the budget plus"
                + " a job", timedLines.get(count)), timed.out());
        assertTrue(timedLines.get(count + 1).startsWith("So "), timed.out());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--shared-budget hz:30                      | --shared-budget takes jobs:N or ms:M a tick, was 'hz:30': not a pool of jobs or milliseconds",
            "--shared-budget jobs:0                     | was 'jobs:0': jobs per tick must be at least 1, was 0",
            "--shared-budget jobs:1.5                   | was 'jobs:1.5': '1.5' is not a whole number of jobs",
            "--shared-budget jobs:99999999999           | jobs per tick must be at most 2147483647, was 99999999999",
            "--shared-budget ms:-1                      | was 'ms:-1': milliseconds per tick must be positive and finite, was -1.0",
            "--shared-budget ms:NaN                     | must be positive and finite, was NaN",
            "--shared-budget ms:soon                    | 'soon' is not a number",
            "--shared-budget jobs:400 --weights 3,2     | --weights takes 3 weights, for facing, alertness, wander, was '3,2'",
            "--shared-budget jobs:400 --weights 3,0,1   | --weights must be positive and finite, was '3,0,1'",
            "--shared-budget jobs:400 --weights 3,2,Infinity | --weights must be positive and finite, was '3,2,Infinity'",
            "--shared-budget jobs:400 --weights 3,x,1   | --weights takes comma-separated numbers, and 'x' is not one, in '3,x,1'",
            "--weights 3,2,1                            | --weights weighs the shares of --shared-budget: give --shared-budget too",
            "--shared-budget jobs:400 --budget jobs:50  | --budget is the one decision system's",
            "--shared-budget jobs:400 --scene paths     | --shared-budget applies to --scene facing, not paths",
            "--shared-budget jobs:400 --tiers 1,4       | --tiers applies to the scene of one decision system, not --shared-budget",
            "--shared-budget jobs:400 --churn 5         | --churn applies to the scene of one decision system",
            "--shared-budget jobs:400 --gif out         | --gif applies to the scene of one decision system",
            "--shared-budget jobs:2 --compare           | --compare gives each system its part of the pool as a budget of its own: jobs:2 with weights 3:2:1 leaves",
    })
    void badSharedBudgetOptionsGiveAOneLineErrorAndExitCodeTwoBeforeAnyWork(String args, String named) {
        DemoRun run = DemoRun.of(args.trim().split("\\s+"));
        run.assertOneLineError(named.trim());
        assertEquals("", run.out(), "nothing ran");
    }
}
