package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FacingDecision;
import io.github.ecstimeslice.facing.Position;

import java.util.Arrays;

/**
 * Chou's "rudimentary timeslicing", hand-written: a cursor walks the subscription, deciding
 * for {@code jobsPerTick} NPCs a tick (the atan2 toward the target, into DesiredOrientation). The
 * baseline the TimeslicedSystem's overhead is measured against. A recording walker also keeps each
 * NPC's latest decision in an object of its own (what any system whose decisions the game can
 * query must store), to tell the cost of keeping results apart from the framework's.
 */
@All({Position.class, DesiredOrientation.class})
final class RoundRobinFacingSystem extends BaseEntitySystem {

    private final int jobsPerTick;
    private final boolean recording;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    private int walker;
    /** With recording: each NPC's latest decision, by entity id. */
    private FacingDecision[] latest = new FacingDecision[0];

    RoundRobinFacingSystem(int jobsPerTick, boolean recording) {
        this.jobsPerTick = jobsPerTick;
        this.recording = recording;
    }

    @Override
    protected void inserted(int entityId) {
        if (recording && entityId >= latest.length) {
            int old = latest.length;
            latest = Arrays.copyOf(latest, Math.max(entityId + 1, old + (old >> 1)));
            for (int i = old; i < latest.length; i++) {
                latest[i] = new FacingDecision();
            }
        }
    }

    @Override
    protected void processSystem() {
        IntBag entities = subscription.getEntities();
        int[] ids = entities.getData();
        int size = entities.size();
        Position aim = positions.get(FacingWorlds.TARGET);
        for (int updated = 0; updated < size && updated < jobsPerTick; updated++) {
            if (walker >= size) {
                walker = 0;
            }
            int npc = ids[walker++];
            Position self = positions.get(npc);
            float radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
            if (recording) {
                FacingDecision kept = latest[npc];
                kept.radians = radians;
                kept.faceTarget = true;
            }
            desired.get(npc).radians = radians;
        }
    }
}
