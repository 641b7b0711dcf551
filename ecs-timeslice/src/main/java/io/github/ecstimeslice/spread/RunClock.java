package io.github.ecstimeslice.spread;

/**
 * Where {@link SpreadInvocationStrategy} reads the time around each spread system's run: the
 * system's {@link System#nanoTime()}, or in tests a clock the systems themselves move forward, so
 * that each run costs what the test says and balancing is deterministic.
 */
interface RunClock {

    /** {@link System#nanoTime()}. */
    RunClock SYSTEM = new RunClock() {
        @Override
        public long nanos() {
            return System.nanoTime();
        }
    };

    /** Now, in nanoseconds from an arbitrary origin; only differences count. */
    long nanos();
}
