package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Threading;

/** The command line's words for a {@link Threading}: {@code world}, {@code same-tick}, {@code next-tick}. */
public final class ThreadingWords {

    private ThreadingWords() {
    }

    /** The threading a word names; an IllegalArgumentException names the words for any other. */
    public static Threading parse(String word) {
        return switch (word) {
            case "world" -> Threading.WORLD_THREAD;
            case "same-tick" -> Threading.WORKERS_SAME_TICK;
            case "next-tick" -> Threading.WORKERS_NEXT_TICK;
            default -> throw new IllegalArgumentException(
                    "'" + word + "' is not a threading: use world, same-tick or next-tick");
        };
    }

    /** The word for a threading. */
    static String word(Threading threading) {
        return switch (threading) {
            case WORLD_THREAD -> "world";
            case WORKERS_SAME_TICK -> "same-tick";
            case WORKERS_NEXT_TICK -> "next-tick";
        };
    }
}
