package io.github.ecstimeslice.demo.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A comparison's verdict in words, from two contenders' figures over the rounds. */
class CompareVerdictTest {

    @Test
    void rangesThatOverlapMeanNoClearDifferenceOnThisMachine() {
        // the runs: AIAO 9.41 against interval 7.64 in one, 2.75 against 3.43 in the next
        Spread aiao = Spread.of(9.41, 2.75, 3.10, 2.90, 3.00);
        Spread interval = Spread.of(7.64, 3.43, 3.50, 3.60, 3.20);
        assertEquals("p99 tick: AIAO 3.000 (2.750 to 9.410) ms against interval 3.500 (3.200 to 7.640) ms over 5 rounds:"
                        + " the ranges overlap, so no clear difference on this machine, though AIAO was lower in 4"
                        + " of the 5 rounds.",
                CompareVerdict.of("p99 tick", "%.3f", "ms", "AIAO", aiao, "interval", interval));
    }

    @Test
    void overlappingRangesWithNeitherLowerMoreOftenSayNoMore() {
        assertEquals("p99 tick: a 2.000 (1.000 to 4.000) ms against b 2.500 (1.500 to 3.500) ms over 5 rounds:"
                        + " the ranges overlap, so no clear difference on this machine.",
                CompareVerdict.of("p99 tick", "%.3f", "ms", "a", Spread.of(1, 4, 2, 2, 3), "b",
                        Spread.of(1.5, 3.5, 2, 2.5, 3)));
    }

    @Test
    void rangesApartNameTheLowerOne() {
        Spread aiao = Spread.of(1.00, 1.10, 0.90, 1.05, 0.95);
        Spread interval = Spread.of(3.60, 3.70, 3.50, 3.90, 3.40);
        assertEquals("p99 tick: AIAO 1.000 (0.900 to 1.100) ms against interval 3.600 (3.400 to 3.900) ms over 5 rounds:"
                        + " AIAO was lower in every round, a clear difference.",
                CompareVerdict.of("p99 tick", "%.3f", "ms", "AIAO", aiao, "interval", interval));
        assertEquals("p99 tick: interval 3.600 (3.400 to 3.900) ms against AIAO 1.000 (0.900 to 1.100) ms over 5 rounds:"
                        + " interval was higher in every round, a clear difference.",
                CompareVerdict.of("p99 tick", "%.3f", "ms", "interval", interval, "AIAO", aiao));
    }

    @Test
    void fewerRoundsThanFiveTellNothing() {
        assertEquals("paths a second: ours 145 (140 to 150) paths/s against gdx-ai 91 (90 to 92) paths/s over 2 rounds:"
                        + " too few to tell a difference from the machine's noise.",
                CompareVerdict.of("paths a second", "%.0f", "paths/s", "ours", Spread.of(140, 150), "gdx-ai",
                        Spread.of(90, 92)));
    }
}
