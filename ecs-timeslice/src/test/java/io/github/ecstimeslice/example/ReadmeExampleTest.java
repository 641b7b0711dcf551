package io.github.ecstimeslice.example;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's examples: each of its Java blocks is one of this package's files as it stands
 * (without the package line), and each runs and prints what the README says it prints.
 */
class ReadmeExampleTest {

    private static final Path README = Path.of("..", "README.md");
    private static final Path EXAMPLES = Path.of("src", "test", "java", "io", "github", "ecstimeslice", "example");

    /** What {@code main} prints. */
    private static String printedBy(Runnable main) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            main.run();
        } finally {
            System.setOut(out);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    private static Matcher find(String pattern, String text) {
        Matcher matcher = Pattern.compile(pattern).matcher(text);
        assertTrue(matcher.find(), "expected " + pattern + " in: " + text);
        return matcher;
    }

    @Test
    void everyJavaBlockOfTheReadmeIsAnExampleFileAsItStands() throws IOException {
        assertJavaBlocksAre(README, "FacingQuickStart.java", "Guards.java", "SharedAi.java", "SeeingInside.java");
    }

    @Test
    void coverScorerDecidesFourNpcsATickInPiecesOfItsWorkBudget() {
        String said = printedBy(() -> CoverScorer.main(new String[0]));
        // 20,000 spots scored a tick, 5,000 an NPC: the 200 NPCs' first batch takes 50 ticks, the next 10 decide 40
        assertEquals("after 60 ticks: 240 NPCs chose cover, 4 a tick\n", said.replace("\r", ""));
    }

    @Test
    void seeingInsideRunsSixHundredTicksUnderTheBudgetsPressureAndExplainsAnNpc() {
        String said = printedBy(() -> {
            try {
                SeeingInside.main(new String[0]);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(said.contains("pressure ") && said.contains("after 600 turns; entity "), said);
    }

    @Test
    void theTimingDocsTiersExampleIsAnExampleFileAsItStands() throws IOException {
        // timing.md's other Java blocks are fragments; the one that imports is the whole example
        String timing = Files.readString(Path.of("..", "docs", "timing.md"));
        Matcher blocks = Pattern.compile("```java\n(import .*?)```", Pattern.DOTALL).matcher(timing);
        assertTrue(blocks.find(), "timing.md has the tiers example");
        assertEquals(exampleFile("TieredCrowd.java"), blocks.group(1));
        assertFalse(blocks.find(), "one whole example in timing.md");
    }

    /**
     * Each Java block of {@code doc} is one of the named example files as it stands, or a run of
     * its lines (their indentation aside), each file once.
     */
    private static void assertJavaBlocksAre(Path doc, String... names) throws IOException {
        Matcher blocks = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(doc));
        List<String> files = new ArrayList<>();
        for (String name : names) {
            files.add(exampleFile(name));
        }
        List<String> unmatched = new ArrayList<>(files);
        while (blocks.find()) {
            String block = blocks.group(1);
            String file = files.stream().filter(f -> f.equals(block) || unindented(f).contains(unindented(block)))
                    .findFirst().orElse(null);
            assertTrue(file != null, "a block of " + doc + " is no example file, nor lines of one:\n" + block);
            assertTrue(unmatched.remove(file), "two blocks of " + doc + " from one example file:\n" + block);
        }
        assertTrue(unmatched.isEmpty(), "each example once: " + unmatched.size() + " not shown");
    }

    private static String unindented(String text) {
        return text.replaceAll("(?m)^ +", "");
    }

    /** The example file without its package line and the blank line after it. */
    private static String exampleFile(String name) throws IOException {
        return Files.readString(EXAMPLES.resolve(name)).replaceFirst("^package [^;]+;\n\n", "");
    }

    @Test
    void theReadmesDependencySnippetsNameTheProjectsVersion() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        String version = find("<artifactId>ecs-timeslice-parent</artifactId>\\s*<version>([^<]+)</version>", pom).group(1);
        String readme = Files.readString(README);
        assertTrue(readme.contains("<version>" + version + "</version>"), "the Maven snippet names " + version);
        assertTrue(readme.contains("'io.github.ecstimeslice:ecs-timeslice:" + version + "'"), "the Gradle one too");
    }

    @Test
    void theFacingQuickStartDecidesEveryNpcTwiceASecondAndTheyFaceTheTarget() {
        String printed = printedBy(() -> FacingQuickStart.main(new String[0]));
        // batchEvery(0.5) over 10,000 NPCs: two batches in one second
        Matcher line = find("after 1 s: 20,000 decisions, 333\\.3 a tick; mean facing error ([0-9.]+) degrees", printed);
        double error = Double.parseDouble(line.group(1));
        // every NPC has decided; the ones decided last have had little time to turn
        assertTrue(error > 0 && error < 15, printed);
    }

    @Test
    void theSharedBudgetGivesFacingThreeQuartersOfItsJobsAndAlertnessAQuarter() {
        String printed = printedBy(() -> SharedAi.main(new String[0]));
        // shares 3 : 1 of 400 jobs, both systems with more work than that
        assertEquals("a tick: 300 facing decisions, 100 alertness decisions, 400 in all", printed.strip());
    }

    @Test
    void theGuardFiveFromThePlayerIsThreeQuartersAlertDecidedInTheFourthTick() {
        String printed = printedBy(() -> Guards.main(new String[0]));
        // 1 - 5 / 20; the 164th guard in id order, 50 a tick: the fourth tick, index 3
        assertEquals("guard at (3, 4): alertness 0.75, decided in tick 3 (the first is 0)", printed.strip());
    }

    @Test
    void theTieredCrowdDecidesTheNearNpcsTenTimesASecondAndTheFarOnesEvery1point6Seconds() {
        String printed = printedBy(() -> TieredCrowd.main(new String[0]));
        // the grid 200 x 200, the target at (100, 100): count the rings' NPCs here, then the rates they get
        int[] inRing = new int[3];
        for (int i = 0; i < 40_000; i++) {
            float dx = i % 200 - 100, dy = i / 200 - 100, squared = dx * dx + dy * dy;
            inRing[squared < 20 * 20 ? 0 : squared < 60 * 60 ? 1 : 2]++;
        }
        double[] perSecond = {10, 10 / 4.0, 10 / 16.0}; // a batch every 0.1 s; periods 1, 4, 16
        for (int tier = 0; tier < 3; tier++) {
            Matcher line = find("tier " + tier + ": +([0-9,]+) NPCs, +([0-9,]+) decisions a second", printed);
            assertEquals(inRing[tier], Integer.parseInt(line.group(1).replace(",", "")), printed);
            double decided = Double.parseDouble(line.group(2).replace(",", ""));
            double expected = inRing[tier] * perSecond[tier];
            assertEquals(expected, decided, expected * 0.1, "tier " + tier + ": " + printed);
        }
    }
}
