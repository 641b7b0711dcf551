package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.annotations.SkipWire;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;


/**
 * Chou's "rudimentary timeslicing", hand-written: a cursor walks the subscription, deciding
 * for {@code jobsPerTick} NPCs a tick (the atan2 toward the target, into DesiredOrientation). The
 * baseline the TimeslicedSystem's overhead is measured against. A recording walker also keeps each
 * NPC's latest decision with the tick and game time it was made at, in a {@link FacingRecord}
 * component (what any system whose decisions the game can query must store), to tell the cost of
 * keeping results apart from the framework's; one keeping N records keeps the latest N, in a ring
 * ({@link FacingRecords}), the baseline of a history N deep.
 */
@All({Position.class, DesiredOrientation.class})
class RoundRobinFacingSystem extends BaseEntitySystem {

    private final int jobsPerTick;
    /** Stamped records kept per NPC: 0, 1 (a {@link FacingRecord}) or more (a ring of them, {@link FacingRecords}). */
    private final int records;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    /** The type of the records kept with {@code records} 1; its mapper, taken in {@link #initialize}. */
    private final Class<? extends FacingRecord> recordType;
    @SkipWire // artemis cannot wire a mapper of a wildcard type
    private ComponentMapper<? extends FacingRecord> recordOf;
    private ComponentMapper<FacingRecords> ringOf;
    private int walker;
    private long tick;
    private double gameSeconds;
    /** Decisions made so far. */
    long decisions;

    RoundRobinFacingSystem(int jobsPerTick, int records) {
        this(jobsPerTick, records, FacingRecord.class);
    }

    /** A walker keeping its records of 1 in components of {@code recordType}. */
    RoundRobinFacingSystem(int jobsPerTick, int records, Class<? extends FacingRecord> recordType) {
        this.jobsPerTick = jobsPerTick;
        this.records = records;
        this.recordType = recordType;
    }

    @Override
    protected void initialize() {
        recordOf = world.getMapper(recordType);
    }

    @Override
    protected void inserted(int entityId) {
        if (records == 1) {
            recordOf.create(entityId);
        } else if (records > 1) {
            FacingRecord[] ring = new FacingRecord[records];
            for (int i = 0; i < records; i++) {
                ring[i] = new FacingRecord();
            }
            ringOf.create(entityId).ring = ring;
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
            if (records > 0) {
                FacingRecord kept = records == 1 ? recordOf.get(npc) : nextInRing(ringOf.get(npc));
                kept.radians = radians;
                kept.faceTarget = true;
                kept.tick = tick;
                kept.gameSeconds = gameSeconds;
            }
            desired.get(npc).radians = radians;
        }
        decisions += Math.min(size, jobsPerTick);
    }

    /** The NPC's oldest record, made its newest. */
    private static FacingRecord nextInRing(FacingRecords kept) {
        int next = kept.newest + 1;
        kept.newest = next == kept.ring.length ? 0 : next;
        return kept.ring[kept.newest];
    }
}
