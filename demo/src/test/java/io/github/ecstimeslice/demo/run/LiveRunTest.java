package io.github.ecstimeslice.demo.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The live run's words for the last whole batch: a count of decisions and a time, not a second rate. */
class LiveRunTest {

    @Test
    void aBatchIsItsDecisionsAndTheGameSecondsItTookNotARate() {
        // 10,000 NPCs each deciding within half a second: 20,000 a second, a batch of 10,000
        assertEquals("last whole batch 10000 decisions in 0.500 s", LiveRun.lastBatch(20_000, 0.5, false));
        assertEquals("last whole batch 3 decisions in 0.017 s", LiveRun.lastBatch(180, 1 / 60.0, false));
    }

    @Test
    void beforeABatchHasEndedThereIsNoneToShow() {
        assertEquals("no whole batch yet", LiveRun.lastBatch(0, 0, false));
        assertEquals("no whole batch yet", LiveRun.lastBatch(0, 0, true));
    }

    @Test
    void tiersGiveTheRateOverTheirLastBatchesWhichHoldOnlyTheNpcsDue() {
        assertEquals("the tiers' last whole batches 18260 decisions/s", LiveRun.lastBatch(18_260, 0.1, true));
    }
}
