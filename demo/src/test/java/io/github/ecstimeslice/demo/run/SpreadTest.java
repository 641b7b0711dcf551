package io.github.ecstimeslice.demo.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A figure's median over the rounds and its range. */
class SpreadTest {

    @Test
    void theMedianOfAnOddCountIsTheMiddleOneAndTheRangeTheLeastAndTheMost() {
        Spread spread = Spread.of(9.41, 2.75, 3.1, 2.9, 3.0);
        assertEquals(3.0, spread.median());
        assertEquals(2.75, spread.min());
        assertEquals(9.41, spread.max());
        assertEquals(5, spread.rounds());
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, Spread.of(4, 1, 3, 2).median());
    }

    @Test
    void oneDisturbedRoundMovesTheRangeButNotTheMedian() {
        assertEquals(Spread.of(1, 2, 3, 4, 5).median(), Spread.of(1, 2, 3, 4, 500).median());
        assertEquals(500, Spread.of(1, 2, 3, 4, 500).max());
    }

    @Test
    void theTextIsTheMedianThenTheRangeOrTheMedianAloneForOneRound() {
        assertEquals("3.000 (2.750 to 9.410)", Spread.of(9.41, 2.75, 3.1, 2.9, 3.0).text("%.3f"));
        assertEquals("12000", Spread.of(12000).text("%.0f"));
    }

    @Test
    void rangesOverlapWhenTheyShareAValue() {
        assertTrue(Spread.of(1, 3).overlaps(Spread.of(3, 5)));
        assertTrue(Spread.of(1, 9).overlaps(Spread.of(3, 5)));
        assertFalse(Spread.of(1, 2.9).overlaps(Spread.of(3, 5)));
        assertFalse(Spread.of(6, 7).overlaps(Spread.of(3, 5)));
    }

    @Test
    void roundsBelowComparesEachRoundWithTheOthersOfTheSameRound() {
        Spread a = Spread.of(1, 5, 2, 6, 3);
        Spread b = Spread.of(2, 4, 3, 5, 3);
        assertEquals(2, a.roundsBelow(b)); // rounds 0 and 2; round 4 is a tie
        assertEquals(2, b.roundsBelow(a));
        assertEquals(1, Spread.of(1, 9).roundsBelow(Spread.of(2)), "only the rounds both were measured in");
    }

    @Test
    void aSpreadNeedsAFigure() {
        assertThrows(IllegalArgumentException.class, Spread::of);
    }
}
