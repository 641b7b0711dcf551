package io.github.ecstimeslice.jfr;

import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.JobTimeline;
import io.github.ecstimeslice.TickTrap;
import io.github.ecstimeslice.TimeslicedSystem;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run recorded with JDK Flight Recorder, its file read back: the turns, the batches, the slow job, the trap. */
class FlightRecorderEventsTest {

    public static class Npc extends Component {
    }

    /** Decides in nothing, but for one entity in one tick, whose job busy-waits 30 ms. */
    static final class Deciding extends TimeslicedSystem<long[], long[]> {
        volatile int slowEntity = -1;
        volatile boolean slowed;

        Deciding() {
            super(Aspect.all(Npc.class), IoPolicy.AIAO, Budget.jobsPerTick(10), NO_HISTORY);
        }

        @Override
        protected long[] createInput() {
            return new long[1];
        }

        @Override
        protected long[] createOutput() {
            return new long[1];
        }

        @Override
        protected void setUpInput(int entityId, long[] input) {
            input[0] = entityId;
        }

        @Override
        protected void runJob(int entityId, long[] input, long[] output) {
            output[0] = input[0];
            if (entityId == slowEntity && !slowed) {
                slowed = true;
                long end = System.nanoTime() + 30_000_000;
                while (System.nanoTime() - end < 0) {
                    Thread.onSpinWait();
                }
            }
        }
    }

    @Test
    void aRecordedRunHasTheTurnsTheBatchesTheSlowJobAndTheTrapWithTheRightEntity(@TempDir Path dir) throws Exception {
        Deciding system = new Deciding();
        World world = new World(new WorldConfigurationBuilder().with(system).build());
        for (int i = 0; i < 40; i++) {
            world.edit(world.create()).create(Npc.class);
        }
        JobTimeline timeline = new JobTimeline(10_000);
        FlightRecorderEvents.record(system, timeline, 10);
        TickTrap trap = new TickTrap(timeline, 20);
        Path file = dir.resolve("run.jfr");
        try (Recording recording = new Recording()) {
            for (String event : new String[] {"Turn", "Batch", "SlowJob", "Trap"}) {
                recording.enable("io.github.ecstimeslice." + event).withoutThreshold();
            }
            recording.start();
            for (int tick = 0; tick < 12; tick++) {
                if (tick == 6) {
                    system.slowEntity = 27; // entity 27 is in the fourth tick of the second batch, tick 6
                }
                world.setDelta(1 / 60f);
                if (tick < 4) {
                    world.process(); // the first ticks load classes: slow, and not the trap's business
                } else if (trap.process(world)) {
                    FlightRecorderEvents.trapFired(trap, timeline);
                }
            }
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        List<RecordedEvent> turns = named(events, "Turn");
        assertEquals(12, turns.size());
        assertEquals(Deciding.class.getName(), turns.get(0).getString("system"));
        assertEquals(10, turns.get(0).getInt("jobsRun"));
        assertEquals(3, named(events, "Batch").size(), "batches started in ticks 0, 4 and 8: "
                + events.stream().map(e -> e.getEventType().getName()).distinct().collect(Collectors.toList()));
        // the slowed job is a slow job; a pause of the machine (another build's work beside this
        // test) may make another job pass the 10 ms too, so only entity 27's is counted
        List<RecordedEvent> slow = named(events, "SlowJob").stream()
                .filter(event -> event.getInt("entity") == 27).collect(Collectors.toList());
        assertEquals(1, slow.size(), "slow jobs of entity 27: " + named(events, "SlowJob"));
        assertTrue(slow.get(0).getDuration("jobTime").toMillis() >= 30, "its time: " + slow.get(0));
        List<RecordedEvent> traps = named(events, "Trap");
        assertEquals(1, traps.size());
        assertEquals(27, traps.get(0).getInt("slowestEntity"));
        assertTrue(traps.get(0).getString("why").startsWith("the tick took "), traps.get(0).getString("why"));
        world.dispose();
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(event -> event.getEventType().getName().equals("io.github.ecstimeslice." + name))
                .collect(Collectors.toList());
    }

    @Test
    void aMissingSystemOrABadThresholdIsRefusedNamingIt() {
        assertThrows(IllegalArgumentException.class, () -> FlightRecorderEvents.record(null, null, 0));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> FlightRecorderEvents.record(new Deciding(), new JobTimeline(10), -2));
        assertTrue(refused.getMessage().contains("-2.0"), refused.getMessage());
    }
}
