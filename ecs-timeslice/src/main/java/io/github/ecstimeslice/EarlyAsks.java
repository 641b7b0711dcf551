package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.EntitySubscription;
import com.artemis.TimesliceEntityIds;
import com.artemis.World;
import com.artemis.utils.BitVector;
import com.artemis.utils.IntBag;

/**
 * The asks to decide soon ({@link TimeslicedSystem#decideSoon}) for live entities that have not
 * joined the system yet: made this tick, or given the system's components. Each is served as its
 * entity joins, if it joins before the system's next turn begins; else it is dropped then.
 *
 * <p>An ask never reaches a later owner of its id: an ask for a deleted entity (its id not yet
 * free) or for an id no entity holds is dropped at once, and one whose entity is deleted before it
 * joins is dropped at the deletion's notice, which artemis gives every entity, joined or not, to
 * the subscription of all entities (this class listens to it) before the id is free again. O(1) an
 * ask, a join and a deleted entity; a turn start, O(asks dropped); nothing while no ask waits.
 */
final class EarlyAsks implements EntitySubscription.SubscriptionListener {

    private final DecisionStats stats;
    private World world;
    /** The ids asked for. */
    private final BitVector asked = new BitVector();
    /** The ids asked for since the last turn began, some maybe taken, dropped or asked twice: {@link #asked} tells. */
    private final IntBag asks = new IntBag();
    /** How many ids {@link #asked} holds. */
    int waiting;

    EarlyAsks(DecisionStats stats) {
        this.stats = stats;
    }

    /** Joins the system's world: listens to its deletions. */
    void bind(World world) {
        this.world = world;
        world.getAspectSubscriptionManager().get(Aspect.all()).addSubscriptionListener(this);
    }

    /** Keeps the ask for the entity's join, or drops it if no live entity holds the id. */
    void ask(int entityId) {
        if (asked.get(entityId)) {
            return;
        }
        if (!TimesliceEntityIds.isLive(world, entityId)) {
            stats.askDropped(entityId, AskDrops.NO_LIVE_ENTITY);
            return;
        }
        stats.askDrops.kept(entityId);
        asked.set(entityId);
        asks.add(entityId);
        waiting++;
    }

    /** The entity joined: true if it was asked for, and then no longer waits here. */
    boolean take(int entityId) {
        if (waiting == 0 || !asked.get(entityId)) {
            return false;
        }
        asked.clear(entityId);
        waiting--;
        return true;
    }

    /** A turn begins: the asks whose entity did not join are dropped. */
    void turnStarted() {
        if (asks.isEmpty()) {
            return;
        }
        int[] ids = asks.getData();
        for (int i = 0, s = asks.size(); s > i; i++) {
            drop(ids[i], AskDrops.NOT_JOINED_IN_TIME);
        }
        asks.setSize(0);
    }

    /** Artemis's notice that entities were deleted: an ask for one is dropped. */
    @Override
    public void removed(IntBag entities) {
        if (waiting == 0) {
            return;
        }
        int[] ids = entities.getData();
        for (int i = 0, s = entities.size(); s > i; i++) {
            drop(ids[i], AskDrops.DELETED_BEFORE_JOINING);
        }
    }

    @Override
    public void inserted(IntBag entities) {
    }

    /** True if an ask waits for {@code entityId}'s join. */
    boolean waitsFor(int entityId) {
        return waiting > 0 && asked.get(entityId);
    }

    private void drop(int entityId, byte reason) {
        if (asked.get(entityId)) {
            asked.clear(entityId);
            waiting--;
            stats.askDropped(entityId, reason);
        }
    }
}
