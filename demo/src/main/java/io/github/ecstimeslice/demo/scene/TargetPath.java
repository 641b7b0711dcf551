package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.facing.Position;

/**
 * Moves the demo's target along a smooth figure-eight over the NPCs' field, once every
 * {@code periodSeconds} of game time, from its centre.
 */
final class TargetPath extends Lap {

    private final float centerX;
    private final float centerY;
    private final float radiusX;
    private final float radiusY;

    TargetPath(float centerX, float centerY, float radiusX, float radiusY, double periodSeconds) {
        super(FacingWorlds.TARGET, periodSeconds);
        this.centerX = centerX;
        this.centerY = centerY;
        this.radiusX = radiusX;
        this.radiusY = radiusY;
    }

    @Override
    void place(Position position, double phase) {
        position.set(centerX + radiusX * (float) Math.sin(phase), centerY + radiusY * (float) Math.sin(2 * phase));
    }
}
