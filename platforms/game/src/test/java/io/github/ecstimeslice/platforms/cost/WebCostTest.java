package io.github.ecstimeslice.platforms.cost;

import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WebCostTest {

    /** The decisions line: each world's count. */
    static final Pattern DECISIONS = Pattern.compile("decisions (\\d+) (\\d+) (\\d+) (\\d+)");

    @Test
    void everyWorldMakesATenthOfItsNpcsDecideEachTickIncludingTheWarmUpRound() {
        String report = WebCost.run(100, 1, 5);
        Matcher decisions = DECISIONS.matcher(report);
        assertTrue(decisions.find(), report);
        // 10 a tick, over the warm-up round and one measured round of 5 ticks
        for (int world = 1; world <= 4; world++) {
            assertEquals("100", decisions.group(world), report);
        }
    }

    @Test
    void theRecordingWalkerKeepsTheRecordsTheHistoryKeeps() {
        String report = WebCost.run(200, 1, 7);
        Matcher records = Pattern.compile("\nnewest records (\\S+) (\\S+)$").matcher(report);
        assertTrue(records.find(), report);
        // 20 a tick over 14 ticks (a round to warm up, then one): the NPCs walked 81st to 200th
        // last decided in ticks 4 to 9, the first 80 again in ticks 10 to 13; tick t ends at
        // (t + 1) / 64 s; all 200 face the target
        long ticks = 20 * (4 + 5 + 6 + 7 + 8 + 9) + 20 * (10 + 11 + 12 + 13);
        assertTrue(records.group(1).startsWith(ticks + "/" + (ticks + 200) / 64.0 + "/"), report);
        assertTrue(records.group(1).endsWith("/200"), report);
        assertEquals(records.group(1), records.group(2), report);
    }

    @Test
    void theReportGivesEachDecidersTickAndTheTimeslicedOnesOverTheWalker() {
        String report = WebCost.run("200", "2", "3");
        assertTrue(report.startsWith("cost of 200 NPCs, 20 decisions a tick, 2 rounds of 3 ticks"), report);
        assertTrue(Pattern.compile("\nwalker \\d+\\.\\d us a tick\n").matcher(report).find(), report);
        for (String other : new String[] {"AIAO-nohistory", "walker\\+records2"}) {
            assertTrue(Pattern.compile("\n" + other + " \\d+\\.\\d us a tick, \\d+\\.\\d{3} of the walker\n")
                    .matcher(report).find(), report);
        }
        assertTrue(Pattern.compile("\nAIAO-depth1 \\d+\\.\\d us a tick, \\d+\\.\\d{3} of the walker, "
                + "\\d+\\.\\d{3} of the recording walker\n").matcher(report).find(), report);
    }

    @Test
    void badArgumentsAreRefusedNamingTheValueWithTheUsage() {
        String usage = "usage: " + WebCost.USAGE + "; ";
        assertEquals(usage + "NPCS must be a whole number from 10 to 10000000, was many",
                assertThrows(IllegalArgumentException.class, () -> WebCost.run("many")).getMessage());
        assertEquals(usage + "was given 2 arguments",
                assertThrows(IllegalArgumentException.class, () -> WebCost.run("100", "5")).getMessage());
        assertEquals(usage + "NPCS must be a whole number from 10 to 10000000, was 9",
                assertThrows(IllegalArgumentException.class, () -> WebCost.run("9")).getMessage());
        assertEquals(usage + "ROUNDS must be a whole number from 1 to 1000, was 0",
                assertThrows(IllegalArgumentException.class, () -> WebCost.run("100", "0", "300")).getMessage());
        assertEquals(usage + "TICKS must be a whole number from 1 to 1000000, was 99999999999",
                assertThrows(IllegalArgumentException.class, () -> WebCost.run("100", "5", "99999999999")).getMessage());
        assertEquals("ticks must be at least 1, was 0",
                assertThrows(IllegalArgumentException.class, () -> WebCost.run(100, 5, 0)).getMessage());
    }

    @Test
    void fixedRoundsToTheDigitsWithoutASignOnZero() {
        assertEquals("1.235", WebCost.fixed(1.2345, 3));
        assertEquals("12.0", WebCost.fixed(12, 1));
        assertEquals("0.1", WebCost.fixed(0.05, 1));
        assertEquals("0.0", WebCost.fixed(-0.04, 1));
        assertEquals("-2.50", WebCost.fixed(-2.5, 2));
        assertEquals("3", WebCost.fixed(3.2, 0));
        assertEquals("1.007", WebCost.fixed(1.0069, 3));
        assertEquals("n/a", WebCost.fixed(Double.POSITIVE_INFINITY, 3));
        assertEquals("n/a", WebCost.fixed(0.0 / 0.0, 3));
    }
}
