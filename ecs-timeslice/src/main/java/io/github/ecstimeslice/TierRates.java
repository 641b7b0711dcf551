package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * Each tier's decisions per game second, for a {@link TierSchedule}: the slots its entities have
 * in the batch in progress, and a window of the last (longest period) batches completed, which
 * hold every phase of every tier, so a slow tier's rate counts every batch of its period, not just
 * the last that held it. One per set of tiers: the schedule makes a new one when its periods
 * change.
 *
 * <p>A batch start costs O(tiers + longest period); a slot counted or dropped, O(1). Memory: an int
 * per tier and batch of the window, and a double per batch. Its owner reads the fields directly.
 */
final class TierRates {

    /** Per tier: the slots its entities have in the batch in progress. */
    final int[] slots;
    /** Per tier: decisions per game second over the window; zero until a batch of these tiers completed. */
    final double[] decisionsPerSecond;
    /** The window, a ring by batch index: each batch's slots per tier and its length; and the slots' sums per tier. */
    private final int[][] recentSlots;
    private final double[] recentSeconds;
    private final long[] windowSlots;
    /** False until a batch started with these tiers: the batch before it is not theirs. */
    private boolean batchStarted;

    TierRates(int tiers, int longestPeriod) {
        slots = new int[tiers];
        decisionsPerSecond = new double[tiers];
        recentSlots = new int[tiers][longestPeriod];
        recentSeconds = new double[longestPeriod];
        windowSlots = new long[tiers];
    }

    /**
     * The slot of an entity counted in {@code tier} when the batch in progress began was dropped
     * before its job: one slot fewer, unless none were counted (the tiers changed since). O(1).
     */
    void slotDropped(int tier) {
        if (slots[tier] > 0) {
            slots[tier]--;
        }
    }

    /**
     * Batch {@code k} starts, so batch k - 1 is complete, having lasted {@code endedSeconds} of game
     * time: its slots and length join the window of the last (longest period) batches, and each
     * tier's decisions per second are its slots over the window's length. O(tiers + longest period).
     */
    void batchStarting(long k, double endedSeconds) {
        if (batchStarted) {
            int at = PortableMath.floorMod(k - 1, recentSeconds.length);
            recentSeconds[at] = endedSeconds;
            double windowSeconds = 0; // summed afresh: a running sum would keep the error of one huge length
            for (double length : recentSeconds) {
                windowSeconds += length;
            }
            for (int tier = 0; tier < slots.length; tier++) {
                windowSlots[tier] += slots[tier] - recentSlots[tier][at];
                recentSlots[tier][at] = slots[tier];
                decisionsPerSecond[tier] = windowSeconds > 0 ? windowSlots[tier] / windowSeconds : 0;
            }
        }
        Arrays.fill(slots, 0);
        batchStarted = true;
    }
}
