package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.facing.Position;

/**
 * Moves the benchmarks' target around a circle of radius 5 about the origin, a radian a game
 * second, so the NPCs' decisions keep changing.
 */
final class TargetCircle extends BaseSystem {

    private ComponentMapper<Position> positions;
    private float phase;

    @Override
    protected void processSystem() {
        phase += world.delta;
        positions.get(FacingWorlds.TARGET).set((float) Math.cos(phase) * 5, (float) Math.sin(phase) * 5);
    }
}
