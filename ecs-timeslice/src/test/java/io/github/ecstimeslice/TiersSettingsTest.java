package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad tier settings are rejected with an IllegalArgumentException naming the bad value; good ones read back as given. */
class TiersSettingsTest {

    private static void rejectedNaming(String value, Executable setting) {
        IllegalArgumentException rejected = assertThrows(IllegalArgumentException.class, setting);
        assertTrue(rejected.getMessage() != null && rejected.getMessage().contains(value),
                "the message names " + value + ": " + rejected.getMessage());
    }

    @Test
    void decideEveryRejectsNullAndNoPeriods() {
        rejectedNaming("null", () -> Tiers.decideEvery((int[]) null));
        rejectedNaming("0", () -> Tiers.decideEvery());
        rejectedNaming("0", () -> Tiers.decideEvery(new int[0]));
    }

    @Test
    void decideEveryRejectsMoreThanSixteenTiers() {
        int[] seventeen = new int[17];
        Arrays.fill(seventeen, 1);
        rejectedNaming("17", () -> Tiers.decideEvery(seventeen));
        int[] sixteen = new int[16];
        Arrays.fill(sixteen, 1);
        assertEquals(16, Tiers.decideEvery(sixteen).count(), "sixteen is the most, and allowed");
        assertEquals(16, Tiers.MAX_TIERS);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 2, -1, 16, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void decideEveryRejectsAFirstPeriodOtherThanOne(int first) {
        rejectedNaming(String.valueOf(first), () -> Tiers.decideEvery(first));
        rejectedNaming(String.valueOf(first), () -> Tiers.decideEvery(first, 4, 16));
    }

    @Test
    void decideEveryRejectsAPeriodBelowTheOneBefore() {
        rejectedNaming("2", () -> Tiers.decideEvery(1, 4, 2));
        rejectedNaming("0", () -> Tiers.decideEvery(1, 0));
        rejectedNaming("-4", () -> Tiers.decideEvery(1, -4));
        rejectedNaming("15", () -> Tiers.decideEvery(1, 2, 4, 8, 16, 15));
        rejectedNaming(String.valueOf(Integer.MIN_VALUE), () -> Tiers.decideEvery(1, Integer.MAX_VALUE, Integer.MIN_VALUE));
    }

    @Test
    void decideEveryRejectsAPeriodAboveSixtyFourBatches() {
        rejectedNaming("65", () -> Tiers.decideEvery(1, 4, 65));
        rejectedNaming(String.valueOf(Integer.MAX_VALUE), () -> Tiers.decideEvery(1, Integer.MAX_VALUE));
        assertEquals(64, Tiers.decideEvery(1, 8, 64).longestBatchPeriod(), "sixty-four is the longest, and allowed");
        assertEquals(64, Tiers.MAX_BATCH_PERIOD);
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, -0.5, -Double.MIN_VALUE})
    void reassessEveryRejectsWhatIsNotAPositiveFiniteTime(double seconds) {
        rejectedNaming(String.valueOf(seconds), () -> Tiers.decideEvery(1, 4).reassessEvery(seconds));
    }

    @Test
    void goodSettingsReadBackAsGivenAndTheCallersArrayDoesNotReachThem() {
        int[] periods = {1, 3, 3, 50};
        Tiers tiers = Tiers.decideEvery(periods).reassessEvery(0.25);
        periods[1] = 1000;
        periods[3] = 2;
        assertEquals(4, tiers.count());
        assertEquals(1, tiers.batchPeriod(0));
        assertEquals(3, tiers.batchPeriod(1));
        assertEquals(3, tiers.batchPeriod(2));
        assertEquals(50, tiers.batchPeriod(3));
        assertEquals(50, tiers.longestBatchPeriod());
        assertEquals(0.25, tiers.reassessSeconds());
        assertEquals(Tiers.DEFAULT_REASSESS_SECONDS, Tiers.decideEvery(1, 2).reassessSeconds());
        assertEquals(Tiers.decideEvery(1, 3, 3, 50).reassessEvery(0.25), tiers);
        assertEquals(1, Tiers.decideEvery(1).count());
        assertEquals(1, Tiers.decideEvery(1).longestBatchPeriod());
        assertThrows(IndexOutOfBoundsException.class, () -> tiers.batchPeriod(4));
        assertThrows(IndexOutOfBoundsException.class, () -> tiers.batchPeriod(-1));
    }

    @Test
    void aSystemHasOneTierUntilGivenOthersAndRejectsNull() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        assertEquals(Tiers.decideEvery(1), system.tiers());
        rejectedNaming("null", () -> system.setTiers(null));
        Tiers tiers = Tiers.decideEvery(1, 2, 4);
        system.setTiers(tiers);
        assertSame(tiers, system.tiers());
        rejectedNaming("null", () -> system.setTiers(null));
        assertSame(tiers, system.tiers(), "a rejected setting changes nothing");
    }

    @Test
    void aTierOutsideTheSystemsTiersIsRejectedByEveryPerTierQuery() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10));
        system.setTiers(Tiers.decideEvery(1, 4, 16));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        TestWorlds.run(world, 3, 0.1f);
        for (int bad : new int[]{-1, 3, 4, 16, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            String value = String.valueOf(bad);
            rejectedNaming(value, () -> system.stats().entitiesInTier(bad));
            rejectedNaming(value, () -> system.stats().decisionsPerSecond(bad));
            rejectedNaming(value, () -> system.stats().measureAges(bad, new DecisionAges()));
        }
        for (int tier = 0; tier < 3; tier++) { // the good ones answer
            system.stats().entitiesInTier(tier);
            system.stats().decisionsPerSecond(tier);
            system.stats().measureAges(tier, new DecisionAges());
        }
        system.setTiers(Tiers.decideEvery(1, 4)); // fewer tiers: tier 2 is gone
        rejectedNaming("2", () -> system.stats().entitiesInTier(2));
        rejectedNaming("2", () -> system.stats().decisionsPerSecond(2));
        rejectedNaming("2", () -> system.stats().measureAges(2, new DecisionAges()));
        world.dispose();
    }

    @Test
    void withOneTierOnlyTierZeroIsATier() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        TestWorlds.run(world, 3, 0.1f);
        assertEquals(5, system.stats().entitiesInTier(0));
        rejectedNaming("1", () -> system.stats().entitiesInTier(1));
        rejectedNaming("1", () -> system.stats().decisionsPerSecond(1));
        rejectedNaming("-1", () -> system.stats().measureAges(-1, new DecisionAges()));
        world.dispose();
    }
}
