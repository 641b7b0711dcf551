package io.github.ecstimeslice;

import com.artemis.utils.IntBag;

/**
 * Tells a {@link TimeslicedSystem}'s hooks that entities joined or left: every hook is called, and
 * the first throw is rethrown once all were, so one failing hook cannot keep another from running.
 */
final class EntityNotices {

    private EntityNotices() {
    }

    /**
     * Schedules each of {@code entities} and asks its tier first, then calls {@code entityJoined}
     * for each: a tier that fails to be assessed keeps no hook from running.
     */
    static void joined(IntBag entities, TimeslicedSystem<?, ?> system) {
        int[] ids = entities.getData();
        Throwable failed = null;
        for (int i = 0, s = entities.size(); s > i; i++) {
            try {
                system.join(ids[i]);
            } catch (IllegalStateException thrown) {
                failed = keep(failed, thrown);
            }
        }
        try {
            tell(entities, system, true);
        } catch (RuntimeException | Error thrown) {
            failed = keep(failed, thrown);
        }
        TickFailures.rethrow(failed);
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
                failed = keep(failed, thrown);
            }
        }
        TickFailures.rethrow(TickFailures.unchecked(failed, "an entityJoined or entityLeft hook failed"));
    }

    /** The first of the failures so far, with {@code thrown} attached if it is another. */
    private static Throwable keep(Throwable failed, Throwable thrown) {
        if (failed == null) {
            return thrown;
        }
        if (failed != thrown) {
            failed.addSuppressed(thrown);
        }
        return failed;
    }
}
