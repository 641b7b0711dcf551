package io.github.ecstimeslice.demo.scene;

import com.artemis.Component;

/**
 * The recording walker's record of an NPC's latest decision, stamped with the tick and game time
 * it was made at: what a hand-written system whose decisions the game can query keeps, the
 * baseline of a history's cost.
 */
public final class FacingRecord extends Component {
    public float radians;
    public boolean faceTarget;
    public long tick;
    public double gameSeconds;
}
