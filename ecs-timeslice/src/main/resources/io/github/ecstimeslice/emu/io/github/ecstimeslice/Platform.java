package io.github.ecstimeslice;

import java.util.concurrent.Executor;

/**
 * GWT's version of the library's {@code Platform} (the module's super-source): a browser, with no
 * threads for workers and no {@code VirtualMachineError}.
 */
final class Platform {

    private Platform() {
    }

    /** Always true: jobs run on the world's thread whatever the threading. */
    static boolean isWeb() {
        return true;
    }

    /** Always null: there are no threads for workers, and the worker classes are left out of the module. */
    static Workers workers() {
        return null;
    }

    /** An executor that runs its tasks on the calling thread: there is no other. */
    static Executor defaultExecutor() {
        return CallerRuns.EXECUTOR;
    }

    /** Always 1: a browser runs the world on its one thread. */
    static long threadId() {
        return 1;
    }

    /**
     * {@code value}, a double in a browser, rounded to the nearest float: {@code Math.fround}, where
     * GWT's {@code Float.floatToIntBits} makes three typed arrays a call (it stays for a browser
     * without {@code Math.fround}, as Internet Explorer).
     */
    static native float roundedToFloat(float value) /*-{
        return Math.fround ? Math.fround(value)
                : @java.lang.Float::intBitsToFloat(I)(@java.lang.Float::floatToIntBits(F)(value));
    }-*/;

    /**
     * A {@code Float64Array} of {@code length} zeros, as a {@code double[]}: GWT makes all its
     * arrays at one place, which its object and boolean arrays make the engine hold generic, so a
     * double stored in a GWT {@code double[]} is boxed, a new object at each store. Only indexed and
     * its length read: GWT's {@code Arrays} and {@code System.arraycopy} would call array methods a
     * typed array lacks.
     */
    static native double[] newDoubles(int length) /*-{
        return new Float64Array(length);
    }-*/;

    /** Always false: a browser's errors are all exceptions a job may fail with. */
    static boolean isFatal(Throwable thrown) {
        return false;
    }
}
