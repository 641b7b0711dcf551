package io.github.ecstimeslice.facing;

import com.artemis.Component;

/**
 * Which way an NPC wants to face, in radians counter-clockwise from the +x axis: the latest
 * decision, published by {@link FaceTargetSystem} when it saves an output, turned toward by
 * {@link TurnAnimationSystem}. Set it when you create the NPC (usually to its orientation); until
 * its first decision is saved the NPC keeps it.
 */
public class DesiredOrientation extends Component {
    public float radians;
}
