package io.github.ecstimeslice.demo.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The paths scene's words for the agents without a path at the end of a run. */
class PathLiveRunTest {

    @Test
    void agentsNotPlannedYetWaitForTheirTurnInTheFirstBatch() {
        // the default run: 1,433 of 2,000 with a path after 10 s, at about 171 paths a second
        assertEquals("at the end: 1433 of 2000 agents with a path. 567 have not been planned yet: a batch plans each"
                        + " agent once, and at 171 paths a game second a batch of 2000 takes about 11.7 s; until its turn"
                        + " in the first batch an agent stands still. A larger --budget plans them sooner.",
                PathLiveRun.withAPath(2000, 1433, 1433, 171));
    }

    @Test
    void agentsPlannedWithoutAPathAreCountedApart() {
        assertEquals("at the end: 290 of 300 agents with a path. 10 were planned but their latest search found no path.",
                PathLiveRun.withAPath(300, 300, 290, 300));
    }

    @Test
    void whenEveryAgentHasAPathThereIsNothingToExplain() {
        assertEquals("at the end: 300 of 300 agents with a path. Every agent has a path to walk.",
                PathLiveRun.withAPath(300, 300, 300, 300));
    }
}
