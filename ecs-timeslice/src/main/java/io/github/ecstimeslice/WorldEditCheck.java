package io.github.ecstimeslice;

import com.artemis.World;

/**
 * A development check that work on worker threads leaves the world alone. Artemis is not thread
 * safe: a {@link TimeslicedSystem#runJob} under worker threading, or a
 * {@link ParallelIteratingSystem#process} on workers, that creates or deletes an entity or adds
 * or removes a component races with the world's thread, and mostly corrupts nothing visible until
 * it does. With the check installed in a world, such an edit fails where it happens, every time:
 * <ul>
 * <li>the edit is refused with an {@code IllegalStateException} naming the entity edited and the
 *     system whose work made it, before artemis records it (a create has made its entity by
 *     then: that entity exists but no system will see it);</li>
 * <li>a timesliced job that made it fails, so {@code world.process()} throws a
 *     {@link JobFailedException} naming the system, the job's entity and the rule, as for any job
 *     failure; a parallel system's {@code process} throws it out of the tick.</li>
 * </ul>
 * It watches every edit of a live entity, through any artemis call ({@code world.create},
 * {@code world.delete}, {@code world.edit(e).create/remove}, a {@code ComponentMapper}'s
 * {@code create}, {@code remove} or {@code set}, a transmuter, an archetype), made by a thread
 * while it runs a crew's chunk: jobs and {@code process} calls on workers, and the ones the world's
 * thread runs alongside them under {@link Threading#WORKERS_SAME_TICK}. It does not watch
 * {@link Threading#WORLD_THREAD} jobs (harmless there, they race the day the system moves to
 * workers), urgent jobs (always on the world's thread), reads, or other threads of the game's.
 *
 * <p>Cost: a thread-local look-up at each edit of the world and at each chunk of worker work;
 * with no check installed in the JVM, a volatile read a chunk. It is off unless installed: it
 * replaces two of artemis's internal fields by reflection (JDK 26 and later warn once unless the
 * JVM runs with {@code --enable-final-field-mutation=ALL-UNNAMED}; R8 keeps the fields by the
 * library's consumer rules). In a browser, which runs no workers, it does nothing.
 */
public final class WorldEditCheck {

    private WorldEditCheck() {
    }

    /**
     * Installs the check in {@code world}, from now on; again, it changes nothing. Call it on the
     * world's thread between ticks, once the world is built (development builds, tests).
     *
     * @throws IllegalArgumentException if {@code world} is null
     * @throws IllegalStateException    if the runtime refuses the reflection (a JDK that blocks
     *                                  final field mutation), naming what it refused
     */
    public static void install(World world) {
        if (world == null) {
            throw new IllegalArgumentException("world must not be null, was null");
        }
        if (!Platform.isWeb()) {
            GuardedChanges.install(world);
        }
    }
}
