package io.github.ecstimeslice.facing;

import com.artemis.Component;

/** How fast an NPC can turn: the most radians per second {@link TurnAnimationSystem} turns it. */
public class TurnRate extends Component {
    public float radiansPerSecond;
}
