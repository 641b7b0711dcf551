package io.github.ecstimeslice;

import java.util.concurrent.Executor;

/**
 * Where a system's work runs, and on which executor's threads for the worker modes: the threading
 * setting of {@link TimeslicedSystem} and {@link ParallelIteratingSystem}. One value, so a turn
 * reads both with one field read.
 */
final class ThreadingSetting {

    /** Every system's setting until it is given another. */
    static final ThreadingSetting DEFAULT = new ThreadingSetting(Threading.WORLD_THREAD, null);

    private final Threading threading;
    /** Null for the library's shared pool, made when first needed ({@link Platform#defaultExecutor()}). */
    private final Executor executor;

    private ThreadingSetting(Threading threading, Executor executor) {
        this.threading = threading;
        this.executor = executor;
    }

    /**
     * The setting, checked.
     *
     * @param nextTickAllowed false for work that must be joined in the tick that starts it
     * @throws IllegalArgumentException naming the value if {@code threading} or {@code executor} is
     *                                  null, or {@code threading} is next-tick and not allowed
     */
    static ThreadingSetting of(Threading threading, Executor executor, boolean nextTickAllowed) {
        ThreadingSetting checked = onSharedPool(threading, nextTickAllowed); // the threading first, as before
        if (executor == null) {
            throw new IllegalArgumentException("executor must not be null, was null");
        }
        return checked.withExecutor(executor);
    }

    /** The setting on the library's shared pool, checked as {@link #of} checks it. */
    static ThreadingSetting onSharedPool(Threading threading, boolean nextTickAllowed) {
        if (threading == null || threading == Threading.WORKERS_NEXT_TICK && !nextTickAllowed) {
            throw new IllegalArgumentException((nextTickAllowed ? "threading must not be null"
                    : "threading must be WORLD_THREAD or WORKERS_SAME_TICK") + ", was " + threading);
        }
        return new ThreadingSetting(threading, null);
    }

    private ThreadingSetting withExecutor(Executor executor) {
        return new ThreadingSetting(threading, executor);
    }

    Threading threading() {
        return threading;
    }

    /** The executor the workers use; the library's shared pool unless one was given. */
    Executor executor() {
        return executor != null ? executor : Platform.defaultExecutor();
    }
}
