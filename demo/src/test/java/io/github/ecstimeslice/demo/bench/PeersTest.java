package io.github.ecstimeslice.demo.bench;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.demo.scene.FacingRecord;
import io.github.ecstimeslice.demo.scene.FacingRecords;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.demo.scene.ThreeClasses;
import io.github.ecstimeslice.facing.DesiredOrientation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The peers the benchmarks measure decide what they are said to: a benchmark of a system that does nothing would flatter it. */
class PeersTest {

    private static final int NPCS = 1_000;

    /** Each NPC's desired orientation now (entities 1 to NPCS). */
    private static float[] desired(World world) {
        ComponentMapper<DesiredOrientation> desired = world.getMapper(DesiredOrientation.class);
        float[] now = new float[NPCS + 1];
        for (int npc = 1; npc <= NPCS; npc++) {
            now[npc] = desired.get(npc).radians;
        }
        return now;
    }

    /** Ticks the world {@code ticks} times; returns how many NPCs' desired orientation changed. */
    private static int changedOver(World world, int ticks) {
        float[] before = desired(world);
        for (int i = 0; i < ticks; i++) {
            world.process();
        }
        float[] after = desired(world);
        int changed = 0;
        for (int npc = 1; npc <= NPCS; npc++) {
            changed += before[npc] != after[npc] ? 1 : 0;
        }
        return changed;
    }

    @Test
    void gdxAisSchedulerDecidesATenthOfTheNpcsEachTickAndEveryNpcOnceInTenTicks() {
        LoadBalancedFacing tasks = new LoadBalancedFacing(NPCS, 10);
        World world = FacingWorlds.create(NPCS, false, tasks);
        world.process();
        assertEquals(100, tasks.decisions);
        assertEquals(NPCS, changedOver(world, 10), "every NPC decided once in ten ticks");
        assertEquals(1_100, tasks.decisions);
    }

    @Test
    void theTimeboxWithAMicrosecondClockDecidesWhatFitsAndAsShippedNothingUnderAMillisecond() {
        TimeboxedFacing roomy = new TimeboxedFacing(true, 1_000_000); // a second: every NPC fits
        World world = FacingWorlds.create(NPCS, false, roomy);
        assertEquals(NPCS, changedOver(world, 1));
        assertEquals(NPCS, roomy.decisions);

        TimeboxedFacing shipped = new TimeboxedFacing(false, 900); // 0.9 ms: whole milliseconds only
        World asShipped = FacingWorlds.create(NPCS, false, shipped);
        assertEquals(0, changedOver(asShipped, 5));
        assertEquals(0, shipped.decisions);
    }

    @Test
    void theIntervalSystemDecidesForEveryNpcAtOnceAtTheSameMeanRate() {
        BaseSystem interval = FacingWorlds.decider("interval", NPCS, 100);
        LongSupplier decisions = FacingWorlds.decisionsOf(interval);
        World world = FacingWorlds.create(NPCS, false, interval);
        assertEquals(NPCS, changedOver(world, 10), "every NPC within ten ticks");
        assertEquals(NPCS, decisions.getAsLong(), "all of them in one tick of the ten");
        changedOver(world, 20);
        assertEquals(3 * NPCS, decisions.getAsLong());
    }

    @Test
    void theRecordingWalkerStampsEachDecisionWithItsTickAndGameTime() {
        BaseSystem walker = FacingWorlds.decider("walker+record", NPCS, 100);
        LongSupplier decisions = FacingWorlds.decisionsOf(walker);
        World world = FacingWorlds.create(NPCS, false, walker);
        for (int i = 0; i < 3; i++) {
            world.process();
        }
        assertEquals(300, decisions.getAsLong());
        ComponentMapper<FacingRecord> records = world.getMapper(FacingRecord.class);
        FacingRecord third = records.get(201); // the NPCs in id order, 100 a tick: the 201st in tick 3
        assertEquals(3, third.tick);
        assertEquals(3 / 60.0, third.gameSeconds, 1e-6);
        assertTrue(third.faceTarget);
        assertEquals(world.getMapper(DesiredOrientation.class).get(201).radians, third.radians);
        assertEquals(0, records.get(301).tick, "not decided yet");
        assertNotEquals(0, records.get(1).tick);
    }

