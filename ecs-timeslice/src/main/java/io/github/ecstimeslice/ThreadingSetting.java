package io.github.ecstimeslice;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * Where a system's work runs, and on which executor's threads for the worker modes: the threading
 * setting of {@link TimeslicedSystem} and {@link ParallelIteratingSystem}. One value, so a turn
 * reads both with one field read.
 */
record ThreadingSetting(Threading threading, Executor executor) {

    /** Every system's setting until it is given another. */
    static final ThreadingSetting DEFAULT = new ThreadingSetting(Threading.WORLD_THREAD, ForkJoinPool.commonPool());

    /**
     * The setting, checked.
     *
     * @param nextTickAllowed false for work that must be joined in the tick that starts it
     * @throws IllegalArgumentException naming the value if {@code threading} or {@code executor} is
     *                                  null, or {@code threading} is next-tick and not allowed
     */
    static ThreadingSetting of(Threading threading, Executor executor, boolean nextTickAllowed) {
        if (threading == null || threading == Threading.WORKERS_NEXT_TICK && !nextTickAllowed) {
            throw new IllegalArgumentException((nextTickAllowed ? "threading must not be null"
                    : "threading must be WORLD_THREAD or WORKERS_SAME_TICK") + ", was " + threading);
        }
        if (executor == null) {
            throw new IllegalArgumentException("executor must not be null, was null");
        }
        return new ThreadingSetting(threading, executor);
    }
}
