package io.github.ecstimeslice;

import com.artemis.utils.IntBag;

/**
 * Tells a {@link TimeslicedSystem} that entities joined or left: its own bookkeeping first (the
 * schedule, the tier, forgetting), then its hooks. What a tier or a hook throws is kept for the end
 * of the system's next turn, never thrown out of artemis's notice, which would leave artemis's
 * subscriptions half updated; every entity is still told ({@link VirtualMachineError}s leave at
 * once).
 */
final class EntityNotices {

    private EntityNotices() {
    }

    /**
     * Schedules each of {@code entities} and asks its tier, then calls {@code entityJoined} for each.
     * Newcomers are decided soon if the system says so, but for the crowd there at its first turn.
     */
    static void joined(IntBag entities, TimeslicedSystem<?, ?> system, TickFailures failures) {
        int[] ids = entities.getData();
        boolean soon = system.decideNewcomersSoon() && system.slicer.stats.tick > 0;
        for (int i = 0, s = entities.size(); s > i; i++) {
            try {
                system.slicer.join(ids[i], soon);
            } catch (IllegalStateException thrown) {
                failures.add(thrown);
            }
        }
        tell(entities, system, true, failures);
    }

    /**
     * Forgets each of {@code entities} first, then calls {@code entityLeft} for each: a hook that
     * throws cannot keep a later one's job or history alive.
     */
    static void left(IntBag entities, TimeslicedSystem<?, ?> system, TickFailures failures) {
        int[] ids = entities.getData();
        for (int i = 0, s = entities.size(); s > i; i++) {
            system.slicer.forget(ids[i]);
        }
        tell(entities, system, false, failures);
    }

    /** A bag of the one entity, for artemis's one-entity notices (rare: artemis tells of bags). */
    static IntBag one(int entityId) {
        IntBag one = new IntBag(1);
        one.add(entityId);
        return one;
    }

    private static void tell(IntBag entities, TimeslicedSystem<?, ?> system, boolean joined, TickFailures failures) {
        int[] ids = entities.getData();
        for (int i = 0, s = entities.size(); s > i; i++) {
            try {
                if (joined) {
                    system.entityJoined(ids[i]);
                } else {
                    system.entityLeft(ids[i]);
                }
            } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
                if (Platform.isFatal(thrown)) {
                    throw (Error) thrown;
                }
                failures.add(thrown instanceof RuntimeException ? (RuntimeException) thrown
                        : new IllegalStateException("an entityJoined or entityLeft hook failed", thrown));
            }
        }
    }
}
