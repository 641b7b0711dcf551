package io.github.ecstimeslice.demo.scene;

import com.artemis.Component;

/** Where an NPC would wander to next, published by {@link WanderGoalSystem}; NaN until first picked. */
public final class WanderGoal extends Component {
    public float x = Float.NaN;
    public float y = Float.NaN;
}
