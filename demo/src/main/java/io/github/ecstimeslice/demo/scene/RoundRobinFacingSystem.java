package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;


/**
 * Chou's "rudimentary timeslicing", hand-written: a cursor walks the subscription, deciding
 * for {@code jobsPerTick} NPCs a tick (the atan2 toward the target, into DesiredOrientation). The
 * baseline the TimeslicedSystem's overhead is measured against. A recording walker also keeps each
 * NPC's latest decision with the tick and game time it was made at, in a {@link FacingRecord}
 * component (what any system whose decisions the game can query must store), to tell the cost of
 * keeping results apart from the framework's.
 */
@All({Position.class, DesiredOrientation.class})
final class RoundRobinFacingSystem extends BaseEntitySystem {

    private final int jobsPerTick;
    private final boolean recording;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    private ComponentMapper<FacingRecord> records;
    private int walker;
    private long tick;
    private double gameSeconds;
    /** Decisions made so far. */
    long decisions;

    RoundRobinFacingSystem(int jobsPerTick, boolean recording) {
        this.jobsPerTick = jobsPerTick;
        this.recording = recording;
    }

    @Override
    protected void inserted(int entityId) {
        if (recording) {
            records.create(entityId);
        }
    }

    @Override
    protected void processSystem() {
        IntBag entities = subscription.getEntities();
        int[] ids = entities.getData();
        int size = entities.size();
        Position aim = positions.get(FacingWorlds.TARGET);
        tick++;
        gameSeconds += world.delta;
        for (int updated = 0; updated < size && updated < jobsPerTick; updated++) {
            if (walker >= size) {
                walker = 0;
            }
            int npc = ids[walker++];
            Position self = positions.get(npc);
            float radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
            if (recording) {
                FacingRecord kept = records.get(npc);
                kept.radians = radians;
                kept.faceTarget = true;
                kept.tick = tick;
                kept.gameSeconds = gameSeconds;
            }
            desired.get(npc).radians = radians;
        }
        decisions += Math.min(size, jobsPerTick);
    }
}
