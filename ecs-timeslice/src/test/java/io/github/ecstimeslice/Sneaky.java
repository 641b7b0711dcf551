package io.github.ecstimeslice;

/** Throws what Kotlin, Lombok's {@code @SneakyThrows} or {@code Unsafe.throwException} throw: any Throwable, unchecked. */
final class Sneaky {

    private Sneaky() {
    }

    /** Throws {@code thrown} as it is, checked or not; declared to return so callers can write {@code throw Sneaky.thrown(t)}. */
    @SuppressWarnings("unchecked")
    static <T extends Throwable> RuntimeException thrown(Throwable thrown) throws T {
        throw (T) thrown;
    }
}
