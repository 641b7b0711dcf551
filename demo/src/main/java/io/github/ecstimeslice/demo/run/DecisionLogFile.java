package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.DecisionLog;
import io.github.ecstimeslice.demo.scene.SaveChecksum;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code --record FILE} and {@code --replay FILE} of a live run: the {@link DecisionLog} its world
 * follows, on a buffered stream of the file, and the checksum of every save the run makes, which a
 * recorded run and its playback share.
 */
public final class DecisionLogFile implements Closeable {

    private final Path file;
    private final DecisionLog log;
    private final Closeable stream;
    private final SaveChecksum checksum = new SaveChecksum();

    private DecisionLogFile(Path file, DecisionLog log, Closeable stream) {
        this.file = file;
        this.log = log;
        this.stream = stream;
    }

    /**
     * The log the options ask for, or null without {@code --record} or {@code --replay}.
     *
     * @throws UncheckedIOException if the file cannot be opened
     */
    static DecisionLogFile of(RunOptions options) {
        try {
            if (options.recordFile() != null) {
                BufferedOutputStream out = new BufferedOutputStream(Files.newOutputStream(options.recordFile()));
                return new DecisionLogFile(options.recordFile(), DecisionLog.recordTo(out), out);
            }
            if (options.replayFile() != null) {
                BufferedInputStream in = new BufferedInputStream(Files.newInputStream(options.replayFile()));
                return new DecisionLogFile(options.replayFile(), DecisionLog.playBackFrom(in), in);
            }
            return null;
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    /** True if {@code failure} is a playback's report that its recording does not fit the run. */
    public static boolean isMismatch(Throwable failure) {
        String message = failure.getMessage();
        return message != null && (message.startsWith("playback differs from its recording")
                || message.startsWith("the recording "));
    }

    DecisionLog log() {
        return log;
    }

    SaveChecksum checksum() {
        return checksum;
    }

    /** The run's last lines: the checksum, then what was recorded or played back. */
    String summary(int ticks, int systems) {
        String what = log.playsBack() ? String.format(Locale.ROOT, "replayed %s: the budgets followed it", file)
                : String.format(Locale.ROOT, "recorded %d bytes to %s, %.1f a system a tick", log.bytesWritten(), file,
                log.bytesWritten() / (double) Math.max(1, ticks * systems));
        return String.format(Locale.ROOT, "decisions checksum: %d%n%s; %d saves", checksum.value(), what, checksum.saves());
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }
}
