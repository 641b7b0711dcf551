package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.LogHistogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TurnSplitTest {

    private static final long MS = 1_000_000;

    @Test
    void aTurnPastItsBudgetByMoreThanItsOwnLongestJobIsCountedAndTheOthersAreNot() {
        TurnSplit split = new TurnSplit(1).timedJobs(new LogHistogram(), 2, "search");
        split.add(9 * MS, false, 0, 3, 1 * MS); // the warm-up tick: left out
        split.add(2_500_000, false, 0, 3, 1 * MS); // within budget + its longest job
        split.add(3_500_000, false, 0, 3, 1 * MS); // past it by half a millisecond
        split.add(9 * MS, true, 8, 3, 1 * MS); // a batch start: counted apart
        split.add(5 * MS, false, 0, 3, 4 * MS); // a long job: within
        String summary = split.summary("planning turns", "millisPerTick(2.0)", 2);
        assertTrue(summary.contains(", 1 of 3 longer than the budget plus their own longest search"), summary);
        assertTrue(summary.contains("So the budget held to within the longest search each tick ran but in 1 of 3 ticks"),
                summary);
    }

    @Test
    void aBudgetOfJobsCountsNoTurnAgainstItAndSaysWhy() {
        TurnSplit split = new TurnSplit(0).timedJobs(new LogHistogram(), Double.NaN, "search");
        split.add(9 * MS, false, 0, 3, 1 * MS);
        String summary = split.summary("planning turns", "jobsPerTick(3)", Double.NaN);
        assertFalse(summary.contains("their own longest"), summary);
        assertFalse(summary.contains("So "), "no verdict on a budget of jobs: " + summary);
        assertTrue(summary.contains("budget jobsPerTick(3), a search's p99 n/a ms, each search timed; the budget counts"
                + " jobs, not milliseconds, so no turn is counted against it"), summary);
    }

    @Test
    void noLineNestsParenthesesAndEachSaysWhatItMeasures() {
        TurnSplit split = facingTurns();
        List<String> lines = split.summary("decision turns", "millisPerTick(0.5)", 0.5).lines().toList();
        for (String line : lines) {
            int depth = 0;
            for (char c : line.toCharArray()) {
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                assertTrue(depth <= 1, "nested parentheses: " + line);
            }
        }
        assertTrue(lines.get(0).startsWith("decision turns in the 8 ticks without a batch start: median "), lines.get(0));
        assertTrue(lines.get(1).startsWith("decision turns in the 2 ticks that started a batch: p99 "), lines.get(1));
        assertTrue(lines.get(1).contains("of which the batch start alone p99 "), lines.get(1));
        assertEquals("left out: the first tick, the JIT's warm-up", lines.get(lines.size() - 1));
    }

    @Test
    void aTimeBudgetsTicksPastItAreCountedThenASentenceSaysWhatToConclude() {
        List<String> lines = facingTurns().summary("decision turns", "millisPerTick(0.5)", 0.5).lines().toList();
        int count = lines.size() - 3;
        // a job of 0.05 ms (0.6 ms over 12 jobs); 4 turns at 0.6 ms and one at 3 ms: past 0.55
        assertTrue(lines.get(count).startsWith("budget millisPerTick(0.5), a job 0.050 ms, the median over the ticks"
                + " of each turn over its jobs: 5 of the 8 turns without a batch start took longer than the budget plus"
                + " a job"), lines.get(count));
        assertTrue(lines.get(count + 1).startsWith("So on a budget of 0.500 ms, half the turns ended by "),
                lines.get(count + 1));
    }

    /** Ten facing ticks after one left out: three at 0.4 ms, four at 0.6, one at 3 (a pause), two batch starts. */
    private static TurnSplit facingTurns() {
        TurnSplit split = new TurnSplit(1);
        split.add(20 * MS, true, 15, 12); // left out
        for (int i = 0; i < 3; i++) {
            split.add(400_000, false, 0, 8);
        }
        for (int i = 0; i < 4; i++) {
            split.add(600_000, false, 0, 12);
        }
        split.add(3 * MS, false, 0, 12);
        split.add(2 * MS, true, 1.5, 12);
        split.add(2 * MS, true, 1.5, 12);
        return split;
    }
}
