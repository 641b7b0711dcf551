package io.github.ecstimeslice.demo.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LiveTimesTest {

    private static final long MS = 1_000_000;

    @Test
    void theSummaryLeavesOutTheWarmUpAndSaysSo() {
        LiveTimes times = new LiveTimes(LiveTimes.warmUpTicks(600, 60));
        for (int tick = 0; tick < 600; tick++) {
            boolean warm = tick >= 60;
            times.add((warm ? 2 : 17) * MS, (warm ? 1 : 10) * MS, MS);
        }
        String summary = times.summaryText("decide", "animate");
        assertTrue(summary.startsWith("2.000 ms/tick (decide 1.000, animate 1.000)"), "the steady mean, not 3.5: " + summary);
        assertTrue(summary.contains("over the 540 ticks after the first 60 (the first game second, the JIT's warm-up, left out)"),
                summary);
        assertTrue(summary.contains("unthrottled: "), summary);
    }

    @Test
    void aShortRunLeavesOutNothingAndSaysSo() {
        assertEquals(0, LiveTimes.warmUpTicks(120, 60));
        LiveTimes times = new LiveTimes(0);
        times.add(4 * MS, 2 * MS, 2 * MS);
        times.add(2 * MS, MS, MS);
        String summary = times.summaryText("decide", "animate");
        assertTrue(summary.startsWith("3.000 ms/tick"), summary);
        assertTrue(summary.contains("over all 2 ticks (no warm-up left out"), summary);
    }

    @Test
    void aReportLeadsWithMillisecondsATickAndSaysWhatTicksASecondAre() {
        LiveTimes times = new LiveTimes(0);
        times.add(2 * MS, MS, MS);
        String report = times.reportText(times.wallStart + 10 * MS, "decide", "animate");
        assertTrue(report.startsWith(" 2.000 ms/tick (decide  1.000, animate  1.000)"), report);
        assertTrue(report.endsWith("unthrottled:   100.0 ticks/s of wall time"), report);
    }
}
