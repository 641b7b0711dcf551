package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.facing.Position;

/**
 * Moves the demo's target along a smooth figure-eight over the NPCs' field, once every
 * {@code periodSeconds} of game time, from its centre.
 */
final class TargetPath extends BaseSystem {

    private final float centerX;
    private final float centerY;
    private final float radiusX;
    private final float radiusY;
    private final double periodSeconds;
    private double seconds;
    private ComponentMapper<Position> positions;

    TargetPath(float centerX, float centerY, float radiusX, float radiusY, double periodSeconds) {
        this.centerX = centerX;
        this.centerY = centerY;
        this.radiusX = radiusX;
        this.radiusY = radiusY;
        this.periodSeconds = periodSeconds;
    }

    @Override
    protected void processSystem() {
        seconds += world.delta;
        double phase = 2 * Math.PI * seconds / periodSeconds;
        positions.get(FacingWorlds.TARGET).set(centerX + radiusX * (float) Math.sin(phase),
                centerY + radiusY * (float) Math.sin(2 * phase));
    }
}
