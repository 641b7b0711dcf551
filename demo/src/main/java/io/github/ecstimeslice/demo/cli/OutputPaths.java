package io.github.ecstimeslice.demo.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Function;

/** The files and folders a run writes, checked (and folders made) before the run, so a bad one fails first. */
final class OutputPaths {

    private final Function<String, CommandLine.ParameterException> usage;

    /** Checks that refuse a path with {@code usage}'s exception, which the CLI prints as a one-line error. */
    OutputPaths(Function<String, CommandLine.ParameterException> usage) {
        this.usage = usage;
    }

    /** Makes the GIF folder now, so a bad one fails before the run. */
    void checkGifDirectory(Path directory) {
        if (directory.toString().isEmpty()) {
            throw usage.apply("--gif needs a folder to write the GIFs into, was ''");
        }
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw usage.apply("--gif must be a folder, and " + directory + " is a file");
        }
        makeFolder("--gif", directory);
        if (!canWriteInto(directory)) {
            throw usage.apply("--gif cannot write into " + directory);
        }
    }

    /** Makes the folder of an output file now, and checks the file can be written, so a bad one fails before the run. */
    void checkOutputFile(String option, Path file) {
        if (file.toString().isEmpty()) {
            throw usage.apply(option + " needs a file to write, was ''");
        }
        if (Files.isDirectory(file)) {
            throw usage.apply(option + " must be a file, and " + file + " is a folder");
        }
        Path folder = file.toAbsolutePath().getParent();
        makeFolder(option, folder);
        if (Files.exists(file) ? !canWriteTo(file) : !canWriteInto(folder)) {
            throw usage.apply(option + " cannot write " + file);
        }
    }

    /**
     * True if a file can be made in {@code folder}: tried with a probe file, deleted at once.
     * {@code Files.isWritable} says yes to root for folders such as /proc, where nothing can be made.
     */
    private static boolean canWriteInto(Path folder) {
        try {
            Files.delete(Files.createTempFile(folder, ".ecs-timeslice-", ".probe"));
            return true;
        } catch (IOException | RuntimeException refused) {
            return false;
        }
    }

    /** True if the existing {@code file} opens for writing (without truncating it). */
    private static boolean canWriteTo(Path file) {
        try (FileChannel ignored = FileChannel.open(file, StandardOpenOption.WRITE)) {
            return true;
        } catch (IOException | RuntimeException refused) {
            return false;
        }
    }

    /** Makes {@code folder} and the ones above it that are missing, or says why {@code option} cannot have it. */
    private void makeFolder(String option, Path folder) {
        try {
            Files.createDirectories(folder);
        } catch (FileAlreadyExistsException e) {
            throw usage.apply(option + " cannot make the folder " + folder + ": " + e.getFile() + " is a file");
        } catch (IOException | SecurityException e) {
            throw usage.apply(option + " cannot make the folder " + folder + ": " + inWords(e));
        }
    }

    /** What refused a folder, in words: the exception's class says it to a programmer alone. */
    static String inWords(Exception refused) {
        if (refused instanceof NoSuchFileException) {
            return "no such file or folder, and none can be made there";
        }
        if (refused instanceof AccessDeniedException || refused instanceof SecurityException) {
            return "permission denied";
        }
        if (refused instanceof FileSystemException && ((FileSystemException) refused).getReason() != null) {
            return ((FileSystemException) refused).getReason();
        }
        return String.valueOf(refused.getMessage());
    }
}
