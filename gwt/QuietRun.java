import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command with its output, standard and error, in a file. If the command succeeds, says so in
 * one line; if it fails, prints its whole output back, says where the file is and exits with the
 * command's code, so a build that runs it fails with the reason in its own log.
 *
 * <p>The GWT compiles run under it (gwt/pom.xml): artemis-odb-gwt's reflection generator
 * prints the type tree it walks, some 160 lines a compile, straight to System.out, whatever GWT's
 * -logLevel.
 *
 * <p>Usage, with nothing but a JDK 11 or later: {@code java QuietRun.java LABEL LOG_FILE COMMAND [ARGUMENT...]}
 */
public class QuietRun {

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: java QuietRun.java LABEL LOG_FILE COMMAND [ARGUMENT...]");
            System.exit(2);
        }
        String label = args[0];
        Path log = Path.of(args[1]).toAbsolutePath();
        List<String> command = Arrays.asList(args).subList(2, args.length);
        Files.createDirectories(log.getParent());
        long start = System.nanoTime();
        int code;
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            // a build stopped while the command runs stops the command too
            Thread stop = new Thread(process::destroy);
            Runtime.getRuntime().addShutdownHook(stop);
            code = process.waitFor();
            Runtime.getRuntime().removeShutdownHook(stop);
        } catch (IOException notStarted) {
            Files.writeString(log, "could not run " + command + ": " + notStarted + System.lineSeparator());
            code = 1;
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        if (code == 0) {
            System.out.println(label + ": ok in " + seconds + " s, its output in " + log);
            return;
        }
        System.out.println(label + " FAILED (exit " + code + ") in " + seconds + " s; its output, also in " + log + ":");
        System.out.flush();
        System.out.write(Files.readAllBytes(log));
        System.out.println(label + " FAILED (exit " + code + "): its output is above and in " + log);
        System.out.flush();
        System.exit(code);
    }
}
