package io.github.ecstimeslice;

import com.artemis.utils.IntBag;

import java.util.Arrays;

/**
 * Thins a {@link ParallelIteratingSystem}'s work by significance tier: an entity in a tier of
 * period k is processed in one of every k ticks, on the ticks where (tick + a hash of its id) is a
 * multiple of k, so a tier's entities spread over its phases. After processing an entity it is due
 * again at the next such tick, at most k ticks later, whatever tier it moves to (a new tier's
 * phase is found from the entity's next processing on). The game time since an entity was last
 * processed is kept for {@code process} to use.
 *
 * <p>Per entity id, in flat arrays: the tick it is due in next and the game time it was last
 * processed at (12 bytes per id up to the highest seen). Written on the thread that processes the
 * entity, grown only on the world's thread outside the system's turn. Its owner reads the fields
 * directly.
 */
final class TickTiers {

    int[] periods = {1};
    /** The index of the system's next turn, and the game time at the end of its last. */
    int tick;
    double seconds;
    /** Per entity id: the tick it is due in next. */
    private int[] nextDue = new int[0];
    /** Per entity id: the game time at the end of the turn it was last processed in. */
    private double[] lastSeconds = new double[0];

    /** True if there is more than one tier: only due entities are processed. */
    boolean tiered() {
        return periods.length > 1;
    }

    /**
     * Uses {@code next} (checked) from the next turn on for the {@code subscribed} entities (null
     * before the system has a world): each is due in the next turn, and keeps the time it was last
     * processed at (the end of the last turn, if every entity was processed every turn until now).
     */
    void use(int[] next, IntBag subscribed) {
        boolean wasTiered = tiered();
        periods = next;
        if (!tiered() || subscribed == null) {
            return;
        }
        int[] ids = subscribed.getData();
        for (int i = subscribed.size() - 1; i >= 0; i--) { // the highest id first: one growth
            int id = ids[i];
            if (wasTiered && id < nextDue.length) {
                nextDue[id] = tick;
            } else {
                joined(id);
            }
        }
    }

    /** The entity joined: due in the next turn, as if processed at the end of the last. */
    void joined(int entityId) {
        if (entityId >= nextDue.length) {
            int grown = Math.max(entityId + 1, nextDue.length + (nextDue.length >> 1));
            nextDue = Arrays.copyOf(nextDue, grown);
            lastSeconds = Arrays.copyOf(lastSeconds, grown);
        }
        nextDue[entityId] = tick;
        lastSeconds[entityId] = seconds;
    }

    /** All of {@code entities} joined. */
    void joined(IntBag entities) {
        int[] ids = entities.getData();
        for (int i = entities.size() - 1; i >= 0; i--) { // the highest id first: one growth
            joined(ids[i]);
        }
    }

    /** A turn of {@code delta} seconds begins. */
    void turnStarted(float delta) {
        seconds += delta;
    }

    /** The turn ended. */
    void turnEnded() {
        tick++;
    }

    /**
     * Processes the entities among {@code ids[from, to)} that are due in this turn: asks each its
     * tier, schedules its next turn, calls {@code process}, then notes the time.
     *
     * @throws IllegalStateException naming the system, the entity and the value if {@code tierOf}
     *                               answers a tier out of range (it ends the range, as a throw from
     *                               {@code process} does)
     */
    void process(ParallelIteratingSystem system, int[] ids, int from, int to) {
        int[] due = nextDue;
        double[] last = lastSeconds;
        int now = tick;
        double at = seconds;
        for (int i = from; to > i; i++) {
            int id = ids[i];
            if (due[id] - now > 0) {
                continue;
            }
            int period = period(system, id);
            // the next tick on its phase: (tick + hash) a multiple of the period
            due[id] = period == 1 ? now + 1 : now + period - Math.floorMod(now + (id * 0x9E3779B9 >>> 1), period);
            system.process(id);
            last[id] = at;
        }
    }

    /** Game seconds since the entity was last processed, up to the end of this turn. */
    float secondsSince(int entityId) {
        return (float) (seconds - lastSeconds[entityId]);
    }

    private int period(ParallelIteratingSystem system, int entityId) {
        int tier = system.tierOf(entityId);
        if (tier < 0 || tier >= periods.length) {
            throw new IllegalStateException(system.getClass().getName() + ".tierOf(" + entityId + ") returned "
                    + tier + ", not a tier of processEvery" + Arrays.toString(periods)
                    + " (0 to " + (periods.length - 1) + ")");
        }
        return periods[tier];
    }
}
