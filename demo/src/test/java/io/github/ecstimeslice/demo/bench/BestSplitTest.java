package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BestSplitTest {

    @Test
    void findsTheEvenSplitWhereThereIsOne() {
        assertEquals(1.0, BestSplit.mostOverLeast(new double[]{9, 1, 8, 1, 7, 1, 6, 1, 5, 1}, 2), 1e-12);
        assertEquals(1.0, BestSplit.mostOverLeast(new double[]{3, 3, 2, 1, 1, 2}, 3), 1e-12);
    }

    @Test
    void givesTheLeastGapWhereNoSplitIsEven() {
        assertEquals(4.0 / 3, BestSplit.mostOverLeast(new double[]{4, 2, 1}, 2), 1e-12);
    }

    @Test
    void searchesNoMoreThanFiveGroups() {
        assertTrue(Double.isNaN(BestSplit.mostOverLeast(new double[]{1, 2, 3, 4, 5, 6}, 6)));
    }
}
