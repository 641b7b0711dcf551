package io.github.ecstimeslice.spread;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.spread.Turns.Turn;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SpreadInvocationStrategy#followSchedule}: a run's moves, recorded, played back in a run
 * whose measured costs differ, give the same groups in the same ticks; costs through a fake clock.
 */
class SpreadScheduleTest {

    private static final long MILLI = 1_000_000;

    /** A schedule log over a list: records into it, or plays it back from its start. */
    static final class ListLog implements ScheduleLog {
        final List<Integer> values = new ArrayList<>();
        private final boolean playing;
        private int next;

        ListLog(boolean playing) {
            this.playing = playing;
        }

        ListLog playBack() {
            ListLog played = new ListLog(true);
            played.values.addAll(values);
            return played;
        }

        @Override
        public int follow(int value) {
            if (!playing) {
                values.add(value);
                return value;
            }
            return values.get(next++);
        }
    }

    /** Runs ten systems of {@code costs} over 3 groups for {@code cycles} cycles; returns each tick's groups. */
    private static List<String> groupsOfEachTick(ScheduleLog log, long... costs) {
        Turns turns = new Turns();
        Turn[] systems = Turns.ten(turns, costs);
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(3).holdSeconds(0)
                .spread(Turns.classes(systems)).clock(turns.clock()).build();
        World world = new World(new WorldConfigurationBuilder().with((BaseSystem[]) systems).register(strategy).build());
        if (log != null) {
            strategy.followSchedule(log);
        }
        List<String> groups = new ArrayList<>();
        for (int tick = 0; tick < 3 * 40; tick++) {
            turns.run(world, 1, 1 / 60f);
            StringBuilder now = new StringBuilder();
            for (Turn system : systems) {
                now.append(strategy.groupOf(system.getClass()));
            }
            groups.add(now.toString());
        }
        return groups;
    }

    private static final long[] COSTS = {9 * MILLI, MILLI, 8 * MILLI, MILLI, 7 * MILLI, MILLI, 6 * MILLI, MILLI,
            5 * MILLI, MILLI};
    private static final long[] OTHER_COSTS = {MILLI, 9 * MILLI, MILLI, 8 * MILLI, MILLI, 7 * MILLI, MILLI, 6 * MILLI,
            MILLI, 5 * MILLI};

    @Test
    void movesRecordedInOneRunArePlayedBackInARunOfOtherCosts() {
        ListLog recorded = new ListLog(false);
        List<String> original = groupsOfEachTick(recorded, COSTS);
        assertTrue(recorded.values.stream().anyMatch(value -> value > 0), "the recorded run moved systems");
        assertEquals(original, groupsOfEachTick(null, COSTS), "recording changes nothing");
        List<String> otherCosts = groupsOfEachTick(null, OTHER_COSTS);
        assertNotEquals(original, otherCosts, "other costs balance otherwise (else the test proves nothing)");
        assertEquals(original, groupsOfEachTick(recorded.playBack(), OTHER_COSTS));
    }

    @Test
    void aScheduleThatMovesASystemTheStrategyHasNotIsRefusedNamingIt() {
        ListLog log = new ListLog(true);
        log.values.add(1); // one move: system 12 to group 0
        log.values.add(12);
        log.values.add(0);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> groupsOfEachTick(log, COSTS));
        assertEquals("the schedule moves system 12 to group 0, which this strategy has not: it spreads 10 systems"
                + " over 3", thrown.getMessage());
    }

    @Test
    void followingBeforeTheWorldOrFollowingNullIsRefused() {
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2).build();
        assertThrows(IllegalStateException.class, () -> strategy.followSchedule(new ListLog(false)));
        new World(new WorldConfigurationBuilder().register(strategy).build());
        assertThrows(IllegalArgumentException.class, () -> strategy.followSchedule(null));
    }
}
