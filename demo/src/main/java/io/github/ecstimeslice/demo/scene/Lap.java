package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.facing.Position;

/**
 * Moves one entity around a closed path over the crowd, once every {@code periodSeconds} of game
 * time: each tick, {@link #place} puts it where the path is at the lap's phase (0 to 2π).
 */
abstract class Lap extends BaseSystem {

    private final int entity;
    private final double periodSeconds;
    private double seconds;
    private ComponentMapper<Position> positions;

    Lap(int entity, double periodSeconds) {
        this.entity = entity;
        this.periodSeconds = periodSeconds;
    }

    /** Sets {@code position} to the path's point at {@code phase} radians into the lap. */
    abstract void place(Position position, double phase);

    @Override
    protected void processSystem() {
        seconds += world.delta;
        place(positions.get(entity), 2 * Math.PI * seconds / periodSeconds);
    }
}
