package io.github.ecstimeslice.demo.cli;

import picocli.CommandLine;

import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * Bad arguments, picocli's own parse errors and the demo's checks alike: the one-line error and a
 * line pointing to {@code --help}, not the whole usage (which scrolled the error away), with exit
 * code 2 and no stack trace.
 */
public final class OneLineErrors implements CommandLine.IParameterExceptionHandler {

    /** The line after the error. */
    public static final String HINT = "Try --help for the options.";

    /**
     * Runs {@code command} (a picocli command) on {@code args}, printing to {@code out} and
     * {@code err}, with this handler and enum values in any case; returns the exit code (2 for
     * bad arguments).
     */
    public static int execute(Object command, PrintStream out, PrintStream err, String... args) {
        CommandLine line = on(new CommandLine(command)).setCaseInsensitiveEnumValuesAllowed(true);
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args);
    }

    /** Installs the handler on {@code line}; returns it. */
    public static CommandLine on(CommandLine line) {
        return line.setParameterExceptionHandler(new OneLineErrors());
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine line = ex.getCommandLine();
        PrintWriter err = line.getErr();
        err.println(ex.getMessage());
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
            CommandLine.UnmatchedArgumentException.printSuggestions(unmatched, err);
        }
        err.println(HINT);
        err.flush();
        return line.getCommandSpec().exitCodeOnInvalidInput();
    }
}
