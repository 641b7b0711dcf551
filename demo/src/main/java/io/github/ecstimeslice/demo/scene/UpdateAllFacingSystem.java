package io.github.ecstimeslice.demo.scene;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import com.artemis.utils.BitVector;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

/** Chou's "update all": every NPC decides which way to face every tick. For comparison. */
@All({Position.class, DesiredOrientation.class})
final class UpdateAllFacingSystem extends IteratingSystem {

    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    /** The NPCs decided for since they joined, if asked ({@link #markDecisions()}). */
    private final DecisionMarks marks = new DecisionMarks();

    @Override
    protected void process(int npc) {
        Position self = positions.get(npc);
        Position aim = positions.get(FacingWorlds.TARGET);
        desired.get(npc).radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
        marks.decided(npc);
    }

    @Override
    protected void removed(int npc) {
        marks.left(npc);
    }

    /** Marks each NPC once decided for, until it leaves; returns the marks. */
    BitVector markDecisions() {
        return marks.start();
    }
}
