package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jobs in pieces: a work budget's units a tick, jobs going on over ticks, each policy's reads and
 * saves, time budgets, workers, churn, failures, budget changes, urgent asks and record/playback.
 */
class SlicedSystemTest {

    /** A world of {@code system} and {@code entities} deciders, ids 0 to entities - 1. */
    private static World world(SlicedCounting system, int entities) {
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, entities);
        return world;
    }

    @Test
    void aWorkBudgetRunsItsUnitsATickGoingOnWithTheJobALastTickLeft() {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(4), TimeslicedSystem.NO_HISTORY);
        counting.costs = new int[]{5, 3, 10, 1};
        World world = world(counting, 4);
        TestWorlds.run(world, 6, 1 / 60f);
        // pieces as "entity:work allowed". Tick 0: 0 runs 4 of 5; 1: 0 ends (1), 1 ends (3); 2, 3: 2 runs 4
        // and 4; 4: 2 ends (2), 3 ends (1), a unit left over as the batch ran out; 5: the next batch's 0 runs 4
        assertEquals(List.of("0:4", "0:4", "1:3", "2:4", "2:4", "2:4", "3:2", "0:4"), counting.pieces);
        assertEquals(List.of("0@1", "1@1", "2@4", "3@4"), counting.saves);
        assertEquals(List.of("0@0", "1@1", "2@2", "3@4", "0@5"), counting.reads, "async input: read as a job begins");
    }

    @Test
    void aJobTimelineKeepsASpanForEachPieceNamingItsEntity() {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(4), TimeslicedSystem.NO_HISTORY);
        counting.costs = new int[]{5, 3, 10, 1};
        JobTimeline timeline = new JobTimeline(64);
        counting.stats().setJobTimeline(timeline);
        World world = world(counting, 4);
        TestWorlds.run(world, 6, 1 / 60f);
        List<String> spans = new java.util.ArrayList<>();
        for (long span = timeline.oldest(); span < timeline.next(); span++) {
            if (timeline.kind(span) == JobTimeline.Kind.BATCH_JOB) {
                spans.add(timeline.entity(span) + "@" + timeline.tick(span));
            }
        }
        // the pieces of the first test, as spans: "entity@tick"
        assertEquals(List.of("0@0", "0@1", "1@1", "2@2", "2@3", "2@4", "3@4", "0@5"), spans);
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void eachPolicyReadsAndSavesAJobInPiecesWhereItWouldAWholeOne(IoPolicy policy) {
        SlicedCounting counting = new SlicedCounting(policy, Budget.workPerTick(4), 1);
        counting.costs = new int[]{6, 6};
        World world = world(counting, 2);
        TestWorlds.run(world, 5, 1 / 60f);
        // pieces: tick 0: 0 (4); 1: 0 ends (2), 1 (2); 2: 1 ends (4), the batch over; 3: the next batch's 0 (4)
        assertEquals(policy.syncInput() ? List.of("0@0", "1@0", "0@3", "1@3") : List.of("0@0", "1@1", "0@3", "1@4"),
                counting.reads);
        assertEquals(policy.syncOutput() ? List.of("0@3", "1@3") : List.of("0@1", "1@2", "0@4"), counting.saves);
        assertEquals(policy.syncOutput() ? 3 : 2, counting.historyOf(1).savedAtTick(0), "the save stamps its tick");
        assertEquals(6, counting.historyOf(1).latest().done, "the finishing piece wrote the output");
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void aWorkBudgetFinishesTheSameJobsInTheSameTicksOnEveryThreading(Threading threading) {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(7), TimeslicedSystem.NO_HISTORY);
        counting.setThreading(threading);
        counting.costs = new int[40];
        for (int e = 0; e < 40; e++) {
            counting.costs[e] = 1 + e * 37 % 23;
        }
        World world = world(counting, 40);
        TestWorlds.run(world, 200, 1 / 60f);
        SlicedCounting reference = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(7), TimeslicedSystem.NO_HISTORY);
        reference.costs = counting.costs;
        TestWorlds.run(world(reference, 40), 200, 1 / 60f);
        assertEquals(reference.saves, counting.saves);
        assertEquals(reference.pieces, counting.pieces);
        assertTrue(counting.pieces.size() > counting.saves.size(), "jobs went on over ticks");
    }

    @Test
    void underATimeBudgetOnTheWorldsThreadATickRunsOnePiecePastItsTimeAtMost() {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.millisPerTick(1e-9), TimeslicedSystem.NO_HISTORY);
        counting.setWorkPerPiece(3);
        counting.costs = new int[]{7, 2};
        World world = world(counting, 2);
        TestWorlds.run(world, 4, 1 / 60f);
        // the time is spent before any piece: one piece a tick, of 3 units at most
        assertEquals(List.of("0:3", "0:3", "0:3", "1:3"), counting.pieces);
        assertEquals(List.of("0@2", "1@3"), counting.saves);
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    void onWorkersATimeBudgetRunsWholeJobs(Threading threading) {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.millisPerTick(1e-9), TimeslicedSystem.NO_HISTORY);
        counting.setThreading(threading);
        counting.setWorkPerPiece(3);
        counting.costs = new int[]{7, 2};
        World world = world(counting, 2);
        TestWorlds.run(world, 3, 1 / 60f);
        world.dispose(); // waits for the jobs still running on workers, which add to the pieces
        assertTrue(counting.pieces.stream().allMatch(piece -> piece.endsWith(":1000000")), "whole: " + counting.pieces);
        assertTrue(counting.saves.contains("0@" + (threading == Threading.WORKERS_SAME_TICK ? 0 : 1)), counting.saves.toString());
    }

    @Test
    void anEntityThatLeavesMidJobHasItsJobCancelledAndItsIdsNextEntityNothingOfIt() {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(2), 1);
        counting.costs = new int[]{5, 1, 1};
        World world = world(counting, 3);
        TestWorlds.run(world, 1, 1 / 60f); // 0 ran 2 of 5
        world.delete(0);
        TestWorlds.run(world, 1, 1 / 60f);
        assertEquals(List.of("0@1"), counting.cancels, "cancelled as it left");
        assertEquals(List.of("1@1", "2@1"), counting.saves, "the batch went on with the next jobs");
        int recycled = world.create();
        world.edit(recycled).create(Decides.class);
        assertEquals(0, recycled, "the id is recycled");
        TestWorlds.run(world, 4, 1 / 60f);
        assertTrue(counting.saves.contains("0@4"), "its 5 units in ticks 2 to 4: " + counting.saves);
        assertEquals(List.of("0@0", "1@1", "2@1", "0@2"), counting.reads.subList(0, 4), "its job began afresh");
        assertEquals(1, counting.cancels.size());
    }

    @Test
    void aPieceThatThrowsFailsTheTickNamingItsEntityAndTheBatchGoesOn() {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(3), TimeslicedSystem.NO_HISTORY);
        counting.costs = new int[]{5, 2};
        counting.throwingEntity = 0;
        World world = world(counting, 2);
        TestWorlds.run(world, 1, 1 / 60f);
        JobFailedException failed = assertThrows(JobFailedException.class, world::process);
        assertEquals(0, failed.entityId());
        assertEquals(List.of("0@1"), counting.cancels);
        TestWorlds.run(world, 1, 1 / 60f);
        assertEquals(List.of("1@2"), counting.saves);
    }

    @Test
    void aBudgetThatStopsThePiecesCancelsTheJobInProgressWhichStartsAgainWhole() {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(2), TimeslicedSystem.NO_HISTORY);
        counting.costs = new int[]{5, 1};
        World world = world(counting, 2);
        TestWorlds.run(world, 1, 1 / 60f);
        counting.setBudget(Budget.jobsPerTick(1));
        TestWorlds.run(world, 1, 1 / 60f);
        assertEquals(List.of("0@1"), counting.cancels);
        assertEquals(List.of("0:2", "0:1000000"), counting.pieces);
        assertEquals(List.of("0@1"), counting.saves);
        assertEquals(List.of("0@0", "0@1"), counting.reads, "its input read again as it starts again");
    }

    @Test
    void urgentAsksRunWholeBeforeThePieces() {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(2), TimeslicedSystem.NO_HISTORY);
        counting.costs = new int[]{5, 1, 9};
        World world = world(counting, 3);
        TestWorlds.run(world, 1, 1 / 60f);
        counting.decideSoon(2);
        TestWorlds.run(world, 1, 1 / 60f);
        assertEquals(List.of("0:2", "2:1000000", "0:2"), counting.pieces);
        assertEquals(List.of("2@1"), counting.saves);
    }

    @Test
    void aWorkBudgetIsRefusedForASystemOfWholeJobsNamingIt() {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> new StampSystem(IoPolicy.AIAO, Budget.workPerTick(100)));
        assertEquals("workPerTick(100) counts the pieces of a SlicedSystem's jobs; " + StampSystem.class.getName()
                + "'s jobs are whole: give it jobsPerTick or another", thrown.getMessage());
        StampSystem stamp = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        assertThrows(IllegalArgumentException.class, () -> stamp.setBudget(Budget.workPerTick(1)));
        assertEquals(Budget.jobsPerTick(1), stamp.budget(), "left as it was");
        assertThrows(IllegalArgumentException.class, () -> Budget.workPerTick(0));
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(1), 1);
        IllegalArgumentException piece = assertThrows(IllegalArgumentException.class, () -> counting.setWorkPerPiece(0));
        assertEquals("work per piece must be at least 1 unit, was 0", piece.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORLD_THREAD", "WORKERS_SAME_TICK"})
    void aRunInPiecesUnderATimeBudgetPlaysBackUnderAWorkBudgetSaveForSave(Threading playedOn) {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        SlicedCounting recorded = timedRun(Budget.millisPerTick(0.002), Threading.WORLD_THREAD,
                DecisionLog.recordTo(recording));
        SlicedCounting replayed = timedRun(Budget.workPerTick(1), playedOn,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
        assertEquals(recorded.saves, replayed.saves);
        assertTrue(recorded.saves.size() > 50, "saves: " + recorded.saves.size());
        SlicedCounting unlogged = timedRun(Budget.workPerTick(1), playedOn, null);
        assertTrue(!unlogged.saves.equals(recorded.saves), "the playback's own budget decides otherwise");
    }

    @Test
    void aChangedCountOfUnitsIsCaughtInItsTick() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        DecisionLog log = DecisionLog.recordTo(recording);
        SlicedCounting counting = counting(Budget.workPerTick(5), Threading.WORLD_THREAD);
        World world = world(counting, 30);
        log.attach(world);
        TestWorlds.run(world, 299, 1 / 60f);
        int lastTurn = (int) log.bytesWritten();
        TestWorlds.run(world, 1, 1 / 60f);
        byte[] bytes = recording.toByteArray();
        // the turn: index, flags, batch jobs, position, then with flag 64 its units and those into the job going on
        int[] cursor = {lastTurn};
        DecisionLogTest.readCount(bytes, cursor);
        int flags = DecisionLogTest.readCount(bytes, cursor);
        assertEquals(DecisionLog.PIECES, flags & ~(DecisionLog.BATCH_DUE | DecisionLog.BATCH_STARTED));
        DecisionLogTest.readCount(bytes, cursor);
        DecisionLogTest.readCount(bytes, cursor);
        assertEquals(5, bytes[cursor[0]], "the turn's units");
        bytes[cursor[0]] = 4;
        SlicedCounting replayed = counting(Budget.workPerTick(5), Threading.WORLD_THREAD);
        World replay = world(replayed, 30);
        DecisionLog.playBackFrom(new ByteArrayInputStream(bytes)).attach(replay);
        TestWorlds.run(replay, 299, 1 / 60f);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, replay::process);
        assertTrue(thrown.getMessage().startsWith("playback differs from its recording in tick 299 of "
                + replayed.getClass().getName()), thrown.getMessage());
    }

    /** 300 ticks of 30 jobs of 1 to 40 units under {@code budget}, following {@code log} unless it is null. */
    private static SlicedCounting timedRun(Budget budget, Threading threading, DecisionLog log) {
        SlicedCounting counting = counting(budget, threading);
        World world = world(counting, 30);
        if (log != null) {
            log.attach(world);
        }
        TestWorlds.run(world, 300, 1 / 60f);
        return counting;
    }

    /** A system of 30 jobs of 1 to 40 units, in pieces of 4 under a time budget. */
    private static SlicedCounting counting(Budget budget, Threading threading) {
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, budget, 1);
        counting.setThreading(threading);
        counting.setWorkPerPiece(4);
        counting.costs = new int[30];
        for (int e = 0; e < 30; e++) {
            counting.costs[e] = 1 + e * 13 % 40;
        }
        return counting;
    }

    @Test
    void piecesMakeNoGarbageInSteadyState() {
        SteadyStateBytes.assertCounted();
        SlicedCounting counting = new SlicedCounting(IoPolicy.AIAO, Budget.workPerTick(9), 1) {
            @Override
            protected void outputSaved(int entityId, Count output) {
            }

            @Override
            protected void setUpInput(int entityId, Count input) {
                input.cost = 1 + entityId % 20;
            }

            @Override
            protected int runJobPiece(int entityId, Count input, Count output, int work, boolean first) {
                if (first) {
                    input.done = 0;
                }
                int step = Math.min(work, input.cost - input.done);
                input.done += step;
                return input.done < input.cost ? GOES_ON : step;
            }
        };
        World world = world(counting, 500);
        TestWorlds.run(world, 2_000, 1 / 60f);
        SteadyStateBytes.assertNoGarbage(() -> TestWorlds.run(world, 500, 1 / 60f), "pieces");
    }
}
