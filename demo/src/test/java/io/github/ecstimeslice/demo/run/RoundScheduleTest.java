package io.github.ecstimeslice.demo.run;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The order in which a comparison ticks its contenders. */
class RoundScheduleTest {

    @Test
    void contendersAreBuiltWarmedUpInTurnThenMeasuredInSpansInTurnEveryOtherRoundBackwards() {
        List<String> steps = steps(new RoundSchedule(3, 2, 3, 2));
        assertEquals(List.of(
                "BUILD 0", "BUILD 1", "BUILD 2",
                "WARM 0", "WARM 1", "WARM 2", "WARM 0", "WARM 1", "WARM 2",
                "SETTLE 0",
                "MEASURE 0 round 0", "MEASURE 0 round 0", "MEASURE 1 round 0", "MEASURE 1 round 0",
                "MEASURE 2 round 0", "MEASURE 2 round 0",
                "MEASURE 2 round 1", "MEASURE 2 round 1", "MEASURE 1 round 1", "MEASURE 1 round 1",
                "MEASURE 0 round 1", "MEASURE 0 round 1",
                "MEASURE 0 round 2", "MEASURE 0 round 2", "MEASURE 1 round 2", "MEASURE 1 round 2",
                "MEASURE 2 round 2", "MEASURE 2 round 2",
                "EXTRA 0", "EXTRA 1", "EXTRA 2",
                "END 0", "END 1", "END 2"), steps);
    }

    @Test
    void aSpanCountsItsTicksFromZero() {
        RoundSchedule schedule = new RoundSchedule(1, 0, 2, 3);
        List<Integer> ticks = new ArrayList<>();
        for (RoundSchedule.Step step = schedule.next(); step != null; step = schedule.next()) {
            if (step.kind() == RoundSchedule.Kind.MEASURE) {
                ticks.add(step.tick());
            }
        }
        assertEquals(List.of(0, 1, 2, 0, 1, 2), ticks);
    }

    @Test
    void aLateContenderIsBuiltAndWarmedUpAfterTheOthersWarmUpThenMeasuredWithThem() {
        List<String> steps = steps(new RoundSchedule(3, 1, 2, 1).late(1));
        assertEquals(List.of(
                "BUILD 0", "BUILD 2", "WARM 0", "WARM 2",
                "BUILD 1", "WARM 1",
                "SETTLE 0",
                "MEASURE 0 round 0", "MEASURE 1 round 0", "MEASURE 2 round 0",
                "MEASURE 2 round 1", "MEASURE 1 round 1", "MEASURE 0 round 1",
                "EXTRA 0", "EXTRA 1", "EXTRA 2", "END 0", "END 1", "END 2"), steps);
    }

    @Test
    void aContenderAloneRunsWholeBeforeAnyOtherIsBuilt() {
        List<String> steps = steps(new RoundSchedule(2, 1, 2, 1).alone(0, 2, 3));
        assertEquals(List.of(
                "BUILD 0", "WARM 0", "WARM 0", "MEASURE 0 round 0", "MEASURE 0 round 0", "MEASURE 0 round 0",
                "EXTRA 0", "END 0",
                "BUILD 1", "WARM 1", "SETTLE 1", "MEASURE 1 round 0", "MEASURE 1 round 1", "EXTRA 1", "END 1"), steps);
    }

    @Test
    void aContenderThatFollowsAnothersFiguresKeepsItsPlaceInEveryRound() {
        RoundSchedule schedule = new RoundSchedule(2, 1, 3, 1).sameOrderEachRound();
        for (int round = 0; round < 3; round++) {
            assertEquals(List.of(0, 1), List.of(schedule.order(round)[0], schedule.order(round)[1]));
        }
        assertEquals(List.of(1, 0), List.of(new RoundSchedule(2, 1, 3, 1).order(1)[0],
                new RoundSchedule(2, 1, 3, 1).order(1)[1]));
    }

    /** Every step, as "KIND contender", with " round r" for a measured tick. */
    static List<String> steps(RoundSchedule schedule) {
        List<String> steps = new ArrayList<>();
        for (RoundSchedule.Step step = schedule.next(); step != null; step = schedule.next()) {
            steps.add(step.kind() + " " + step.contender()
                    + (step.kind() == RoundSchedule.Kind.MEASURE ? " round " + step.round() : ""));
        }
        return steps;
    }
}
