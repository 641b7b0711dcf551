package io.github.ecstimeslice;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rings of saved outputs by entity id, without a world. */
class DecisionStoreTest {

    private final DecisionStore store = new DecisionStore(2);
    private final Object a = "a";
    private final Object b = "b";
    private final Object c = "c";
    private final int ha = store.add(a);
    private final int hb = store.add(b);
    private final int hc = store.add(c);

    @Test
    void anIdNeverSavedHasNothing() {
        store.ensureEntity(3);
        for (int id : new int[]{-1, 0, 3, 4, 1_000_000}) {
            assertEquals(0, store.size(id));
            assertNull(store.latest(id));
            assertFalse(store.attached(id));
        }
        assertEquals(DecisionStore.NONE, store.push(3, ha, 1, 0), "a first save displaces no object");
    }

    @Test
    void pushesKeepTheNewestFirstWithTheirTickAndTime() {
        store.ensureEntity(3);
        assertEquals(DecisionStore.NONE, store.push(3, ha, 10, 0.5));
        assertEquals(DecisionStore.NONE, store.push(3, hb, 11, 1.0));
        assertEquals(2, store.size(3));
        assertSame(b, store.latest(3));
        assertSame(a, store.output(3, 1));
        assertEquals(11, store.savedAtTick(3, 0));
        assertEquals(0.5, store.savedAtSeconds(3, 1));
        assertEquals(ha, store.push(3, hc, 12, 1.5)); // the oldest is evicted, for reuse
        assertSame(c, store.latest(3));
        assertSame(b, store.output(3, 1));
        assertEquals(2, store.size(3));
    }

    @Test
    void theHotSaveNeedsAnAttachedEntityWithAFullRing() {
        store.ensureEntity(3);
        store.push(3, ha, 1, 0);
        store.push(3, hb, 2, 0);
        assertEquals(DecisionStore.NONE, store.pushIfFull(3, hc, 3, 0)); // full, not attached
        assertSame(b, store.latest(3));
        store.markAttached(3);
        assertEquals(ha, store.pushIfFull(3, hc, 3, 0.25));
        assertSame(c, store.latest(3));
        assertEquals(3, store.savedAtTick(3, 0));
        assertEquals(0.25, store.savedAtSeconds(3, 0));
    }

    @Test
    void theHotSaveLeavesAFillingRingToThePush() {
        store.ensureEntity(3);
        store.markAttached(3);
        store.push(3, ha, 1, 0);
        assertEquals(DecisionStore.NONE, store.pushIfFull(3, hb, 2, 0));
        assertEquals(1, store.size(3));
    }

    @Test
    void anEntityAdoptsItsSpareAndAnObjectForEachEmptyEntryWhichItsSavesThenCycle() {
        DecisionStore store = new DecisionStore(2);
        store.ensureEntity(5);
        assertEquals(3, store.missingOutputs(5), "a spare and two entries");
        Object[] made = {"a", "b", "c"};
        int spare = store.adopt(5, made, 3);
        assertEquals("a", store.object(spare));
        assertEquals(0, store.missingOutputs(5));
        assertEquals(0, store.size(5), "adopted objects are no saved outputs");
        // each push displaces an adopted object, the next spare; the first cycles back once the ring is full
        int next = store.push(5, spare, 1, 0.1);
        assertEquals("b", store.object(next));
        next = store.push(5, next, 2, 0.2);
        assertEquals("c", store.object(next));
        store.markAttached(5);
        next = store.pushIfFull(5, next, 3, 0.3);
        assertEquals("a", store.object(next));
        assertEquals("c", store.latest(5));
        assertEquals(2, store.size(5));
    }

    @Test
    void anEntityWhoseIdKeptObjectsFromBeforeAClearAdoptsOnlyWhatItLacks() {
        DecisionStore store = new DecisionStore(2);
        store.ensureEntity(1);
        store.adopt(1, new Object[]{"a", "b", "c"}, 3);
        store.push(1, store.spares()[1], 1, 0.1);
        store.clear(1);
        assertEquals(0, store.missingOutputs(1), "the spare and the entries' objects stay for the id's next entity");
        store.spares()[1] = DecisionStore.NONE;
        assertEquals(1, store.missingOutputs(1));
        int spare = store.adopt(1, new Object[]{"d"}, 1);
        assertEquals("d", store.object(spare));
    }

    @Test
    void clearingForgetsTheOutputsButKeepsTheObjectsForReuse() {
        store.ensureEntity(3);
        store.markAttached(3);
        store.push(3, ha, 1, 0);
        store.push(3, hb, 2, 0);
        store.clear(3);
        assertEquals(0, store.size(3));
        assertFalse(store.attached(3));
        assertNull(store.latest(3));
        assertEquals(ha, store.push(3, hc, 3, 0), "the next save displaces the stale handle, for reuse");
        store.clear(99); // an id never seen: nothing to do
    }

    @Test
    void anAgeOutsideTheSavedOutputsNamesTheAge() {
        store.ensureEntity(3);
        store.push(3, ha, 1, 0);
        IndexOutOfBoundsException thrown = assertThrows(IndexOutOfBoundsException.class, () -> store.output(3, 1));
        assertTrue(thrown.getMessage().contains("age 1"), thrown.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> store.savedAtTick(3, -1));
    }

    @Test
    void anIdTooLargeForTheDepthFailsNamingTheId() {
        DecisionStore deep = new DecisionStore(DecisionStore.MAX_DEPTH);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> deep.ensureEntity(700_000));
        assertTrue(thrown.getMessage().contains("700000"), thrown.getMessage());
    }

    @Test
    void theRingsGrowWithTheLargestIdAndKeepWhatWasSaved() {
        store.ensureEntity(1);
        store.push(1, ha, 1, 0);
        store.ensureEntity(5000);
        assertSame(a, store.latest(1));
        assertEquals(DecisionStore.NONE, store.push(5000, hb, 2, 0), "a new id's first save displaces nothing");
        assertSame(b, store.latest(5000));
    }

    @Test
    void thePoolHandsOutHandlesInOrder() {
        assertEquals(0, ha);
        assertEquals(1, hb);
        assertEquals(2, hc);
        for (int i = 3; i < 100; i++) {
            assertEquals(i, store.add(new Object()));
        }
        assertSame(c, store.object(hc));
    }
}
