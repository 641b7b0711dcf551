package io.github.ecstimeslice;

import com.artemis.World;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link JobTimeline}, {@link TickTrap} and {@link TraceEvents}: seeing which job made a tick slow. */
class TickTrapTest {

    private static final float DELTA = 1 / 60f;

    /** A stamp system whose first job for {@link #slowEntity} from tick {@link #slowFrom} on busy-waits {@link #slowNanos}. */
    static final class Slowed extends StampSystem {
        volatile int slowEntity = -1;
        volatile long slowFrom = Long.MAX_VALUE;
        volatile long slowNanos;
        volatile boolean slowed;

        Slowed(IoPolicy policy, Budget budget) {
            super(policy, budget);
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            super.runJob(entityId, input, output);
            if (entityId == slowEntity && stats().tick() >= slowFrom && !slowed) {
                slowed = true;
                long end = System.nanoTime() + slowNanos;
                while (System.nanoTime() - end < 0) {
                    Thread.onSpinWait();
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void theTrapFiresOnTheFirstTickPastItsThresholdAndItsRecordNamesTheSlowJobsEntity(Threading threading)
            throws java.io.IOException {
        ForkJoinPool pool = new ForkJoinPool(2);
        Slowed system = new Slowed(IoPolicy.AIAO, Budget.jobsPerTick(10));
        system.setThreading(threading, pool);
        JobTimeline timeline = new JobTimeline(10_000);
        system.stats().setJobTimeline(timeline);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 100);
        TickTrap trap = new TickTrap(timeline, 40);
        for (int t = 0; t < 30; t++) { // warm: no tick near 40 ms
            world.setDelta(DELTA);
            assertFalse(trap.process(world), "tick " + t + " fired before the slow job");
        }
        system.slowEntity = ids[37];
        system.slowFrom = 31;
        system.slowNanos = 80_000_000;
        long fired = -1;
        for (int t = 0; t < 6 && fired < 0; t++) {
            world.setDelta(DELTA);
            if (trap.process(world)) {
                fired = trap.firedTick();
            }
        }
        long slowTickSeen = 33; // batches of ten ticks: entity 37's job is in the fourth tick of each, 33 after 31
        assertTrue(fired == slowTickSeen || threading == Threading.WORKERS_NEXT_TICK && fired == slowTickSeen + 1,
                "fired at tick " + fired);
        assertTrue(trap.tickMillis() > 40, "the fired tick took " + trap.tickMillis());
        StringBuilder json = new StringBuilder();
        TraceEvents.write(timeline, trap, json);
        JsonArray events = JsonParser.parseString(json.toString()).getAsJsonObject().getAsJsonArray("traceEvents");
        long markers = 0;
        boolean slowJobInTrace = false;
        for (JsonElement element : events) {
            JsonObject event = element.getAsJsonObject();
            markers += event.get("ph").getAsString().equals("i") && event.get("name").getAsString().startsWith("trap: ") ? 1 : 0;
            slowJobInTrace |= event.get("name").getAsString().equals("Slowed entity " + ids[37]);
        }
        assertEquals(1, markers, "a marker says why the trap fired");
        assertTrue(slowJobInTrace, "the trapped tick's trace holds the slow job");
        String culprits = trap.culprits(3);
        String first = culprits.lines().skip(1).findFirst().orElse("");
        assertTrue(first.contains("Slowed entity " + ids[37] + " (batch job"), culprits);
        assertTrue(culprits.contains("turn of Slowed"), culprits);
        assertTrue(culprits.contains(" jobs, budget jobsPerTick(10)"), "each turn with its budget: " + culprits);
        world.dispose();
        pool.shutdownNow();
    }

    @Test
    void aTurnThresholdFiresForItsSystemAndTimeCanBeHeld() {
        Slowed system = new Slowed(IoPolicy.SISO, Budget.jobsPerTick(10));
        JobTimeline timeline = new JobTimeline(10_000);
        system.stats().setJobTimeline(timeline);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 40);
        system.stats().setTurnWatcher((watched, turn) -> { });
        TickTrap trap = new TickTrap(timeline, 10_000).turnsOf(system, 20).holdingGameTime();
        world.setDelta(DELTA);
        trap.process(world);
        system.slowEntity = ids[12];
        system.slowFrom = 1;
        system.slowNanos = 30_000_000;
        world.setDelta(DELTA);
        assertTrue(trap.process(world));
        assertTrue(trap.why().startsWith("the turn of Slowed took "), trap.why());
        assertTrue(trap.culprits(1).contains(", 10 jobs, budget jobsPerTick(10), demand 30, pressure "), trap.culprits(1));
        double seconds = system.stats().gameSeconds();
        for (int t = 0; t < 3; t++) {
            world.setDelta(DELTA);
            assertFalse(trap.process(world), "fires once");
        }
        assertEquals(seconds, system.stats().gameSeconds(), 0, "no game time passed once it fired");
        trap.reset();
        world.setDelta(DELTA);
        trap.process(world);
        assertTrue(system.stats().gameSeconds() > seconds, "time passes again after a reset");
        world.dispose();
    }

    @Test
    void theTimelineHoldsEachJobTurnBatchStartAndTickWithTheirEntitiesAndPhases() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(4));
        JobTimeline timeline = new JobTimeline(1000);
        system.stats().setJobTimeline(timeline);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 8);
        TickTrap trap = new TickTrap(timeline, 10_000);
        world.setDelta(DELTA);
        trap.process(world);
        system.decideSoon(ids[6]);
        world.setDelta(DELTA);
        trap.process(world);
        List<String> seen = new ArrayList<>();
        for (long span = timeline.oldest(); span < timeline.next(); span++) {
            String entity = timeline.entity(span) >= 0 ? " " + timeline.entity(span) : "";
            seen.add(timeline.kind(span) + entity + "@" + timeline.tick(span));
            assertTrue(timeline.startNanos(span) <= timeline.inputEndNanos(span)
                    && timeline.inputEndNanos(span) <= timeline.runEndNanos(span)
                    && timeline.runEndNanos(span) <= timeline.endNanos(span), "phases in order: " + seen);
        }
        assertEquals(List.of("BATCH_START@0", "BATCH_JOB 0@0", "BATCH_JOB 1@0", "BATCH_JOB 2@0", "BATCH_JOB 3@0", "TURN@0",
                "TICK@0", "URGENT_JOB 6@1", "BATCH_JOB 4@1", "BATCH_JOB 5@1", "BATCH_JOB 6@1", "TURN@1", "TICK@1"), seen);
        assertThrows(IllegalArgumentException.class, () -> timeline.entity(timeline.next()));
        world.dispose();
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void recordingThroughATrapAllocatesNothingOnceRunning(Threading threading) {
        SteadyStateBytes.assertCounted();
        ForkJoinPool pool = new ForkJoinPool(2);
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(50));
        system.setThreading(threading, pool);
        system.setUrgentAllowance(4);
        JobTimeline timeline = new JobTimeline(4096);
        system.stats().setJobTimeline(timeline);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 500);
        TickTrap trap = new TickTrap(timeline, 10_000).turnsOf(system, 10_000);
        int[] asks = {0};
        Runnable ticks = () -> {
            for (int i = 0; i < 1000; i++) {
                for (int k = 0; k < 4; k++) {
                    system.decideSoon(ids[(asks[0]++ * 7) % ids.length]);
                }
                world.setDelta(DELTA);
                trap.process(world);
            }
        };
        for (int i = 0; i < 50; i++) {
            ticks.run();
        }
        SteadyStateBytes.assertNoGarbage(ticks, "recorded through a trap, " + threading);
        assertTrue(timeline.next() > timeline.capacity(), "the ring turned over");
        world.dispose();
        pool.shutdownNow();
    }

    @Test
    void badArgumentsAreRefusedNamingTheValue() {
        assertThrows(IllegalArgumentException.class, () -> new JobTimeline(0));
        IllegalArgumentException threshold = assertThrows(IllegalArgumentException.class,
                () -> new TickTrap(new JobTimeline(10), -1));
        assertTrue(threshold.getMessage().contains("-1.0"), threshold.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TickTrap(null, 10));
        assertThrows(IllegalArgumentException.class, () -> new TickTrap(new JobTimeline(10), 10).turnsOf(null, 1));
        assertThrows(IllegalStateException.class, () -> new TickTrap(new JobTimeline(10), 10).culprits(3));
    }

    @ParameterizedTest
    @EnumSource(Threading.class)
    void theTraceIsTraceEventJsonWhoseSlicesNestPerThreadAndNameTheirEntity(Threading threading) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(2);
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(30));
        system.setThreading(threading, pool);
        system.setUrgentAllowance(5);
        JobTimeline timeline = new JobTimeline(5000);
        system.stats().setJobTimeline(timeline);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 90);
        TickTrap trap = new TickTrap(timeline, 10_000);
        for (int t = 0; t < 6; t++) {
            system.decideSoon(ids[t * 3]);
            system.decideSoon(ids[t * 3 + 1]);
            world.setDelta(DELTA);
            trap.process(world);
        }
        world.dispose(); // jobs still in flight (next-tick workers) finish and record their spans
        StringBuilder json = new StringBuilder();
        TraceEvents.write(timeline, timeline.oldest(), timeline.next(), json);
        JsonArray events = JsonParser.parseString(json.toString()).getAsJsonObject().getAsJsonArray("traceEvents");
        Map<Long, List<double[]>> slicesByThread = new HashMap<>();
        int jobs = 0;
        for (JsonElement element : events) {
            JsonObject event = element.getAsJsonObject();
            for (String field : new String[] {"ph", "pid", "tid"}) {
                assertTrue(event.has(field), field + " in " + event);
            }
            String ph = event.get("ph").getAsString();
            if (ph.equals("M")) {
                continue;
            }
            assertTrue(event.has("ts"), "ts in " + event);
            if (ph.equals("X")) {
                double ts = event.get("ts").getAsDouble();
                slicesByThread.computeIfAbsent(event.get("tid").getAsLong(), k -> new ArrayList<>())
                        .add(new double[] {ts, ts + event.get("dur").getAsDouble()});
                String cat = event.get("cat").getAsString();
                if (cat.equals("batch") || cat.equals("urgent")) {
                    jobs++;
                    int entity = event.getAsJsonObject("args").get("entity").getAsInt();
                    assertEquals("StampSystem entity " + entity, event.get("name").getAsString());
                }
            }
        }
        assertEquals(system.stats().jobsRunTotal(), jobs, "every job a slice");
        for (Map.Entry<Long, List<double[]>> thread : slicesByThread.entrySet()) {
            List<double[]> slices = thread.getValue();
            for (double[] a : slices) { // any two slices of a thread are apart or one holds the other
                for (double[] b : slices) {
                    boolean apart = a[1] <= b[0] + 1e-3 || b[1] <= a[0] + 1e-3;
                    boolean nested = a[0] <= b[0] + 1e-3 && b[1] <= a[1] + 1e-3 || b[0] <= a[0] + 1e-3 && a[1] <= b[1] + 1e-3;
                    assertTrue(apart || nested, "slices overlap on thread " + thread.getKey());
                }
            }
        }
        pool.shutdownNow();
    }
}
