package io.github.ecstimeslice.facing;

import com.artemis.Component;

/** Where an NPC or a target stands, in world units. */
public class Position extends Component {
    public float x;
    public float y;

    /** Sets both coordinates; returns this. */
    public Position set(float x, float y) {
        this.x = x;
        this.y = y;
        return this;
    }
}
