package io.github.ecstimeslice;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ShareSplit}: the water filling a shared budget splits its pool with, without a world. */
class ShareSplitTest {

    private static final double ANY = Double.POSITIVE_INFINITY;

    private static double[] split(double pool, boolean whole, double[] weights, double[] wants) {
        ShareSplit split = new ShareSplit();
        split.split(pool, weights, wants, weights.length, whole);
        return Arrays.copyOf(split.parts, weights.length);
    }

    @Test
    void sharesWantingMoreThanThePoolSplitItByWeight() {
        assertArrayEquals(new double[]{9, 3}, split(12, true, new double[]{3, 1}, new double[]{ANY, ANY}));
        assertArrayEquals(new double[]{1.5e6, 0.5e6}, split(2e6, false, new double[]{3, 1}, new double[]{ANY, ANY}), 1e-6);
    }

    @Test
    void aShareWantingLessThanItsPartGetsItsWantAndTheOthersTheRest() {
        assertArrayEquals(new double[]{2, 8}, split(10, true, new double[]{1, 1}, new double[]{2, ANY}));
        assertArrayEquals(new double[]{8, 2}, split(10, true, new double[]{1, 1}, new double[]{ANY, 2}));
        // the second capped: the first and third share the rest by weight, 2 : 1
        assertArrayEquals(new double[]{12, 1, 6}, split(19, true, new double[]{2, 2, 1}, new double[]{ANY, 1, ANY}));
    }

    @Test
    void everyShareWantingWorkGetsAJobThenTheHeaviestWhenThePoolIsShort() {
        assertArrayEquals(new double[]{2, 1}, split(3, true, new double[]{100, 1}, new double[]{ANY, ANY}));
        assertArrayEquals(new double[]{1, 0, 1}, split(2, true, new double[]{5, 1, 5}, new double[]{ANY, ANY, ANY}));
        assertArrayEquals(new double[]{0, 4}, split(4, true, new double[]{1, 1}, new double[]{0, ANY}), "no work: nothing");
    }

    /** The split table of docs/timing.md (Several systems), row by row. */
    @Test
    void theSplitTableOfTheTimingDocHolds() {
        double[] weights = {2, 1, 1};
        assertArrayEquals(new double[]{6, 3, 3}, split(12, true, weights, new double[]{ANY, ANY, ANY}));
        assertArrayEquals(new double[]{7, 1, 4}, split(12, true, weights, new double[]{ANY, 1, ANY}));
        assertArrayEquals(new double[]{2, 5, 5}, split(12, true, weights, new double[]{2, ANY, ANY}));
        assertArrayEquals(new double[]{0, 6, 6}, split(12, true, weights, new double[]{0, ANY, ANY}));
        assertArrayEquals(new double[]{1, 1, 0}, split(2, true, weights, new double[]{ANY, ANY, ANY}));
        assertArrayEquals(new double[]{1, 0.5, 0.5}, split(2, false, weights, new double[]{ANY, ANY, ANY}), 1e-12);
        assertArrayEquals(new double[]{1.2, 0.2, 0.6}, split(2, false, weights, new double[]{ANY, 0.2, ANY}), 1e-12);
    }

    @Test
    void wholeJobsAddUpToThePoolWhenTheSharesWantIt() {
        Random random = new Random(7);
        for (int run = 0; run < 500; run++) {
            int count = 1 + random.nextInt(6);
            double[] weights = new double[count];
            double[] wants = new double[count];
            double wanted = 0;
            for (int i = 0; i < count; i++) {
                weights[i] = 0.1 + random.nextInt(50) / 7.0;
                wants[i] = random.nextInt(4) == 0 ? ANY : random.nextInt(30);
                wanted += wants[i];
            }
            int pool = 1 + random.nextInt(100);
            double[] parts = split(pool, true, weights, wants);
            double given = 0;
            for (int i = 0; i < count; i++) {
                assertEquals(Math.floor(parts[i]), parts[i], "whole jobs: " + Arrays.toString(parts));
                assertTrue(parts[i] <= wants[i], "no share gets more than it wants: " + Arrays.toString(parts));
                given += parts[i];
            }
            assertEquals(Math.min(pool, wanted), given, "run " + run + ": " + Arrays.toString(parts) + " of "
                    + pool + " for " + Arrays.toString(wants));
        }
    }
}
