package io.github.ecstimeslice;

import com.artemis.utils.IntBag;

/**
 * Tells a {@link TimeslicedSystem}'s hooks that entities joined or left: every hook is called, and
 * the first throw is rethrown once all were, so one failing hook cannot keep another from running.
 */
final class EntityNotices {

    private EntityNotices() {
    }

    /** Calls {@code entityJoined} for each of {@code entities}. */
    static void joined(IntBag entities, TimeslicedSystem<?, ?> system) {
        tell(entities, system, true);
    }

    /**
     * Forgets each of {@code entities} first, then calls {@code entityLeft} for each: a hook that
     * throws cannot keep a later one's job or history alive.
     */
    static void left(IntBag entities, TimeslicedSystem<?, ?> system) {
        int[] ids = entities.getData();
        for (int i = 0, s = entities.size(); s > i; i++) {
            system.forget(ids[i]);
        }
        tell(entities, system, false);
    }

    private static void tell(IntBag entities, TimeslicedSystem<?, ?> system, boolean joined) {
        int[] ids = entities.getData();
        Throwable failed = null;
        for (int i = 0, s = entities.size(); s > i; i++) {
            try {
                if (joined) {
                    system.entityJoined(ids[i]);
                } else {
                    system.entityLeft(ids[i]);
                }
            } catch (Throwable thrown) {
                if (failed == null) {
                    failed = thrown;
                } else if (failed != thrown) {
                    failed.addSuppressed(thrown);
                }
            }
        }
        TickFailures.rethrow(TickFailures.unchecked(failed, "an entityJoined or entityLeft hook failed"));
    }
}
