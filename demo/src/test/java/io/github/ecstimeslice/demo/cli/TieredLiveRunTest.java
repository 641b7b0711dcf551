package io.github.ecstimeslice.demo.cli;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A tiered live run's per-tier lines, read as a newcomer reads them. */
class TieredLiveRunTest {

    private static final Pattern MAX = Pattern.compile("max ([0-9.]+) s");
    private static final String MOVED_UP = "NPCs just moved up from a slower tier";

    @Test
    void aTiersAgeMaxAboveItsOwnPeriodSaysItCountsNpcsThatMovedUpIntoIt() {
        // at 0.1 s a batch, tier 1 decides every 0.4 s (0.5 s and a tick with the batch in progress)
        DemoRun run = DemoRun.of("--npcs", "2000", "--tiers", "1,4,16", "--budget", "every:0.1", "--seconds", "3");
        assertEquals(0, run.exitCode(), run.err());
        List<String> tierLines = run.out().lines().filter(line -> line.startsWith("  tier ")).toList();
        assertEquals(9, tierLines.size(), "three tiers a second: " + run.out());
        boolean movedUpSeen = false;
        for (String line : tierLines) {
            Matcher max = MAX.matcher(line);
            assertTrue(max.find(), line);
            double seconds = Double.parseDouble(max.group(1));
            if (line.startsWith("  tier 2 ")) {
                assertFalse(line.contains(MOVED_UP), "none moves up into the slowest tier: " + line);
            } else if (line.startsWith("  tier 1 ") && seconds > 0.55) {
                assertTrue(line.contains("(max over the tier's own 0.517 s: " + MOVED_UP + ")"), line);
                movedUpSeen = true;
            } else if (seconds < 0.2) {
                assertFalse(line.contains(MOVED_UP), "a max within the tier's period needs no note: " + line);
            }
        }
        assertTrue(movedUpSeen, "the player's walk moves NPCs up into tier 1: " + run.out());
    }
}
