package io.github.ecstimeslice;

import org.teavm.interop.PlatformMarker;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * What differs between the platforms the library runs on, asked without reflection. This is the
 * JVM's, Android's and MobiVM's version; TeaVM answers {@link #isWeb()} itself as it compiles, and
 * GWT compiles a version of its own (the module's super-source).
 */
final class Platform {

    private Platform() {
    }

    /**
     * True in a browser. TeaVM replaces each call by {@code true} as it compiles and drops the code
     * the check guards in the calling method alone; so its callers ({@link #workers()},
     * {@link #defaultExecutor()} and {@link JobLoops}) check it directly. No other class calls it.
     */
    @PlatformMarker
    static boolean isWeb() {
        return false;
    }

    /**
     * The worker machinery: null in a browser, which has no threads for workers (jobs run on the
     * world's thread whatever the threading). In a browser nothing makes a {@link ThreadWorkers},
     * so TeaVM compiles none of the worker classes.
     */
    static Workers workers() {
        if (isWeb()) {
            return null;
        }
        return ThreadWorkers.INSTANCE;
    }

    /**
     * The executor of worker threading unless a system is given one: a {@link ForkJoinPool} shared by
     * every system, of daemon threads, one fewer than the processors and at least one, made at the
     * first call (not {@code ForkJoinPool.commonPool()}: Android has it from API 24, TeaVM not at
     * all). In a browser, an executor that runs its tasks on the calling thread.
     */
    static Executor defaultExecutor() {
        if (isWeb()) {
            return CallerRuns.EXECUTOR;
        }
        return SharedPool.POOL;
    }

    /** Holds the shared pool: the JVM makes it when this class is first used, at the first call. */
    private static final class SharedPool {
        static final ForkJoinPool POOL = new ForkJoinPool(Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
    }

    /** The calling thread's id, for a {@link JobTimeline}'s spans. */
    @SuppressWarnings("deprecation")
    static long threadId() {
        return Thread.currentThread().getId();
    }

    /**
     * {@code value} rounded to a float: the same value on the JVM, and on TeaVM, which holds a float
     * as a double, the nearest float (GWT's version calls {@code Math.fround}).
     */
    static float roundedToFloat(float value) {
        return Float.intBitsToFloat(Float.floatToIntBits(value));
    }

    /**
     * A {@code double[]} of {@code length} zeros. GWT's version makes a {@code Float64Array}, which
     * a browser's engine holds unboxed (GWT's own arrays hold doubles boxed): so its arrays are only
     * indexed and their length read, never passed to {@code Arrays}, {@code System.arraycopy} or
     * {@code clone}.
     */
    static double[] newDoubles(int length) {
        return new double[length];
    }

    /** True for what must leave at once, past every failure handler: a {@link VirtualMachineError}. */
    static boolean isFatal(Throwable thrown) {
        return thrown instanceof VirtualMachineError;
    }
}
