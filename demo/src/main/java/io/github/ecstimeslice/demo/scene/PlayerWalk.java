package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.facing.Position;

/**
 * Walks the player (or camera) over the crowd: a circle about the grid's centre, of a third of the
 * grid's width, once every {@code periodSeconds} of game time, so NPCs keep changing tiers.
 */
final class PlayerWalk extends Lap {

    private final float centerX;
    private final float centerY;
    private final float radius;

    PlayerWalk(int player, float centerX, float centerY, float radius, double periodSeconds) {
        super(player, periodSeconds);
        this.centerX = centerX;
        this.centerY = centerY;
        this.radius = radius;
    }

    @Override
    void place(Position position, double phase) {
        position.set(centerX + radius * (float) Math.cos(phase), centerY + radius * (float) Math.sin(phase));
    }
}
