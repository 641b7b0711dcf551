package io.github.ecstimeslice.demo;

import io.github.ecstimeslice.Threading;
import picocli.CommandLine;

/** Reads {@code world}, {@code same-tick} or {@code next-tick} from the command line. */
final class ThreadingConverter implements CommandLine.ITypeConverter<Threading> {

    @Override
    public Threading convert(String value) {
        switch (value) {
            case "world":
                return Threading.WORLD_THREAD;
            case "same-tick":
                return Threading.WORKERS_SAME_TICK;
            case "next-tick":
                return Threading.WORKERS_NEXT_TICK;
            default:
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not a threading: use world, same-tick or next-tick");
        }
    }

    /** The command-line word for a threading. */
    static String word(Threading threading) {
        switch (threading) {
            case WORKERS_SAME_TICK:
                return "same-tick";
            case WORKERS_NEXT_TICK:
                return "next-tick";
            default:
                return "world";
        }
    }
}
