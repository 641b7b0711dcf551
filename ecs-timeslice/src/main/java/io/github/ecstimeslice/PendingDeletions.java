package io.github.ecstimeslice;

import com.artemis.World;
import com.artemis.utils.BitVector;

import java.lang.reflect.Field;

/**
 * Which entities a world has deleted since its last {@code process()} ended: artemis-odb 2.3.0
 * sets an entity's bit in its batch processor's {@code pendingPurge} at {@code world.delete}, and
 * tells systems only when the running system's turn ends. Artemis has no public query for it, so
 * the vector is looked up once, by reflection; it is the same object for the world's life.
 */
final class PendingDeletions {

    private PendingDeletions() {
    }

    /**
     * The world's vector of pending deletions: bit {@code e} is set from {@code world.delete(e)}
     * until the end of that {@code world.process()}; its size covers every entity id in use.
     *
     * @throws IllegalStateException if this artemis-odb does not keep it where 2.3.0 does
     */
    static BitVector of(World world) {
        try {
            Field processor = World.class.getDeclaredField("batchProcessor");
            processor.setAccessible(true);
            Object batch = processor.get(world);
            Field pending = batch.getClass().getDeclaredField("pendingPurge");
            pending.setAccessible(true);
            return (BitVector) pending.get(batch);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("ecs-timeslice needs artemis-odb 2.3.0, whose World keeps the entities"
                    + " deleted during a tick in batchProcessor.pendingPurge; this artemis-odb does not: " + e, e);
        }
    }
}
