package io.github.ecstimeslice.demo.cli;

import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * Bad arguments, picocli's own parse errors and the demo's checks alike: the one-line error and a
 * line pointing to {@code --help}, not the whole usage (which scrolled the error away), with exit
 * code 2 and no stack trace.
 */
public final class OneLineErrors implements CommandLine.IParameterExceptionHandler {

    /** The line after the error. */
    public static final String HINT = "Try --help for the options.";

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
