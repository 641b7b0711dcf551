package io.github.ecstimeslice;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A playback that follows its recording through the edges: input reads that failed where the
 * recorded start stopped, a next-tick record refused before any job runs, threadings switched
 * between turns.
 */
class DecisionLogEdgesTest {

    /** A {@link DecisionLogTest.Reading} whose poisoned input read takes long before it throws: a deadline passes in it. */
    static final class SlowPoison extends DecisionLogTest.Reading {
        SlowPoison(Budget budget) {
            super(budget);
        }

        @Override
        protected void setUpInput(int entityId, Stamp input) {
            if (entityId == poison) {
                long until = System.nanoTime() + 100_000_000L;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            super.setUpInput(entityId, input);
        }
    }

    private static String outcome(World world) {
        world.setDelta(1 / 60f);
        try {
            world.process();
            return "ok";
        } catch (RuntimeException thrown) {
            return thrown.getClass().getSimpleName() + ": " + thrown.getMessage();
        }
    }

    private static String play(DecisionLogTest.Reading system, int npcs, int ticks, DecisionLog log,
                               BiConsumer<DecisionLogTest.Reading, Integer> asks) {
        World world = new World(new WorldConfigurationBuilder().with(system).build());
        for (int i = 0; i < npcs; i++) {
            world.edit(world.create()).create(Decides.class);
        }
        log.attach(world);
        StringBuilder outcomes = new StringBuilder();
        for (int t = 0; t < ticks; t++) {
            asks.accept(system, t);
            outcomes.append(outcome(world)).append('\n');
            system.poison = -1;
        }
        world.dispose();
        return outcomes + "" + system.saves;
    }

    /**
     * Tick 0 under a 20 ms budget on workers: slot 0's input is read, then slot 1's read takes
     * 100 ms and throws, so the deadline passes in it and the start stops at the next chunk's
     * boundary with slot 1 consumed (dropped, failed). The record says 1 job, position 2: the
     * playback runs its 1 job, then reads slot 1 again, which fails as it did.
     */
    @ParameterizedTest(name = "recorded and played back on {0}")
    @EnumSource(value = Threading.class, names = {"WORKERS_NEXT_TICK", "WORKERS_SAME_TICK"})
    void aFailedInputReadWhereTheDeadlineStopsTheStartPlaysBack(Threading threading) {
        BiConsumer<DecisionLogTest.Reading, Integer> poisonSlot1 = (system, t) -> {
            if (t == 0) {
                system.poison = 1;
            }
        };
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        SlowPoison timed = new SlowPoison(Budget.millisPerTick(20));
        timed.setThreading(threading);
        String recorded = play(timed, 6, 4, DecisionLog.recordTo(recording), poisonSlot1);
        assertTrue(recorded.startsWith("JobFailedException"), recorded);
        SlowPoison counted = new SlowPoison(Budget.jobsPerTick(100));
        counted.setThreading(threading);
        String played = play(counted, 6, 4,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())), poisonSlot1);
        assertEquals(recorded, played);
    }

    /** A next-tick recording played back on same-tick workers stops in tick 0 before the turn's urgent job runs. */
    @Test
    void aNextTickRecordPlayedBackInTheTurnStopsBeforeItsUrgentJobsRun() {
        BiConsumer<DecisionLogTest.Reading, Integer> askAt0 = (system, t) -> {
            if (t == 0) {
                system.decideSoon(3);
            }
        };
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        DecisionLogTest.Reading host = new DecisionLogTest.Reading(Budget.jobsPerTick(2));
        host.setThreading(Threading.WORKERS_NEXT_TICK);
        play(host, 6, 3, DecisionLog.recordTo(recording), askAt0);

        DecisionLogTest.Reading replay = new DecisionLogTest.Reading(Budget.jobsPerTick(2));
        replay.setThreading(Threading.WORKERS_SAME_TICK);
        World world = new World(new WorldConfigurationBuilder().with(replay).build());
        for (int i = 0; i < 6; i++) {
            world.edit(world.create()).create(Decides.class);
        }
        DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())).attach(world);
        replay.decideSoon(3);
        world.setDelta(1 / 60f);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, world::process);
        assertTrue(thrown.getMessage().contains("next-tick workers"), thrown.getMessage());
        assertEquals("[]", replay.saves.toString(), "nothing of the mismatched turn ran");
    }

    /**
     * Tick 0 under jobsPerTick(100), six NPCs, the last one's input read failing: the recording's
     * start reads on past the fifth job to the batch's end (its budget allows it), consuming the
     * failed slot: 5 jobs, position 6. The playback runs its 5 and reads the failed slot again.
     */
    @ParameterizedTest(name = "recorded and played back on {0}")
    @EnumSource(Threading.class)
    void aFailedInputReadOfTheBatchsLastSlotPlaysBack(Threading threading) {
        BiConsumer<DecisionLogTest.Reading, Integer> poisonLast = (system, t) -> {
            if (t == 0) {
                system.poison = 5;
            }
        };
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        DecisionLogTest.Reading host = new DecisionLogTest.Reading(Budget.jobsPerTick(100));
        host.setThreading(threading);
        String recorded = play(host, 6, 4, DecisionLog.recordTo(recording), poisonLast);
        assertTrue(recorded.startsWith("JobFailedException"), recorded);
        DecisionLogTest.Reading peer = new DecisionLogTest.Reading(Budget.jobsPerTick(100));
        peer.setThreading(threading);
        assertEquals(recorded, play(peer, 6, 4,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())), poisonLast));
    }

    private static final Threading[] SWITCHES = {Threading.WORKERS_NEXT_TICK, Threading.WORKERS_SAME_TICK,
            Threading.WORKERS_NEXT_TICK, Threading.WORLD_THREAD};

    /** Plays {@code ticks}, switching every system's threading every 7 ticks if {@code switching}, else keeping {@code fixed}. */
    private static void playSwitching(DecisionLogTest.Game game, int ticks, boolean switching) {
        for (int t = 0; t < ticks; t++) {
            if (switching && t % 7 == 0) {
                for (StampSystem system : game.systems) {
                    system.setThreading(SWITCHES[(t / 7) % SWITCHES.length]);
                }
            }
            game.tick();
        }
    }

    @Test
    void threadingsSwitchedBetweenTurnsPlayBack() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        DecisionLogTest.Game recorded = new DecisionLogTest.Game(53, true, Threading.WORKERS_NEXT_TICK,
                DecisionLog.recordTo(recording));
        playSwitching(recorded, 1_500, true);
        DecisionLogTest.Game same = new DecisionLogTest.Game(53, false, Threading.WORKERS_NEXT_TICK,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
        playSwitching(same, 1_500, true);
        assertEquals(recorded.saves.size(), same.saves.size(), "switched alike: saves");
        for (int i = 0; i < recorded.saves.size(); i++) {
            assertEquals(java.util.Arrays.toString(recorded.saves.get(i)), java.util.Arrays.toString(same.saves.get(i)), "save " + i);
        }
    }
}
