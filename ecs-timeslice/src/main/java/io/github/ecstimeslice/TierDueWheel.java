package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * The entities of a thinned {@link ParallelIteratingSystem} filed by the tick they are due in: a
 * timing wheel of B bit sets over entity ids (B a power of two, at most {@value #MAX_BUCKETS}),
 * bucket {@code k & (B - 1)} holding the ids due in tick {@code k}. An id due further ahead than the
 * wheel reaches waits in the farthest bucket and is filed again when it comes up. A tick
 * {@link #drain}s one bucket, 64 ids a word, in ascending id order: O(ids / 64 + due ids), not
 * O(entities).
 *
 * <p>Memory: B bits per entity id up to the highest seen. The owner keeps each id's bucket.
 */
final class TierDueWheel {

    static final int MAX_BUCKETS = 64;

    /** Bucket b: a bit per entity id, set if the id is filed there. */
    private final long[][] buckets;
    private final int mask;
    private int ids;

    /** A wheel reaching {@code reach} batches ahead (at most {@value #MAX_BUCKETS}), for ids below {@code ids}. */
    TierDueWheel(int reach, int ids) {
        int count = Math.min(MAX_BUCKETS, Integer.highestOneBit(Math.max(1, reach) * 2 - 1));
        buckets = new long[count][0];
        mask = count - 1;
        ensureIds(ids);
    }

    /** Makes room for ids below {@code ids}. */
    void ensureIds(int ids) {
        if (ids > this.ids) {
            int grown = Math.max(ids, this.ids + (this.ids >> 1));
            for (int b = 0; b < buckets.length; b++) {
                buckets[b] = Arrays.copyOf(buckets[b], words(grown));
            }
            this.ids = grown;
        }
    }

    /**
     * Files the id (below the room made) for tick {@code due}, seen from tick {@code now}: in its bucket if the wheel reaches it, else in the farthest.
     * Returns the bucket.
     */
    int file(int entityId, int due, int now) {
        int bucket = (due - now <= mask ? due : now + mask) & mask;
        buckets[bucket][entityId >>> 6] |= 1L << entityId;
        return bucket;
    }

    /**
     * Takes every id out of tick {@code k}'s bucket into {@code ids} (room for them all),
     * ascending; returns how many. Those due later than {@code k} (filed in the farthest bucket)
     * are among them: the caller files them again. O(ids / 64 + ids drained).
     */
    int drain(int k, int[] ids) {
        long[] bucket = buckets[k & mask];
        int count = 0;
        for (int word = 0, words = bucket.length; words > word; word++) {
            long bits = bucket[word];
            if (bits == 0) {
                continue;
            }
            bucket[word] = 0;
            for (; bits != 0; bits &= bits - 1) { // each set bit, lowest first: ids ascend
                ids[count++] = word << 6 | Long.numberOfTrailingZeros(bits);
            }
        }
        return count;
    }

    /** The bucket an id due in {@code due} is filed in, if it was filed within the wheel's reach. */
    int bucketOf(int due) {
        return due & mask;
    }

    /** Takes the id out of {@code bucket}. */
    void unfile(int entityId, int bucket) {
        buckets[bucket][entityId >>> 6] &= ~(1L << entityId);
    }

    private static int words(int ids) {
        return (ids + 63) >>> 6;
    }
}
