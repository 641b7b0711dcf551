package io.github.ecstimeslice.facing;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import io.github.ecstimeslice.ParallelIteratingSystem;
import io.github.ecstimeslice.Threading;

/**
 * The animation layer: every tick, turns every NPC's {@link Orientation} toward its
 * {@link DesiredOrientation} along the shorter arc, by at most {@link TurnRate} × {@code world.delta},
 * never overshooting. O(entities) per tick, no allocation; an NPC that already faces its desired
 * orientation is only read, not written. Each NPC's turn touches only its own components, so
 * {@link #setThreading(Threading) setThreading}{@code (WORKERS_SAME_TICK)} spreads the NPCs over
 * all cores, finished within the system's turn.
 */
@All({Orientation.class, DesiredOrientation.class, TurnRate.class})
public class TurnAnimationSystem extends ParallelIteratingSystem {

    private ComponentMapper<Orientation> orientations;
    private ComponentMapper<DesiredOrientation> desired;
    private ComponentMapper<TurnRate> turnRates;

    @Override
    protected void process(int entityId) {
        Orientation orientation = orientations.get(entityId);
        float want = Angles.wrap(desired.get(entityId).radians);
        if (orientation.radians != want) { // an NPC already facing its way costs two reads, no write
            orientation.radians = turned(orientation.radians, want, turnRates.get(entityId).radiansPerSecond * world.delta);
        }
    }

    /**
     * Where an NPC facing {@code current} faces after turning toward {@code desired} by at most
     * {@code maxTurn} radians (negative or NaN counts as 0), in [-π, π). A NaN or infinite
     * {@code desired} is no direction: the NPC keeps facing {@code current}. O(1).
     */
    public static float turned(float current, float desired, float maxTurn) {
        if (!Float.isFinite(desired)) {
            return current;
        }
        float turn = Angles.shortestTurn(current, desired);
        if (Math.abs(turn) <= maxTurn) {
            return Angles.wrap(desired);
        }
        float step = maxTurn > 0 ? maxTurn : 0;
        return Angles.wrap(turn > 0 ? current + step : current - step);
    }
}
