package io.github.ecstimeslice;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rings of saved outputs by entity id, without a world. */
class DecisionStoreTest {

    private final DecisionStore store = new DecisionStore(2);

    /** Gives {@code entity} the objects a, b, c (its three slots, in slot order) and returns them. */
    private Object[] objectsOf(int entity) {
        store.ensureEntity(entity);
        Object[] made = {entity + "a", entity + "b", entity + "c"};
        assertEquals(3, store.missingOutputs(entity), "depth 2 holds three objects: two outputs and the spare");
        store.adopt(entity, made.clone(), 3);
        return made;
    }

    /** The object the entity's next job writes. */
    private Object spare(int entity) {
        return store.outputs()[store.spare(entity)];
    }

    @Test
    void anIdNeverSavedHasNothing() {
        store.ensureEntity(3);
        for (int id : new int[]{-1, 0, 3, 4, 1_000_000}) {
            assertEquals(0, store.size(id));
            assertNull(store.latest(id));
            assertFalse(store.attached(id));
        }
    }

    @Test
    void eachSaveMakesTheSpareTheNewestWithItsTickAndTimeAndTheOldestTheNextSpare() {
        Object[] made = objectsOf(3);
        Object first = spare(3);
        store.push(3, 10, 0.5);
        assertSame(first, store.latest(3));
        Object second = spare(3);
        assertNotEquals(first, second);
        store.push(3, 11, 1.0);
        assertEquals(2, store.size(3));
        assertSame(second, store.latest(3));
        assertSame(first, store.output(3, 1));
        assertEquals(11, store.savedAtTick(3, 0));
        assertEquals(0.5, store.savedAtSeconds(3, 1));
        Object third = spare(3);
        store.push(3, 12, 1.5);
        assertSame(third, store.latest(3));
        assertSame(second, store.output(3, 1));
        assertEquals(2, store.size(3), "the depth caps what is kept");
        assertSame(first, spare(3), "the evicted oldest is written next");
        assertEquals(12, store.savedAtTick(3, 0));
        assertEquals(1.0, store.savedAtSeconds(3, 1));
        for (Object each : new Object[]{first, second, third}) {
            assertTrue(each == made[0] || each == made[1] || each == made[2], "only the entity's own objects turn");
        }
    }

    @Test
    void aFullAttachedRingOfTheDeepestHistoryStaysASmallIntegerForAJavaScriptEngine() {
        DecisionStore deepest = new DecisionStore(DecisionStore.MAX_DEPTH);
        deepest.ensureEntity(0);
        deepest.adopt(0, new Object[DecisionStore.MAX_DEPTH + 1], DecisionStore.MAX_DEPTH + 1);
        deepest.markAttached(0);
        for (int save = 0; save < DecisionStore.MAX_DEPTH + 5; save++) {
            deepest.push(0, save, save / 60.0);
            int state = deepest.rings()[0];
            // V8 keeps integers from -2^30 to 2^30 - 1 unboxed in a GWT int[]
            assertTrue(state >= 0 && state < 1 << 30, "ring state " + state + " after " + (save + 1) + " saves");
        }
        assertEquals(DecisionStore.MAX_DEPTH, deepest.size(0));
        assertTrue(deepest.attached(0));
    }

    @Test
    void theHotSaveTurnsOnlyAnAttachedEntity() {
        objectsOf(3);
        Object written = spare(3);
        assertFalse(DecisionStore.pushIfAttached(store.rings(), store.ticks(), store.seconds(), store.slots(), 2, 3,
                store.spare(3), 1, 0));
        assertEquals(0, store.size(3), "nothing changes before the component is attached");
        store.markAttached(3);
        assertTrue(DecisionStore.pushIfAttached(store.rings(), store.ticks(), store.seconds(), store.slots(), 2, 3,
                store.spare(3), 3, 0.25));
        assertSame(written, store.latest(3));
        assertEquals(3, store.savedAtTick(3, 0));
        assertEquals(0.25, store.savedAtSeconds(3, 0));
        assertTrue(store.attached(3), "a save keeps the attached mark");
    }

