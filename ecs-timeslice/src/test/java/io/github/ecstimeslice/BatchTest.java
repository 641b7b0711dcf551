package io.github.ecstimeslice;

import com.artemis.utils.IntBag;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The batch's slots, keys, drops and growth, without a world. */
class BatchTest {


    private static IntBag ids(int... ids) {
        IntBag bag = new IntBag();
        for (int id : ids) {
            bag.add(id);
        }
        return bag;
    }

    private Batch batchOf(int... ids) {
        Batch batch = new Batch(IoPolicy.AIAO);
        batch.ensureCapacity(ids.length, Object::new, Object::new);
        batch.start(ids(ids), IoPolicy.SISO, new TierSchedule(null, null));
        return batch;
    }

    @Test
    void aStartCopiesTheIdsInOrderWithTheCursorAtTheFirstSlot() {
        Batch batch = batchOf(2, 5, 9);
        assertEquals(3, batch.size);
        assertArrayEquals(new int[]{2, 5, 9}, java.util.Arrays.copyOf(batch.keys, 3));
        assertEquals(0, batch.position);
        assertEquals(1, batch.batchesStarted);
        assertSame(IoPolicy.SISO, batch.policy);
        assertFalse(batch.finished());
    }

    @Test
    void aDroppedSlotIsSkippedAndForgottenByTheNextStart() {
        Batch batch = batchOf(2, 5, 9);
        batch.drop(1);
        assertTrue(batch.isDropped(1));
        assertFalse(batch.isDropped(0));
        batch.position = 1;
        batch.skipDropped();
        assertEquals(2, batch.position);
        batch.start(ids(2, 5, 9), IoPolicy.AIAO, new TierSchedule(null, null));
        assertFalse(batch.isDropped(1));
        assertEquals(2, batch.batchesStarted);
    }

    @Test
    void aBatchWhoseRemainingSlotsAllLeftIsFinishedOnceSkipped() {
        Batch batch = batchOf(2, 5, 9);
        batch.position = 1;
        batch.dropEntity(5);
        batch.dropEntity(9);
        assertFalse(batch.finished());
        batch.skipDropped();
        assertTrue(batch.finished());
    }

    @Test
    void droppingAnEntityFindsItsSlotByIdAndIgnoresAnIdNotInTheBatch() {
        Batch batch = batchOf(2, 5, 9);
        batch.dropEntity(7);
        batch.dropEntity(-1);
        assertFalse(batch.isDropped(0) || batch.isDropped(1) || batch.isDropped(2));
        batch.dropEntity(9);
        assertTrue(batch.isDropped(2));
    }

    @Test
    void growingGivesEverySlotItsOwnInputAndOutput() {
        Batch batch = new Batch(IoPolicy.AIAO);
        batch.ensureCapacity(4, Object::new, Object::new);
        assertEquals(4, batch.capacity());
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < i; j++) {
                assertNotSame(batch.inputs[i], batch.inputs[j]);
                assertNotSame(batch.outputs[i], batch.outputs[j]);
            }
            assertTrue(batch.outputs[i] != null);
        }
    }

    @Test
    void growingAddsHalfTheCapacityAtLeastAndNothingWhenThereIsRoom() {
        AtomicInteger made = new AtomicInteger();
        Batch.Maker counting = () -> {
            made.incrementAndGet();
            return new Object();
        };
        Batch batch = new Batch(IoPolicy.AIAO);
        batch.ensureCapacity(10, counting, counting);
        batch.ensureCapacity(11, counting, counting);
        assertEquals(15, batch.capacity());
        assertEquals(30, made.get());
        batch.ensureCapacity(15, counting, counting);
        assertEquals(30, made.get());
    }

    @Test
    void aFactoryThatThrowsLeavesTheSlotsAsTheyWere() {
        Batch batch = new Batch(IoPolicy.AIAO);
        batch.ensureCapacity(2, Object::new, Object::new);
        Object[] inputs = batch.inputs;
        AtomicInteger outputs = new AtomicInteger();
        Batch.Maker failingThird = () -> {
            if (outputs.incrementAndGet() == 3) {
                throw new IllegalStateException("no more outputs");
            }
            return new Object();
        };
        assertThrows(IllegalStateException.class, () -> batch.ensureCapacity(6, Object::new, failingThird));
        assertEquals(2, batch.capacity());
        assertSame(inputs, batch.inputs);
        assertEquals(2, batch.outputs.length);
        batch.ensureCapacity(6, Object::new, Object::new);
        assertEquals(6, batch.capacity());
    }
}
