package io.github.ecstimeslice.demo.scene;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

/** The seed's "update all": every NPC decides which way to face every tick. For comparison. */
@All({Position.class, DesiredOrientation.class})
final class UpdateAllFacingSystem extends IteratingSystem {

    private final int target;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;

    UpdateAllFacingSystem(int target) {
        this.target = target;
    }

    @Override
    protected void process(int entityId) {
        Position self = positions.get(entityId);
        Position aim = positions.get(target);
        desired.get(entityId).radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
    }
}
