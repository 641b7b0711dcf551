package io.github.ecstimeslice.web;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ControlsTest {

    /** A page as a map of controls, which keeps what the game shows. */
    static final class MapPage implements Page {
        final Map<String, String> controls = new HashMap<>(Map.of("policy", "AIAO", "budget-kind", "batch",
                "budget-value", "0.5", "npcs", "300", "tiers", "true"));
        final Map<String, String> shown = new HashMap<>();

        @Override
        public String control(String id) {
            return controls.get(id);
        }

        @Override
        public void show(String id, String text) {
            shown.put(id, text);
        }

        @Override
        public double millisSinceLoad() {
            return 0;
        }
    }

    private final MapPage page = new MapPage();
    private final Controls controls = new Controls();

    @Test
    void theCrowdStartsAsTheControlsSay() {
        page.controls.put("tiers", "false");
        Crowd crowd = controls.crowdFrom(page, 1);
        assertEquals(IoPolicy.AIAO, crowd.facing().policy());
        assertEquals(Budget.batchEvery(0.5), crowd.facing().budget());
        assertEquals(300, crowd.npcsWanted());
        assertFalse(crowd.tiered());
    }

    @Test
    void eachControlChangedReachesTheCrowd() {
        Crowd crowd = controls.crowdFrom(page, 1);
        page.controls.putAll(Map.of("policy", "SISO", "budget-kind", "ms", "budget-value", " 1.5 ", "npcs", "40", "tiers", "false"));
        controls.apply(page, crowd);
        assertEquals(IoPolicy.SISO, crowd.facing().policy());
        assertEquals(Budget.millisPerTick(1.5), crowd.facing().budget());
        assertEquals(40, crowd.npcsWanted());
        assertFalse(crowd.tiered());
    }

    @Test
    void aRefusedValueLeavesTheSettingAndShowsWhyUntilMended() {
        Crowd crowd = controls.crowdFrom(page, 1);
        page.controls.put("budget-kind", "jobs"); // "0.5" jobs a tick
        page.controls.put("npcs", "20");
        controls.apply(page, crowd);
        assertEquals("budget: jobs must be a number, was '0.5'", page.shown.get("error"));
        assertEquals(Budget.batchEvery(0.5), crowd.facing().budget());
        assertEquals(20, crowd.npcsWanted(), "the other controls still apply");

        page.controls.put("budget-value", "12");
        controls.apply(page, crowd);
        assertEquals("", page.shown.get("error"));
        assertEquals(Budget.jobsPerTick(12), crowd.facing().budget());
    }

    @Test
    void aRefusedValueIsNotTriedAgainUntilItChanges() {
        Crowd crowd = controls.crowdFrom(page, 1);
        page.controls.put("budget-value", "-1");
        controls.apply(page, crowd);
        page.shown.clear();
        controls.apply(page, crowd);
        assertEquals(null, page.shown.get("error"), "the error stands, not written again");
        page.controls.put("budget-value", "0.25");
        controls.apply(page, crowd);
        assertEquals(Budget.batchEvery(0.25), crowd.facing().budget());
        assertEquals("", page.shown.get("error"));
    }

    @Test
    void eachBadValueIsNamed() {
        assertEquals("policy must be AIAO, SIAO, SISO or AISO, was 'FIFO'",
                assertThrows(IllegalArgumentException.class, () -> Controls.policyOf("FIFO")).getMessage());
        assertEquals("budget kind must be jobs, batch or ms, was 'work'",
                assertThrows(IllegalArgumentException.class, () -> Controls.budgetOf("work", "3")).getMessage());
        assertEquals("budget: jobs per tick must be at least 1, was 0",
                assertThrows(IllegalArgumentException.class, () -> Controls.budgetOf("jobs", "0")).getMessage());
        assertEquals("npcs must be a whole number from 1 to 100000, was 'lots'",
                assertThrows(IllegalArgumentException.class, () -> Controls.npcsOf("lots")).getMessage());
        assertEquals("npcs must be a whole number from 1 to 100000, was '100001'",
                assertThrows(IllegalArgumentException.class, () -> Controls.npcsOf("100001")).getMessage());
        assertEquals("tiers must be true or false, was 'on'",
                assertThrows(IllegalArgumentException.class, () -> Controls.tieredOf("on")).getMessage());
    }

    @Test
    void afterARefusedStartTheNextReadSetsEveryControlTheCrowdTakes() {
        page.controls.put("npcs", "0");
        page.controls.put("policy", "SISO");
        assertThrows(IllegalArgumentException.class, () -> controls.crowdFrom(page, 1));
        Crowd defaults = new Crowd(1, Crowd.DEFAULT_NPCS, IoPolicy.AIAO, Crowd.DEFAULT_BUDGET); // as WebDemo starts then
        controls.apply(page, defaults);
        assertEquals(IoPolicy.SISO, defaults.facing().policy());
        assertEquals("npcs must be a whole number from 1 to 100000, was '0'", page.shown.get("error"));
    }

    @Test
    void aStartTheCrowdRefusesNamesTheControl() {
        page.controls.put("npcs", "0");
        assertEquals("npcs must be a whole number from 1 to 100000, was '0'",
                assertThrows(IllegalArgumentException.class, () -> controls.crowdFrom(page, 1)).getMessage());
    }
}
