package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WatchingCostTest {

    @Test
    void valuesOutOfRangeAreRefusedNamingTheValue() {
        BenchCli.assertRefused(WatchingCost::run, "--npcs must be from 1 to 1000000, was 0", "--npcs", "0");
        BenchCli.assertRefused(WatchingCost::run, "--per-tick must be at least 1, was 0", "--per-tick", "0");
        BenchCli.assertRefused(WatchingCost::run, "--rounds and --ticks must be at least 1, were 0 and 1000", "--rounds", "0");
        BenchCli.assertRefused(WatchingCost::run, "WORKERS_SOMETIMES", "--threading", "WORKERS_SOMETIMES");
        BenchCli.assertRefused(WatchingCost::run, "--job-nanos must be from 0 to 1000000, was -5", "--job-nanos", "-5");
    }

    @Test
    void aShortRunReportsTheThreeWorldsAgainstTheUnwatchedOne() {
        BenchCli.Said run = BenchCli.run(WatchingCost::run, "--npcs", "2000", "--per-tick", "200", "--rounds", "1",
                "--ticks", "20");
        assertEquals(0, run.code(), run.err());
        for (String world : new String[] {"| unwatched |", "| turn watcher |", "| job timeline |", "| JFR events, recording |"}) {
            assertTrue(run.out().contains(world), run.out());
        }
    }
}
