package io.github.ecstimeslice;

import com.artemis.utils.IntBag;

import java.util.Arrays;

/**
 * The reassess sweep of a {@link TierSchedule}: asks the system's {@code tierOf} for an entity and
 * moves the entity to the tier it answers, and each tick asks a share of the subscribed entities,
 * going on where the last tick stopped, so that every one is asked once per reassess period.
 *
 * <p>A tick costs O(entities × delta / period) asks, and a binary search to find where it goes on.
 * Memory: the entities it owes (fractions carried) and the id it goes on from. It reads its
 * owner's fields directly.
 */
final class TierSweep {

    private final TierSchedule schedule;
    private final TimeslicedSystem<?, ?> system;
    private final TickFailures failures;
    /** The entities the sweep owes, fractions carried, and the id it goes on from. */
    private double credit;
    private int from;

    TierSweep(TierSchedule schedule, TimeslicedSystem<?, ?> system, TickFailures failures) {
        this.schedule = schedule;
        this.system = system;
        this.failures = failures;
    }

    /**
     * Asks the subscribed entity's tier and moves it there; if {@code tierOf} set other tiers, its
     * answer was for the old ones, and the entity keeps the tier the new ones gave it until it is
     * asked again.
     *
     * @throws IllegalStateException naming the system, the entity and the value if {@code tierOf}
     *                               answers a tier out of range, or with what it threw as the cause
     */
    void assess(int entityId) {
        int[] asked = schedule.periods;
        int tier;
        try {
            tier = system.tierOf(entityId);
        } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
            throw tierOfFailed(entityId, thrown);
        }
        if (schedule.periods != asked) {
            return;
        }
        if (tier < 0 || tier >= asked.length) {
            throw notATier(entityId, tier);
        }
        schedule.move(entityId, tier);
    }

    /** What a {@code tierOf} that threw fails with; a VM error is rethrown as it is. Off the sweep's path, which stays small. */
    private IllegalStateException tierOfFailed(int entityId, Throwable thrown) {
        if (Platform.isFatal(thrown)) {
            throw (Error) thrown;
        }
        return new IllegalStateException(system.getClass().getName() + ".tierOf(" + entityId + ") failed: " + thrown,
                thrown);
    }

    private IllegalStateException notATier(int entityId, int tier) {
        return new IllegalStateException(system.getClass().getName() + ".tierOf(" + entityId + ") returned " + tier
                + ", not a tier of " + schedule.tiers + " (0 to " + (schedule.periods.length - 1) + ")");
    }

    /**
     * Assesses this tick's share of the {@code subscribed} entities (ascending ids), going on where
     * the last tick stopped, so that every one is asked once per reassess period; a failure is kept
     * for the end of the tick and the entity keeps its tier. A {@code tierOf} that sets other tiers
     * has the rest of the sweep ask with them; one that switches them off ends it. O(entities ×
     * delta / period).
     */
    void reassessSome(IntBag subscribed, float delta) {
        int size = subscribed.size();
        if (size == 0) {
            return;
        }
        int[] ids = subscribed.getData();
        int index = start(subscribed);
        for (int i = 0, quota = quota(size, delta); quota > i; i++) {
            if (index == size) {
                index = 0; // the sweep starts over
            }
            int id = ids[index++];
            try {
                assess(id);
            } catch (IllegalStateException failed) {
                failures.add(failed);
            }
            from = id + 1;
            if (!schedule.tiered()) {
                return; // tierOf switched the tiers off: no tier is asked with one
            }
        }
    }

    /**
     * How many of the {@code subscribed} entities to assess in a tick of {@code delta} seconds so
     * that the sweep covers them all once per reassess period: fractions carry, at most all of them.
     */
    private int quota(int subscribed, float delta) {
        credit = Math.min(credit + subscribed * (delta / schedule.tiers.reassessSeconds()), subscribed);
        int quota = (int) Math.ceil(credit);
        credit -= quota;
        return quota;
    }

    /** Where the sweep goes on in {@code subscribed} (ascending ids): the first id after the last it asked. */
    private int start(IntBag subscribed) {
        int at = Arrays.binarySearch(subscribed.getData(), 0, subscribed.size(), from);
        int index = at >= 0 ? at : -at - 1;
        return index == subscribed.size() ? 0 : index;
    }
}
