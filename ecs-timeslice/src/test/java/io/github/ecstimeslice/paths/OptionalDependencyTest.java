package io.github.ecstimeslice.paths;

import io.github.ecstimeslice.TimeslicedSystem;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * gdx and gdx-ai are optional dependencies: only the path kit may name them, so the core and the
 * facing kit run with artemis-odb alone. Reads the library's compiled classes: a class that names a
 * type of {@code com.badlogic} holds the name in its constant pool.
 */
class OptionalDependencyTest {

    @Test
    void noClassOutsideThePathKitNamesGdxOrGdxAi() throws IOException, URISyntaxException {
        Path classes = Path.of(TimeslicedSystem.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path library = classes.resolve("io/github/ecstimeslice");
        Path kit = library.resolve("paths");
        List<Path> all;
        try (Stream<Path> files = Files.walk(library)) {
            all = files.filter(file -> file.toString().endsWith(".class")).toList();
        }
        List<Path> naming = all.stream().filter(file -> !file.startsWith(kit)).filter(OptionalDependencyTest::namesGdx).toList();
        assertEquals(List.of(), naming);
        assertTrue(all.stream().filter(file -> !file.startsWith(kit)).count() > 20, "the core's classes were read");
        assertTrue(namesGdx(kit.resolve("PathPlanningSystem.class")), "the check sees a class that names gdx-ai");
    }

    private static boolean namesGdx(Path classFile) {
        try {
            return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1).contains("com/badlogic");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
