package io.github.ecstimeslice.facing;

import com.artemis.Component;

/**
 * Which way an NPC faces now, in radians counter-clockwise from the +x axis. Written every tick by
 * {@link TurnAnimationSystem}, kept in [-π, π).
 */
public class Orientation extends Component {
    public float radians;
}
