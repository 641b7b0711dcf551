package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.facing.Position;

/**
 * Walks the player (or camera) over the crowd: a circle about the grid's centre, of a third of the
 * grid's width, once every {@code periodSeconds} of game time, so NPCs keep changing tiers.
 */
final class PlayerWalk extends BaseSystem {

    private final int player;
    private final float centerX;
    private final float centerY;
    private final float radius;
    private final double periodSeconds;
    private double seconds;
    private ComponentMapper<Position> positions;

    PlayerWalk(int player, float centerX, float centerY, float radius, double periodSeconds) {
        this.player = player;
        this.centerX = centerX;
        this.centerY = centerY;
        this.radius = radius;
        this.periodSeconds = periodSeconds;
    }

    @Override
    protected void processSystem() {
        seconds += world.delta;
        double phase = 2 * Math.PI * seconds / periodSeconds;
        positions.get(player).set(centerX + radius * (float) Math.cos(phase), centerY + radius * (float) Math.sin(phase));
    }
}
