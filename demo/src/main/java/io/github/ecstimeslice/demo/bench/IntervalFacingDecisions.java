package io.github.ecstimeslice.demo.bench;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.systems.IntervalIteratingSystem;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

/** artemis's IntervalIteratingSystem doing the facing decision for every NPC every interval. */
final class IntervalFacingDecisions extends IntervalIteratingSystem {

    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;

    IntervalFacingDecisions(float intervalSeconds) {
        super(Aspect.all(Position.class, DesiredOrientation.class), intervalSeconds);
    }

    @Override
    protected void process(int npc) {
        Position aim = positions.get(0);
        Position self = positions.get(npc);
        desired.get(npc).radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
    }
}
