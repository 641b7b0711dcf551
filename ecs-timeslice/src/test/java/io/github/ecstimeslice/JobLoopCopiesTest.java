package io.github.ecstimeslice;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The checked-in job loop copies ({@link JobLoops}) are {@code WorldThreadJobs.java} with the class's
 * name numbered and a banner, nothing else. After editing the original, rewrite them with
 * {@code mvn -q -pl ecs-timeslice test -Dtest=JobLoopCopiesTest -Djobloops.rewrite=true}.
 */
class JobLoopCopiesTest {

    static final String NAME = "WorldThreadJobs";
    /** The name where it is not a whole word: the copies would rename it as well. */
    static final Pattern NOT_WHOLE = Pattern.compile("[\\p{javaJavaIdentifierPart}]" + NAME + "|" + NAME
            + "[\\p{javaJavaIdentifierPart}]");
    private static final Path SOURCES = Path.of("src/main/java/io/github/ecstimeslice");
    private static final String REWRITE = "mvn -q -pl ecs-timeslice test -Dtest=JobLoopCopiesTest -Djobloops.rewrite=true";

    /** What copy {@code number} of {@code original} must read. */
    static String copyOf(String original, int number) {
        return "// Generated from " + NAME + ".java by JobLoopCopiesTest: edit that file, not this one, then run\n"
                + "// " + REWRITE + "\n"
                + original.replace(NAME, NAME + number);
    }

    static IntStream copyNumbers() {
        return IntStream.range(1, JobLoops.COPIES);
    }

    @ParameterizedTest
    @MethodSource("copyNumbers")
    void everyCopyIsTheOriginalWithItsNameNumberedAndABanner(int number) throws IOException {
        String expected = copyOf(read(NAME + ".java"), number);
        Path copy = SOURCES.resolve(NAME + number + ".java");
        if (Boolean.getBoolean("jobloops.rewrite")) {
            Files.write(copy, expected.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(expected, read(copy.getFileName().toString()),
                copy + " differs from the original with its name numbered: run " + REWRITE);
    }

    @Test
    void theOriginalNamesItselfOnlyAsItsOwnClass() throws IOException {
        String original = read(NAME + ".java");
        Matcher part = NOT_WHOLE.matcher(original);
        assertTrue(!part.find(), () -> "WorldThreadJobs.java has its name inside another word, at: "
                + original.substring(part.start(), Math.min(original.length(), part.start() + 40))
                + "; the copies would rename that too");
        assertTrue(original.contains("final class " + NAME + "<"), "the original declares its class");
    }

    @Test
    void theSelfNameRuleCatchesTheNameInsideAnotherWord() {
        assertTrue(NOT_WHOLE.matcher(NAME + "Test").find());
        assertTrue(NOT_WHOLE.matcher("My" + NAME).find());
        assertTrue(!NOT_WHOLE.matcher("new " + NAME + "<>(").find());
    }

    @Test
    void noCopyIsLeftBeyondTheOnesJobLoopsHandsOut() throws IOException {
        try (Stream<Path> files = Files.list(SOURCES)) {
            long copies = files.filter(file -> file.getFileName().toString().matches(NAME + "\\d+\\.java")).count();
            assertEquals(JobLoops.COPIES - 1, copies, "copies in " + SOURCES);
        }
    }

    /** The file's text with Unix line ends, however git checked it out. */
    private static String read(String file) throws IOException {
        return new String(Files.readAllBytes(SOURCES.resolve(file)), StandardCharsets.UTF_8).replace("\r\n", "\n");
    }
}
