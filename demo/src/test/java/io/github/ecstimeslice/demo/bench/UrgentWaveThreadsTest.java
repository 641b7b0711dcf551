package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UrgentWaveThreadsTest {

    private static void assertRefused(String error, String... args) {
        BenchCli.assertRefused(UrgentWaveThreads::run, error, args);
    }

    @Test
    void valuesOutOfRangeAreRefusedNamingTheValue() {
        assertRefused("--npcs must be from 1 to 100000, was 0", "--npcs", "0");
        assertRefused("--asked must be from 2 to --npcs (50), was 51", "--npcs", "50", "--asked", "51");
        assertRefused("--asked must be from 2 to --npcs (2000), was 1", "--asked", "1");
        assertRefused("--waves must be from 1 to 10000, was 0", "--waves", "0");
        assertRefused("--job-micros must each be from 0 to 10000, was -1.0", "--job-micros", "1,-1");
        assertRefused("'fast'", "--job-micros", "fast");
    }

    @Test
    void aShortRunReportsBothWorldsAndTheirRatioForEachJobCost() {
        BenchCli.Said run = BenchCli.run(UrgentWaveThreads::run,
                "--npcs", "60", "--asked", "20", "--waves", "3", "--job-micros", "0,5");
        assertEquals(0, run.code(), run.err());
        String said = run.out();
        assertTrue(said.contains("60 NPCs, AIAO, jobsPerTick(5), urgent allowance 20"), said);
        assertTrue(said.contains("| workers / world's thread |"), said);
        assertTrue(said.lines().anyMatch(line -> line.startsWith("| 0 |")), said);
        assertTrue(said.lines().anyMatch(line -> line.startsWith("| 5 |")), said);
    }
}
