package com.artemis;

/**
 * Part of ecs-timeslice, not of artemis-odb: tells whether an id names a live entity, from what
 * artemis-odb 2.3.0 keeps package-private (the entities made, the ids freed, the deletions not
 * yet purged), with no reflection, so that it runs wherever artemis runs, GWT and TeaVM included.
 * Not an API: it may change with any release of ecs-timeslice.
 */
public final class TimesliceEntityIds {

    private TimesliceEntityIds() {
    }

    /**
     * True if an entity holds {@code entityId} now and was not deleted:
     * <ul>
     *   <li>made by {@code world.create()}, before or after the world's next sync;</li>
     *   <li>false from {@code world.delete(entityId)} on, though artemis frees the id only as
     *   {@code world.process()} ends, and true again once {@code create()} gives it to a new entity;</li>
     *   <li>false for an id no entity ever had. O(1).</li>
     * </ul>
     */
    public static boolean isLive(World world, int entityId) {
        EntityManager entities = world.getEntityManager();
        return entityId >= 0 && entityId < entities.entities.getCapacity() && entities.entities.get(entityId) != null
                && entities.isActive(entityId) && !world.batchProcessor.isDeleted(entityId);
    }
}
