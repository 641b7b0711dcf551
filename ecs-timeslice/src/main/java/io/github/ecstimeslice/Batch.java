package io.github.ecstimeslice;

import com.artemis.utils.BitVector;
import com.artemis.utils.IntBag;

import java.util.Arrays;

/**
 * One batch of a {@link TimeslicedSystem}: a job slot per entity subscribed when it started, in
 * ascending id order, each with its input object (and its output object, with no history); the position of the next slot to start; the slots dropped (their
 * entity left, or their job failed). The slots are reused from batch to batch and grow only when
 * a batch is larger than any before it. Its owner and the job runners read the fields directly.
 */
final class Batch {

    /** The entities' ids, ascending; {@code keys[0, size)} are this batch's. */
    int[] keys = new int[0];
    /** Per slot, the input object its job reads. */
    Object[] inputs = new Object[0];
    /** Per slot, the output object its job writes, with no history (null else: jobs write their entity's own). */
    Object[] outputs = new Object[0];
    int size;
    /** The next slot to start; the slots before it were started or dropped. */
    int position;
    /** With sync output, the first slot whose output the batch's end has not saved yet. */
    int stagedSaved;
    /** The policy this batch started with. */
    IoPolicy policy;
    /** Batches started so far, this one included. */
    long batchesStarted;
    private final BitVector dropped = new BitVector();
    /** Drop marks in this batch (a slot may be marked twice): 0 if and only if no slot is dropped. */
    private int droppedCount;

    Batch(IoPolicy policy) {
        this.policy = policy;
    }

    /** True once every slot was started or dropped. */
    boolean finished() {
        return position == size;
    }

    /**
     * Starts the next batch under {@code policy} with the ids of {@code entities} (ascending, at
     * most the capacity {@link #ensureCapacity} made) that {@code schedule} says are due: all of
     * them with one tier. O(entities).
     */
    void start(IntBag entities, IoPolicy policy, TierSchedule schedule) {
        size = schedule.tiered()
                ? schedule.compose(keys, nextIndex())
                : copy(entities, keys);
        position = 0;
        stagedSaved = 0;
        batchesStarted++;
        if (droppedCount != 0) {
            dropped.clear();
            droppedCount = 0;
        }
        this.policy = policy;
    }

    /** A loop, not {@code System.arraycopy}: GWT copies an {@code int[]} with {@code splice}, far slower. */
    private static int copy(IntBag entities, int[] keys) {
        int[] ids = entities.getData();
        int size = entities.size();
        for (int i = 0; i < size; i++) {
            keys[i] = ids[i];
        }
        return size;
    }

    /** The index the next batch will have: batches started so far. */
    long nextIndex() {
        return batchesStarted;
    }

    /** True if the slot was dropped from this batch. */
    boolean isDropped(int slot) {
        return droppedCount != 0 && dropped.unsafeGet(slot);
    }

    /** Drops the slot: its entity gets no job and no save from this batch. */
    void drop(int slot) {
        dropped.unsafeSet(slot);
        droppedCount++;
    }

    /**
     * Drops the entity's slot, if it has one in this batch. O(log size).
     *
     * @return true if the slot's job had not started: the batch makes one job fewer
     */
    boolean dropEntity(int entityId) {
        int slot = Arrays.binarySearch(keys, 0, size, entityId);
        if (slot < 0) {
            return false;
        }
        boolean unstarted = slot >= position && !isDropped(slot);
        drop(slot);
        return unstarted;
    }

    /** Moves the position past dropped slots, so a batch whose remaining slots all left is finished. */
    void skipDropped() {
        position = livePosition();
    }

    /** The position {@link #skipDropped} would move to; changes nothing. */
    int livePosition() {
        int live = position;
        while (size > live && isDropped(live)) {
            live++;
        }
        return live;
    }

    /** How many slots there are room for. */
    int capacity() {
        return keys.length;
    }

    /**
     * Grows the slots to at least {@code size}, by half at least. The new inputs and outputs (none
     * if {@code newOutput} is null: jobs with a history write their entity's own) are all made
     * before any field changes, so one that throws leaves the batch as it was.
     */
    void ensureCapacity(int size, Maker newInput, Maker newOutput) {
        int capacity = keys.length;
        if (size <= capacity) {
            return;
        }
        int grown = Math.max(size, capacity + (capacity >> 1));
        Object[] grownInputs = Arrays.copyOf(inputs, grown);
        Object[] grownOutputs = Arrays.copyOf(outputs, grown);
        for (int i = capacity; grown > i; i++) {
            grownInputs[i] = newInput.make();
            grownOutputs[i] = newOutput == null ? null : newOutput.make();
        }
        keys = Arrays.copyOf(keys, grown);
        dropped.ensureCapacity(grown);
        inputs = grownInputs;
        outputs = grownOutputs;
    }

    /** Makes a new input or output object (a {@code java.util.function.Supplier}, which Android has from API 24). */
    interface Maker {
        Object make();
    }
}
