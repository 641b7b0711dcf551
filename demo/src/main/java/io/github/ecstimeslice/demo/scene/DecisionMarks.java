package io.github.ecstimeslice.demo.scene;

import com.artemis.utils.BitVector;

/**
 * The NPCs a peer decision system (update-all, interval) decided for since they joined, for the
 * newcomers' wait ({@link Newcomers}): off, costing a null check a decision, until asked for.
 */
final class DecisionMarks {

    private BitVector decided;

    /** The NPC was decided for. */
    void decided(int npc) {
        if (decided != null) {
            decided.set(npc);
        }
    }

    /** The NPC left: its id's next NPC is not decided yet. */
    void left(int npc) {
        if (decided != null) {
            decided.clear(npc);
        }
    }

    /** Starts marking; returns the marks. */
    BitVector start() {
        decided = new BitVector();
        return decided;
    }
}
