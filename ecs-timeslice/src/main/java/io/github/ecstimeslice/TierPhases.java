package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * Which phase of its tier a {@link TierSchedule}'s entity takes when it takes a new one: the
 * tier's next, round robin, so a tier's entities spread evenly over its phases; or, in a tier
 * with 8 blocks' worth of entities a phase or more, the phase of its block of 512 neighbouring
 * ids, a block taking the phase with the fewest entities when its first entity takes one. A
 * batch's entities of a large slow tier then come in runs of neighbouring ids, whose components
 * and history entries the memory streams in, however the entities move between tiers. Each new
 * block evens the phases out: with a tier's blocks filled as they are handed out, no phase holds
 * more than a block (an eighth of the mean) over the fewest, whatever ids the tier has.
 *
 * <p>A phase costs O(1); a block's first, O(period). Memory: an int per tier, and once a tier
 * shares phases by block, an int per block of ids. One per set of tiers: the schedule makes a new
 * one when its periods change.
 */
final class TierPhases {

    /** Ids per block (512): a tier's entities in one block share a phase, once the tier is large. */
    private static final int BLOCK_BITS = 9;
    /** A tier shares phases by block from this many entities per phase on: 8 blocks' worth. */
    private static final int BLOCK_MODE_PER_PHASE = 8 << BLOCK_BITS;

    /** Per tier: the phase it handed out last; and, once it shares phases by block, each block's phase + 1 (0: none yet). */
    private final int[] last;
    private final int[][] blockPhases;

    TierPhases(int tiers) {
        last = new int[tiers];
        Arrays.fill(last, -1); // the first hand-out moves to phase 0
        blockPhases = new int[tiers][];
    }

    /**
     * The phase for entity {@code entityId} of {@code tier} to take, the tier having {@code period},
     * {@code entities} entities, and {@code counts} waiting per phase; {@code ids}: the entity ids
     * the schedule has room for.
     */
    int hand(int entityId, int tier, int period, int entities, int ids, int[] counts) {
        if (entities < BLOCK_MODE_PER_PHASE * period) {
            return last[tier] = last[tier] + 1 >= period ? 0 : last[tier] + 1;
        }
        int block = entityId >>> BLOCK_BITS;
        int[] phases = blockPhases[tier];
        if (phases == null || block >= phases.length) {
            phases = blockPhases[tier] = Arrays.copyOf(phases == null ? new int[0] : phases,
                    Math.max(block + 1, (ids >>> BLOCK_BITS) + 1));
        }
        if (phases[block] == 0) {
            phases[block] = fewestEntities(counts) + 1;
        }
        return phases[block] - 1;
    }

    /** The phase with the fewest entities waiting, the first of equals. O(period). */
    private static int fewestEntities(int[] counts) {
        int fewest = 0;
        for (int phase = 1; phase < counts.length; phase++) {
            if (counts[phase] < counts[fewest]) {
                fewest = phase;
            }
        }
        return fewest;
    }
}
