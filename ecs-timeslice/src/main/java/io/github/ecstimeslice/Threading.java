package io.github.ecstimeslice;

/**
 * Where a {@link TimeslicedSystem} runs its jobs' {@code runJob}. Inputs are always read, and
 * outputs always saved and published, on the world's thread. A {@link ParallelIteratingSystem}
 * takes {@link #WORLD_THREAD} or {@link #WORKERS_SAME_TICK} for its {@code process} calls.
 */
public enum Threading {
    /** Every job runs on the world's thread, inside the system's turn: Chou's single-threaded update. */
    WORLD_THREAD,
    /**
     * The tick's jobs run in parallel on worker threads (the world's thread lends a hand) and are
     * joined before the system's turn ends: the rest of the game sees the same as with
     * {@link #WORLD_THREAD}, tick by tick.
     */
    WORKERS_SAME_TICK,
    /**
     * Chou's reordered update: jobs started at the end of tick N run on workers while the other
     * systems of tick N run, and are finished (joined, outputs saved) at the start of tick N+1. One
     * tick more latency; the decision work overlaps the rest of the world.
     */
    WORKERS_NEXT_TICK
}
