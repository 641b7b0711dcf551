package io.github.ecstimeslice;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The steady-state allocation check of the kits' tests: the bytes the calling thread (the world's)
 * allocates over five spans of a scene's ticks, counted with the JDK's per-thread allocation
 * counter. Garbage made every tick or batch shows in every span; the JIT may allocate a few bytes
 * when it recompiles or deoptimizes a method (seen: 208 and 64 bytes in 10,000 ticks; 208, 464
 * and 152 in one case run after the tiered ones), so up to three spans may be off zero, by a
 * little: at least two at zero still rules out garbage made every tick or batch.
 */
public final class SteadyStateBytes {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private SteadyStateBytes() {
    }

    /** Fails unless this JVM counts the bytes each thread allocates. */
    public static void assertCounted() {
        assertTrue(THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled(),
                "this JVM counts allocated bytes per thread");
    }

    /**
     * Ticks {@code world} in spans of 1,000 ticks of 1/60 s: fifty spans to warm up the JIT, whose
     * compiling may allocate a little, then as {@link #assertNoGarbage}.
     */
    public static void assertTicksMakeNoGarbage(com.artemis.World world, String what) {
        Runnable ticks = () -> {
            for (int i = 0; i < 1000; i++) {
                world.setDelta(1 / 60f);
                world.process();
            }
        };
        for (int i = 0; i < 50; i++) {
            ticks.run();
        }
        assertNoGarbage(ticks, what + ", 1,000 ticks a span");
    }

    /**
     * Runs {@code span} five times and asserts that at least two runs allocated nothing on this
     * thread and all five under 1,000 bytes; {@code what} names the case in the message.
     */
    public static void assertNoGarbage(Runnable span, String what) {
        long[] spans = new long[5];
        int zeroSpans = 0;
        long total = 0;
        for (int i = 0; i < spans.length; i++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            span.run();
            spans[i] = THREADS.getCurrentThreadAllocatedBytes() - before;
            zeroSpans += spans[i] == 0 ? 1 : 0;
            total += spans[i];
        }
        String seen = what + ": bytes allocated in each span: " + Arrays.toString(spans);
        assertTrue(zeroSpans >= 2, seen);
        assertTrue(total < 1000, seen);
    }
}
