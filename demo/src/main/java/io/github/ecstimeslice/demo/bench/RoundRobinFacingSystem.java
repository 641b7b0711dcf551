package io.github.ecstimeslice.demo.bench;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.BaseEntitySystem;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

/**
 * The seed's "rudimentary timeslicing", hand-written: a cursor walks the subscription, deciding
 * for {@code jobsPerTick} NPCs a tick (the atan2 toward the target, into DesiredOrientation). The
 * baseline the TimeslicedSystem's overhead is measured against.
 */
@All({Position.class, DesiredOrientation.class})
final class RoundRobinFacingSystem extends BaseEntitySystem {

    private final int jobsPerTick;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    private int walker;

    RoundRobinFacingSystem(int jobsPerTick) {
        this.jobsPerTick = jobsPerTick;
    }

    @Override
    protected void processSystem() {
        IntBag entities = subscription.getEntities();
        int[] ids = entities.getData();
        int size = entities.size();
        Position aim = positions.get(0);
        for (int updated = 0; updated < size && updated < jobsPerTick; updated++) {
            if (walker >= size) {
                walker = 0;
            }
            int npc = ids[walker++];
            Position self = positions.get(npc);
            desired.get(npc).radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
        }
    }
}
