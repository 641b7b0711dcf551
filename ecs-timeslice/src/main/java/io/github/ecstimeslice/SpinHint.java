package io.github.ecstimeslice;

/**
 * Tells the processor that a thread is spinning while it waits for another. {@code Thread.onSpinWait}
 * came with Java 9, past the Java 8 the library is compiled to.
 */
final class SpinHint {

    private SpinHint() {
    }

    /** One step of a spin loop. */
    static void onSpinWait() {
    }
}
