package io.github.ecstimeslice.demo.scene;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

/** Chou's "update all": every NPC decides which way to face every tick. For comparison. */
@All({Position.class, DesiredOrientation.class})
final class UpdateAllFacingSystem extends IteratingSystem {

    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;

    @Override
    protected void process(int npc) {
        Position self = positions.get(npc);
        Position aim = positions.get(FacingWorlds.TARGET);
        desired.get(npc).radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
    }
}
