package io.github.ecstimeslice.demo.scene;

import com.artemis.Component;

/**
 * The recording walker's record of an NPC's latest decision, stamped with the tick and game time
 * it was made at: what a hand-written system whose decisions the game can query keeps, the
 * baseline of a history's cost. Walkers of several classes in one world each keep theirs in a
 * subclass of their own ({@link ThreeClasses}).
 */
public class FacingRecord extends Component {
    public float radians;
    public boolean faceTarget;
    public long tick;
    public double gameSeconds;
}
