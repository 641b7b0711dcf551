package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.LogHistogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

class TurnSplitTest {

    private static final long MS = 1_000_000;

    @Test
    void aTurnPastItsBudgetByMoreThanItsOwnLongestJobIsCountedAndTheOthersAreNot() {
        TurnSplit split = new TurnSplit(1).timedJobs(new LogHistogram(), 2);
        split.add(9 * MS, false, 0, 3, 1 * MS); // the warm-up tick: left out
        split.add(2_500_000, false, 0, 3, 1 * MS); // within budget + its longest job
        split.add(3_500_000, false, 0, 3, 1 * MS); // past it by half a millisecond
        split.add(9 * MS, true, 8, 3, 1 * MS); // a batch start: counted apart
        split.add(5 * MS, false, 0, 3, 4 * MS); // a long job: within
        String summary = split.summary("millisPerTick(2.0)", 2);
        assertTrue(summary.contains(", 1 of 3 above budget + their own longest job"), summary);
    }

    @Test
    void aBudgetOfJobsCountsNoTurnAgainstTheLongestJob() {
        TurnSplit split = new TurnSplit(0).timedJobs(new LogHistogram(), Double.NaN);
        split.add(9 * MS, false, 0, 3, 1 * MS);
        String summary = split.summary("jobsPerTick(3)", Double.NaN);
        assertTrue(!summary.contains("their own longest job"), summary);
    }
}
