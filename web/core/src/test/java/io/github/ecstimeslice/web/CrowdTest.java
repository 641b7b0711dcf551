package io.github.ecstimeslice.web;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrowdTest {

    private static Crowd played(Crowd crowd, int ticks) {
        for (int i = 0; i < ticks; i++) {
            crowd.tick();
        }
        return crowd;
    }

    private static Crowd start(long seed) {
        return new Crowd(seed, 500, IoPolicy.AIAO, Budget.batchEvery(0.5));
    }

    @Test
    void theSameSeedAndSettingsMakeTheSameChecksum() {
        assertEquals(played(start(3), Crowd.CHECKSUM_TICKS).checksum(), played(start(3), Crowd.CHECKSUM_TICKS).checksum());
    }

    @Test
    void anotherSeedMakesAnotherChecksum() {
        assertNotEquals(played(start(3), Crowd.CHECKSUM_TICKS).checksum(), played(start(4), Crowd.CHECKSUM_TICKS).checksum());
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void eachPolicyHasAChecksumOnceTheFirstTicksArePlayed(IoPolicy policy) {
        Crowd crowd = new Crowd(3, 500, policy, Budget.jobsPerTick(40));
        assertEquals(-1, played(crowd, Crowd.CHECKSUM_TICKS - 1).checksum());
        assertTrue(played(crowd, 1).checksum() > 0);
    }

    @Test
    void aSettingChangedWithinTheFirstTicksLeavesNoChecksum() {
        Crowd crowd = played(start(3), 10);
        crowd.setPolicy(IoPolicy.SISO);
        assertEquals(-1, played(crowd, Crowd.CHECKSUM_TICKS).checksum());
    }

    @Test
    void aSettingChangedAfterTheFirstTicksKeepsTheChecksum() {
        long untouched = played(start(3), Crowd.CHECKSUM_TICKS).checksum();
        Crowd crowd = played(start(3), Crowd.CHECKSUM_TICKS);
        crowd.setBudget(Budget.jobsPerTick(5));
        crowd.setTiered(false);
        assertEquals(untouched, played(crowd, 30).checksum());
    }

    @Test
    void settingsChangedBeforeTheFirstTickAreStartSettingsWithAChecksum() {
        Crowd crowd = start(3);
        crowd.setTiered(false);
        crowd.setNpcs(120);
        assertTrue(played(crowd, Crowd.CHECKSUM_TICKS).checksum() > 0);
        assertEquals(120, crowd.npcs().size());
    }

    @Test
    void settingTheSameValuesAgainChangesNothing() {
        Crowd crowd = played(start(3), 10);
        crowd.setPolicy(IoPolicy.AIAO);
        crowd.setBudget(Budget.batchEvery(0.5));
        crowd.setNpcs(500);
        crowd.setTiered(true);
        assertEquals(played(start(3), Crowd.CHECKSUM_TICKS).checksum(), played(crowd, Crowd.CHECKSUM_TICKS - 10).checksum());
    }

    @Test
    void churnKeepsTheCountAndRingsNewcomersFromTheirSpawn() {
        Crowd crowd = played(start(3), 3 * Crowd.CHURN_PERIOD);
        assertEquals(500, crowd.npcs().size());
        int newcomers = 0;
        for (int i = 0; i < crowd.npcs().size(); i++) {
            newcomers += crowd.bornAt(crowd.npcs().get(i)) > 0 ? 1 : 0;
        }
        assertEquals(3 * 5, newcomers, "1% of 500 NPCs, three times");
    }

    @Test
    void theCrowdGrowsAndShrinksToTheCountAskedFor() {
        Crowd crowd = played(start(3), 5);
        crowd.setNpcs(1_234);
        assertEquals(1_234, played(crowd, 1).npcs().size());
        crowd.setNpcs(17);
        assertEquals(17, played(crowd, 1).npcs().size());
        assertEquals(17, played(crowd, 2 * Crowd.CHURN_PERIOD).npcs().size());
    }

    @Test
    void aBiggerBudgetDecidesMoreInAGameSecond() {
        Crowd crowd = new Crowd(3, 2_000, IoPolicy.AIAO, Budget.jobsPerTick(10));
        int few = played(crowd, 120).facing().decisionsLastSecond();
        crowd.setBudget(Budget.jobsPerTick(100));
        int many = played(crowd, 120).facing().decisionsLastSecond();
        assertTrue(few <= 600 && few > 500, "10 jobs a tick: " + few);
        assertTrue(many > 5_000, "100 jobs a tick: " + many);
    }

    @Test
    void withoutTiersEveryNpcIsInTierZero() {
        Crowd crowd = played(start(3), 60);
        crowd.setTiered(false);
        played(crowd, 60);
        for (int i = 0; i < crowd.npcs().size(); i++) {
            assertEquals(0, crowd.facing().tier(crowd.npcs().get(i)));
        }
    }

    @Test
    void nearNpcsAreInTheFirstTierAndFarOnesInTheLast() {
        Crowd crowd = played(start(3), 60);
        int[] tiers = new int[3];
        for (int i = 0; i < crowd.npcs().size(); i++) {
            tiers[crowd.facing().tier(crowd.npcs().get(i))]++;
        }
        assertTrue(tiers[0] > 0 && tiers[1] > 0 && tiers[2] > 0, java.util.Arrays.toString(tiers));
    }

    @Test
    void aCountOutsideOneToTheMostIsRefusedNamingIt() {
        assertEquals("npcs must be 1 to 100000, was 0",
                assertThrows(IllegalArgumentException.class, () -> start(3).setNpcs(0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Crowd(3, Crowd.MOST_NPCS + 1, IoPolicy.AIAO, Budget.jobsPerTick(1)));
    }
}
