package io.github.ecstimeslice;

import com.artemis.BaseSystem;
import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigurationTest {

    @Test
    void aNullPolicyIsRejectedAtConstruction() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new StampSystem(null, Budget.jobsPerTick(1)));
        assertTrue(e.getMessage().contains("policy") && e.getMessage().contains("null"), e.getMessage());
    }

    @Test
    void aNullBudgetIsRejectedAtConstruction() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new StampSystem(IoPolicy.AIAO, null));
        assertTrue(e.getMessage().contains("budget") && e.getMessage().contains("null"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, -7, Integer.MIN_VALUE})
    void jobsPerTickBelowOneIsRejectedNamingTheValue(int jobs) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Budget.jobsPerTick(jobs));
        assertTrue(e.getMessage().contains(String.valueOf(jobs)), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, -30, 1025, Integer.MAX_VALUE, Integer.MIN_VALUE})
    void aHistoryDepthOutsideZeroTo1024IsRejectedNamingTheValue(int depth) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(1), depth));
        assertTrue(e.getMessage().contains("depth") && e.getMessage().contains(String.valueOf(depth)), e.getMessage());
        IllegalArgumentException asked = assertThrows(IllegalArgumentException.class,
                () -> DecisionHistory.highestEntityId(depth));
        assertEquals(e.getMessage(), asked.getMessage());
    }

    @Test
    void theHighestEntityIdShrinksWithTheHistoryDepth() {
        assertEquals(Integer.MAX_VALUE, DecisionHistory.highestEntityId(TimeslicedSystem.NO_HISTORY));
        assertEquals(715_827_878, DecisionHistory.highestEntityId(2)); // 3 slots an id in one array
        assertEquals(2_095_104, DecisionHistory.highestEntityId(1024));
    }

    @Test
    void twoTimeslicedSystemsCannotShareOneHistoryType() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> TestWorlds.of(new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1)), new OtherStampSystem()));
        assertTrue(e.getMessage().contains(DecisionHistory.class.getName()), e.getMessage());
    }

    @Test
    void systemsRegisteredAfterATimeslicedSystemAreSetUpToo() {
        StampSystem first = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        TimeslicedSystemTest.ReaderSystem second = new TimeslicedSystemTest.ReaderSystem();
        Idle third = new Idle();
        World world = TestWorlds.of(first, second, third);
        TestWorlds.deciders(world, 2);
        TestWorlds.run(world, 3, 0.1f);
        assertSame(world, third.seen);
        assertEquals(3 * 2, second.stats().jobsRunTotal(), "the second system decided for both entities every tick");
    }

    /** A system that notes the world it was set up with. */
    static class Idle extends BaseSystem {
        World seen;

        @Override
        protected void processSystem() {
            seen = world;
        }
    }

    @Test
    void theDefaultHistoryKeepsTheLatestOutputOnly() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        assertEquals(1, system.historyDepth());
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 1);
        TestWorlds.run(world, 5, 0.1f);
        DecisionHistory<Stamp> history = system.historyOf(ids[0]);
        assertEquals(1, history.size());
        assertEquals(history.savedAtTick(0), history.latest().tick, "the latest is the last save");
        assertEquals(4, history.savedAtTick(0), "saved in the fifth tick (the first is 0)");
    }

    @Test
    void budgetsWithTheSameSettingsAreEqual() {
        assertEquals(Budget.jobsPerTick(12), Budget.jobsPerTick(12));
        assertEquals(Budget.jobsPerTick(12).hashCode(), Budget.jobsPerTick(12).hashCode());
        assertEquals("jobsPerTick(12)", Budget.jobsPerTick(12).toString());
    }

    /** A second system over the same entities that does not declare a history type of its own. */
    static class OtherStampSystem extends StampSystem {
        OtherStampSystem() {
            super(IoPolicy.SISO, Budget.jobsPerTick(1));
        }
    }
}
