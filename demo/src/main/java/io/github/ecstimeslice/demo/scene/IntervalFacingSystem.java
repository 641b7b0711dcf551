package io.github.ecstimeslice.demo.scene;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.systems.IntervalIteratingSystem;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

/**
 * artemis's own answer: every NPC decides at once, every {@code interval} seconds. The same
 * average rate as a timesliced system, all in one tick. For comparison.
 */
final class IntervalFacingSystem extends IntervalIteratingSystem {

    private final int target;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    private double seconds;
    private double lastRunSeconds;

    IntervalFacingSystem(int target, float intervalSeconds) {
        super(Aspect.all(Position.class, DesiredOrientation.class), intervalSeconds);
        this.target = target;
    }

    @Override
    protected boolean checkProcessing() {
        seconds += world.delta;
        return super.checkProcessing();
    }

    @Override
    protected void begin() {
        lastRunSeconds = seconds;
    }

    @Override
    protected void process(int entityId) {
        Position self = positions.get(entityId);
        Position aim = positions.get(target);
        desired.get(entityId).radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
    }

    /** Game seconds since every NPC last decided: the age of every decision. */
    double decisionAgeSeconds() {
        return seconds - lastRunSeconds;
    }
}