    @Test
    void detachingForgetsTheOutputsButKeepsTheSlotAJobInFlightWrites() {
        objectsOf(3);
        store.markAttached(3);
        store.push(3, 1, 0);
        Object inFlight = spare(3);
        store.detach(3);
        assertEquals(0, store.size(3));
        assertFalse(store.attached(3));
        assertSame(inFlight, spare(3), "a job on a worker still writes the same object");
    }

    @Test
    void aHistoryOfOneTurnsBetweenItsTwoObjects() {
        DecisionStore one = new DecisionStore(1);
        one.ensureEntity(2);
        one.adopt(2, new Object[]{"a", "b"}, 2);
        Object first = one.outputs()[one.spare(2)];
        one.push(2, 5, 0.5);
        Object second = one.outputs()[one.spare(2)];
        assertNotEquals(first, second);
        one.push(2, 6, 0.75);
        assertSame(second, one.latest(2));
        assertEquals(1, one.size(2), "one kept");
        assertEquals(6, one.savedAtTick(2, 0));
        assertEquals(0.75, one.savedAtSeconds(2, 0));
        assertSame(first, one.outputs()[one.spare(2)], "the ring wrapped: the first object is written next");
        one.push(2, 7, 1.0);
        assertSame(first, one.latest(2));
        assertEquals(7, one.savedAtTick(2, 0));
    }

    @Test
    void neighboursRingsDoNotTouch() {
        objectsOf(1);
        Object[] two = objectsOf(2);
        objectsOf(3);
        for (int i = 0; i < 5; i++) {
            store.push(2, i, i);
        }
        assertEquals(0, store.size(1));
        assertEquals(0, store.size(3));
        assertEquals(4, store.savedAtTick(2, 0));
        assertEquals(3, store.savedAtTick(2, 1));
        assertTrue(store.latest(2) == two[0] || store.latest(2) == two[1] || store.latest(2) == two[2]);
    }

    @Test
    void anEntityWhoseIdKeptItsObjectsFromBeforeAClearAdoptsNothing() {
        Object[] made = objectsOf(1);
        store.markAttached(1);
        store.push(1, 1, 0.1);
        store.clear(1);
        assertEquals(0, store.missingOutputs(1), "the objects stay for the id's next entity");
        Object next = spare(1);
        assertTrue(next == made[0] || next == made[1] || next == made[2]);
    }

    @Test
    void clearingForgetsTheOutputsAndTheAttachedMark() {
        objectsOf(3);
        store.markAttached(3);
        store.push(3, 1, 0);
        store.push(3, 2, 0);
        store.clear(3);
        assertEquals(0, store.size(3));
        assertFalse(store.attached(3));
        assertNull(store.latest(3));
        store.push(3, 3, 0);
        assertEquals(1, store.size(3), "the next save starts again");
        store.clear(99); // an id never seen: nothing to do
    }

    @Test
    void anAgeOutsideTheSavedOutputsNamesTheAge() {
        objectsOf(3);
        store.push(3, 1, 0);
        IndexOutOfBoundsException thrown = assertThrows(IndexOutOfBoundsException.class, () -> store.output(3, 1));
        assertTrue(thrown.getMessage().contains("age 1"), thrown.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> store.savedAtTick(3, -1));
    }

    @Test
    void anIdTooLargeForTheDepthFailsNamingTheId() {
        // 1,024 outputs and the spare: 1,025 slots per id, and an array holds 2,147,483,639
        assertEquals(2_095_104, DecisionStore.highestEntityId(DecisionStore.MAX_DEPTH));
        assertEquals(715_827_878, DecisionStore.highestEntityId(2)); // 3 slots per id
        DecisionStore deep = new DecisionStore(DecisionStore.MAX_DEPTH);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> deep.ensureEntity(2_095_105));
        assertTrue(thrown.getMessage().contains("2095105"), thrown.getMessage());
    }

    @Test
    void theRingsGrowWithTheLargestIdAndKeepWhatWasSaved() {
        objectsOf(1);
        Object saved = spare(1);
        store.push(1, 7, 0);
        store.ensureEntity(5000);
        assertSame(saved, store.latest(1));
        assertEquals(7, store.savedAtTick(1, 0));
        assertEquals(3, store.missingOutputs(5000), "a new id has no objects");
        assertEquals(0, store.size(5000));
    }
}
