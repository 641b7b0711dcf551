package io.github.ecstimeslice.platforms.cost;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.facing.Position;

/** Moves {@link WebCost}'s target round a circle of radius 5 about the origin, a radian a game second. */
public class TargetCircle extends BaseSystem {

    private ComponentMapper<Position> positions;
    private float phase;

    @Override
    protected void processSystem() {
        phase += world.delta;
        positions.get(WebCost.TARGET).set((float) Math.cos(phase) * 5, (float) Math.sin(phase) * 5);
    }
}
