package io.github.ecstimeslice.platforms.cost;

import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

/**
 * Chou's rudimentary timeslicing, hand-written, the baseline of {@link WebCost}: a cursor walks
 * the subscription, deciding for {@code jobsPerTick} NPCs a tick (the atan2 toward the target,
 * into {@link DesiredOrientation}).
 */
@All({Position.class, DesiredOrientation.class})
public class WalkerFacing extends BaseEntitySystem {

    private final int jobsPerTick;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    private int walker;
    /** Decisions made so far. */
    long decisions;

    public WalkerFacing(int jobsPerTick) {
        this.jobsPerTick = jobsPerTick;
    }

    @Override
    protected void processSystem() {
        IntBag entities = subscription.getEntities();
        int[] ids = entities.getData();
        int size = entities.size();
        Position aim = positions.get(WebCost.TARGET);
        for (int updated = 0; updated < size && updated < jobsPerTick; updated++) {
            if (walker >= size) {
                walker = 0;
            }
            int npc = ids[walker++];
            Position self = positions.get(npc);
            desired.get(npc).radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
        }
        decisions += Math.min(size, jobsPerTick);
    }
}