    @Test
    void theSystemWithoutHistoryWhoseGameKeepsARecordStampsEachDecisionAsItIsSaved() {
        BaseSystem recording = FacingWorlds.decider("AIAO" + FacingWorlds.RECORDED, NPCS, 100);
        TimeslicedSystem<?, ?> system = (TimeslicedSystem<?, ?>) recording;
        assertEquals(TimeslicedSystem.NO_HISTORY, system.historyDepth());
        World world = FacingWorlds.create(NPCS, false, recording);
        for (int i = 0; i < 3; i++) {
            world.process();
        }
        assertEquals(300, FacingWorlds.decisionsOf(recording).getAsLong());
        ComponentMapper<FacingRecord> records = world.getMapper(FacingRecord.class);
        FacingRecord third = records.get(201); // the NPCs in id order, 100 a tick: the 201st in the third tick
        assertEquals(2, third.tick, "the system's ticks count from 0");
        assertEquals(3 / 60.0, third.gameSeconds, 1e-6);
        assertTrue(third.faceTarget);
        assertEquals(world.getMapper(DesiredOrientation.class).get(201).radians, third.radians);
        assertNotEquals(0, third.radians);
        assertEquals(0, records.get(301).gameSeconds, "not decided yet");
        assertEquals(1 / 60.0, records.get(1).gameSeconds, 1e-6);
    }

    @Test
    void aDeciderNamedWithADepthKeepsAHistoryThatDeep() {
        BaseSystem deep = FacingWorlds.decider("SIAO" + FacingWorlds.DEPTH + "1", NPCS, 100);
        TimeslicedSystem<?, ?> system = (TimeslicedSystem<?, ?>) deep;
        assertEquals(1, system.historyDepth());
        assertEquals(io.github.ecstimeslice.IoPolicy.SIAO, system.policy());
        World world = FacingWorlds.create(NPCS, false, deep);
        world.process();
        assertEquals(100, FacingWorlds.decisionsOf(deep).getAsLong());
    }

    @Test
    void aWalkerKeepingTwoRecordsKeepsEachNpcsLatestTwoInARing() {
        BaseSystem walker = FacingWorlds.decider(FacingWorlds.RECORDS + "2", NPCS, 100);
        World world = FacingWorlds.create(NPCS, false, walker);
        int lap = NPCS / 100; // ticks between an NPC's decisions
        for (int i = 0; i < 2 * lap + 1; i++) {
            world.process();
        }
        FacingRecords kept = world.getMapper(FacingRecords.class).get(1); // decided in ticks 1, 1 + lap, 1 + 2 lap
        assertEquals(2, kept.ring.length);
        assertEquals(1 + 2 * lap, kept.ring[kept.newest].tick, "the latest");
        assertEquals(1 + lap, kept.ring[1 - kept.newest].tick, "the one before");
        assertEquals(world.getMapper(DesiredOrientation.class).get(1).radians, kept.ring[kept.newest].radians);
    }

    @Test
    void threeTimeslicedClassesMakeTheDecisionsOfThreeWalkersAndKeepThemInThreeHistoryTypes() {
        World walkers = ThreeClasses.walkers(NPCS, 1);
        World timesliced = ThreeClasses.timesliced(NPCS, 1);
        for (int i = 0; i < 3; i++) {
            walkers.process();
            timesliced.process();
        }
        assertEquals(3 * 3 * NPCS, ThreeClasses.decisionsOf(walkers), "each of three decides for every NPC a tick");
        assertEquals(ThreeClasses.decisionsOf(walkers), ThreeClasses.decisionsOf(timesliced));
        ComponentMapper<DesiredOrientation> byHand = walkers.getMapper(DesiredOrientation.class);
        ComponentMapper<DesiredOrientation> sliced = timesliced.getMapper(DesiredOrientation.class);
        for (int npc = 1; npc <= NPCS; npc++) {
            assertEquals(byHand.get(npc).radians, sliced.get(npc).radians, "NPC " + npc);
        }
        // each walker keeps its own record; a walker counts its ticks from 1
        assertEquals(3, walkers.getMapper(ThreeClasses.RecordOne.class).get(1).tick);
        assertEquals(3, walkers.getMapper(ThreeClasses.RecordThree.class).get(NPCS).tick);
        assertEquals(2, timesliced.getMapper(ThreeClasses.HistoryOne.class).get(1).savedAtTick(0));
        assertEquals(2, timesliced.getMapper(ThreeClasses.HistoryThree.class).get(NPCS).savedAtTick(0));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"SISO, WORLD_THREAD", "AIAO, WORKERS_SAME_TICK"})
    void threeTimeslicedClassesOnAnyPolicyAndThreadingMakeAsManyDecisionsAsThreeWalkers(IoPolicy policy,
                                                                                       Threading threading) {
        World walkers = ThreeClasses.walkers(NPCS, 0);
        World timesliced = ThreeClasses.timesliced(NPCS, 1, policy, threading);
        for (int i = 0; i < 3; i++) {
            walkers.process();
            timesliced.process();
        }
        assertEquals(ThreeClasses.decisionsOf(walkers), ThreeClasses.decisionsOf(timesliced));
        int systems = 0;
        for (BaseSystem system : timesliced.getSystems()) {
            if (system instanceof TimeslicedSystem<?, ?> sliced) {
                assertEquals(policy, sliced.policy());
                assertEquals(threading, sliced.threading());
                systems++;
            }
        }
        assertEquals(3, systems);
        timesliced.dispose();
    }
}
