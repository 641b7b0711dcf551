package io.github.ecstimeslice.platforms.cost;

import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

import java.util.Arrays;

/**
 * Chou's rudimentary timeslicing, hand-written, the baseline of {@link WebCost}: a cursor walks
 * the subscription, deciding for {@code jobsPerTick} NPCs a tick (the atan2 toward the target,
 * into {@link DesiredOrientation}). A recording walker also keeps each NPC's latest two decisions,
 * each a {@link StampedRecord}, in a ring of two by entity id: a history of 1 kept by hand.
 */
@All({Position.class, DesiredOrientation.class})
public class WalkerFacing extends BaseEntitySystem {

    private final int jobsPerTick;
    private final boolean recording;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    /** A recording walker's records, two an entity id, and which of an id's two is the newest. */
    private StampedRecord[] records = new StampedRecord[0];
    private boolean[] newestSecond = new boolean[0];
    private int walker;
    private long tick;
    private double gameSeconds;
    /** Decisions made so far. */
    long decisions;

    public WalkerFacing(int jobsPerTick, boolean recording) {
        this.jobsPerTick = jobsPerTick;
        this.recording = recording;
    }

    @Override
    protected void inserted(int entityId) {
        if (recording && 2 * entityId + 1 >= records.length) {
            int ids = Math.max(records.length, entityId + 1); // twice the ids held (two records an id), or enough
            StampedRecord[] grown = Arrays.copyOf(records, 2 * ids);
            for (int r = records.length; r < grown.length; r++) {
                grown[r] = new StampedRecord();
            }
            records = grown;
            newestSecond = Arrays.copyOf(newestSecond, ids);
        }
    }

    /**
     * Over entity ids, the sums of the newest record's tick, game seconds and radians, and how many
     * face the target, as {@code ticks/seconds/radians/facing}: read once the rounds are done, so
     * that no compiler drops a field the history keeps.
     */
    String newestRecords() {
        long ticks = 0;
        double seconds = 0;
        double radians = 0;
        int facing = 0;
        for (int id = 0; id < newestSecond.length; id++) {
            StampedRecord newest = records[newestSecond[id] ? 2 * id + 1 : 2 * id];
            ticks += newest.tick;
            seconds += newest.gameSeconds;
            radians += newest.radians;
            facing += newest.faceTarget ? 1 : 0;
        }
        return ticks + "/" + seconds + "/" + radians + "/" + facing;
    }

    @Override
    protected void processSystem() {
        IntBag entities = subscription.getEntities();
        int[] ids = entities.getData();
        int size = entities.size();
        Position aim = positions.get(WebCost.TARGET);
        gameSeconds += world.delta;
        for (int updated = 0; updated < size && updated < jobsPerTick; updated++) {
            if (walker >= size) {
                walker = 0;
            }
            int npc = ids[walker++];
            Position self = positions.get(npc);
            float radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
            if (recording) {
                boolean second = !newestSecond[npc];
                newestSecond[npc] = second;
                StampedRecord kept = records[second ? 2 * npc + 1 : 2 * npc];
                kept.radians = radians;
                kept.faceTarget = true;
                kept.tick = tick;
                kept.gameSeconds = gameSeconds;
            }
            desired.get(npc).radians = radians;
        }
        decisions += Math.min(size, jobsPerTick);
        tick++; // counted from 0, as the system's ticks
    }
}
