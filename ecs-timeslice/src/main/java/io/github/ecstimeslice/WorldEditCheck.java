package io.github.ecstimeslice;

import com.artemis.World;

/**
 * A development check that work on worker threads leaves the world alone. Artemis is not thread
 * safe: a {@link TimeslicedSystem#runJob} under worker threading, or a
 * {@link ParallelIteratingSystem#process} on workers, that creates or deletes an entity or adds
 * or removes a component races with the world's thread, and mostly corrupts nothing visible until
 * it does. With the check installed in a world, such an edit fails where artemis records it,
 * every time:
 * <ul>
 * <li>the edit is refused with an {@code IllegalStateException} naming the entity edited and the
 *     system whose work made it. A delete, or a component added or removed, is refused before it
 *     changes anything. A few steps come before the record and have run, racing the world's
 *     thread, by then: a create has made its entity (with an archetype, its components too), and
 *     {@code world.edit(e)} has taken an editor from the world's pool. So treat a refusal as a
 *     bug to fix, not a state to go on from;</li>
 * <li>a timesliced job that made it fails, so {@code world.process()} throws a
 *     {@link JobFailedException} naming the system, the job's entity and the rule, as for any job
 *     failure; a parallel system's {@code process} throws it out of the tick.</li>
 * </ul>
 * It watches the edits of live entities, through any artemis call ({@code world.create},
 * {@code world.delete}, {@code world.edit(e).create/remove}, a {@code ComponentMapper}'s
 * {@code create}, {@code remove} or {@code set}, a transmuter, an archetype), made by a thread
 * while it runs a crew's chunk: jobs and {@code process} calls on workers, and the ones the world's
 * thread runs alongside them under {@link Threading#WORKERS_SAME_TICK}. It does not watch
 * components given to or taken from an entity deleted earlier in the tick (artemis records
 * nothing for them), chunks already running when it is installed, {@link Threading#WORLD_THREAD}
 * jobs (harmless there, they race the day the system moves to workers), urgent jobs (always on the
 * world's thread), reads, or other threads of the game's.
 *
 * <p>Cost: a thread-local look-up at each edit of the world and, once a check is installed in any
 * world of the JVM, at each chunk of worker work in every world; with none installed, a volatile
 * read a chunk. It is off unless installed: it replaces two of artemis's internal fields by
 * reflection (JDK 26 and later warn once unless the JVM runs with
 * {@code --enable-final-field-mutation=ALL-UNNAMED}; R8 keeps the fields by the library's consumer
 * rules). Tested on the JVM; Android's and MobiVM's runtimes are not run here. In a browser, which
 * runs no workers, it does nothing.
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
        Workers workers = Platform.workers();
        if (workers != null) {
            workers.guardChanges(world);
        }
    }
}
