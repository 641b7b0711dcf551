package io.github.ecstimeslice.demo.scene;

import com.artemis.Component;

/**
 * The walker's records of an NPC's latest decisions, each stamped with the tick and game time it
 * was made at, in a ring of {@link FacingRecord}s made once: what a hand-written system keeps for
 * a game that asks for an NPC's last few decisions, the baseline of a deeper history's cost.
 */
public final class FacingRecords extends Component {
    /** The records, made when the NPC joins; {@code ring[newest]} is the latest. */
    public FacingRecord[] ring;
    /** The latest record's index, -1 before the first decision. */
    public int newest = -1;
}
