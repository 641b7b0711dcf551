package io.github.ecstimeslice.demo.cli;

import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.run.ThreadingWords;
import picocli.CommandLine;

/** Reads {@code world}, {@code same-tick} or {@code next-tick} from the command line. */
final class ThreadingConverter implements CommandLine.ITypeConverter<Threading> {

    @Override
    public Threading convert(String value) {
        try {
            return ThreadingWords.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
