package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Budget.batchEvery(s)} with tiers: every batch lasts s, also one that holds nobody (an
 * empty batch waits for its period), so tier i is decided every p_i × s of game time.
 *
 * <p>Ticks are whole: a batch cannot end inside one, so a batch lasts the fewest whole ticks that
 * add up to s ({@code ceil(s / delta)} for the nominal delta), give or take the one tick the budget
 * allows a non-empty batch at its boundary. Expected intervals are derived from that, in ticks.
 */
class TieredBatchEveryTest {

    private static final Tiers TIERS = Tiers.decideEvery(1, 4, 16);

    static Stream<Arguments> tickRatesAndBatchTimes() {
        return Stream.of(
                Arguments.of(60, 0.1), Arguments.of(30, 0.1), Arguments.of(50, 0.1), Arguments.of(100, 0.1),
                Arguments.of(144, 0.1), Arguments.of(60, 0.25), Arguments.of(50, 0.2));
    }

    /** The ticks a batch of {@code seconds} lasts at {@code hz}: the fewest whole ticks adding up to it. */
    private static long ticksPerBatch(int hz, double seconds) {
        return (long) Math.ceil(seconds * hz - 1e-6);
    }

    private static TierProbe probe(double batchSeconds) {
        TierProbe system = new TierProbe(IoPolicy.AIAO, Budget.batchEvery(batchSeconds), Threading.WORLD_THREAD);
        system.setTiers(TIERS);
        return system;
    }

    /**
     * The intervals in ticks between the starts of the batches that held the entity's jobs, past its
     * first two jobs (the first is the churn rule's, the second takes the entity's phase).
     */
    private static List<Long> intervalsInTicks(TierProbe system, int entity) {
        List<Long> batches = system.jobsByEntity().get(entity);
        assertTrue(batches != null && batches.size() >= 4, "entity " + entity + " was decided a few times: " + batches);
        return IntStream.range(2, batches.size())
                .mapToObj(i -> (long) system.batchStartTicks.get((int) (batches.get(i) - 1))
                        - system.batchStartTicks.get((int) (batches.get(i - 1) - 1)))
                .toList();
    }

    /**
     * One entity, in the slowest tier: the batch that holds it and the fifteen empty ones between
     * last s each, so it is decided every 16 batches of s.
     *
     * <p>It caught a bug at 50 and 100 ticks a second: an empty batch was held while
     * {@code seconds + 1e-9 < s}, with seconds summed from float deltas: five deltas of 0.02f add
     * up to 0.09999999776, 2.2e-9 short of 0.1, so every empty batch lasted 6 ticks instead of 5
     * (11 instead of 10 at 100 Hz) and the slowest tier was decided every 1.9 s instead of 1.6 s.
     * JobAllowance.holdsEmptyBatch now spares a millionth of the period.
     */
    @ParameterizedTest(name = "{0} ticks a second, batchEvery({1})")
    @MethodSource("tickRatesAndBatchTimes")
    void anEntityAloneInTheSlowestTierIsDecidedEverySixteenBatchTimes(int hz, double batchSeconds) {
        TierProbe system = probe(batchSeconds);
        system.tierFunction = id -> 2;
        World world = TestWorlds.of(system);
        int entity = TestWorlds.deciders(world, 1)[0];
        float delta = 1f / hz;
        long batchTicks = ticksPerBatch(hz, batchSeconds);
        system.ticks(world, (int) (5 * 16 * batchTicks), delta);

        long expected = 16 * batchTicks;
        for (long interval : intervalsInTicks(system, entity)) {
            assertTrue(Math.abs(interval - expected) <= 1, hz + " Hz, batchEvery(" + batchSeconds
                    + "): decided every " + expected + " ticks (16 batches of " + batchTicks + "), was "
                    + interval + " ticks; intervals " + intervalsInTicks(system, entity));
        }
        world.dispose();
    }

    /**
     * With nobody to decide for, batches still last s each: none is skipped, none drags on.
     *
     * <p>It caught the bug the test above did: each empty batch lasted one tick more than s at 50
     * and 100 ticks a second, the float deltas summing to a hair less than s.
     */
    @ParameterizedTest(name = "{0} ticks a second, batchEvery({1})")
    @MethodSource("tickRatesAndBatchTimes")
    void batchesThatHoldNobodyLastTheirPeriod(int hz, double batchSeconds) {
        TierProbe system = probe(batchSeconds);
        World world = TestWorlds.of(system);
        long batchTicks = ticksPerBatch(hz, batchSeconds);
        int ticks = (int) (40 * batchTicks);
        system.ticks(world, ticks, 1f / hz);
        for (int i = 1; i < system.batchStartTicks.size(); i++) {
            int lasted = system.batchStartTicks.get(i) - system.batchStartTicks.get(i - 1);
            assertEquals(batchTicks, lasted, hz + " Hz, batchEvery(" + batchSeconds + "): empty batch " + i
                    + " lasted " + lasted + " ticks; starts " + system.batchStartTicks);
        }
        assertEquals(40, system.stats().batchesStarted(), "one batch every " + batchTicks + " ticks");
        world.dispose();
    }

    /**
     * One entity in each tier: tier i decided every p_i batches of s. No batch is empty (tier 0 is in
     * every one), so the budget's job credit carries over batch boundaries: over the run a batch lasts
     * s, {@code s × hz} ticks (within 2 %: a job carried from a larger batch into a smaller one is
     * worth more of its time), but one batch may end a tick or two early or late (a small batch after
     * a larger one starts with up to one tick of the larger one's release, as Budget says).
     */
    @ParameterizedTest(name = "{0} ticks a second, batchEvery({1})")
    @MethodSource("tickRatesAndBatchTimes")
    void oneEntityPerTierIsDecidedEveryItsPeriodTimesTheBatchTime(int hz, double batchSeconds) {
        TierProbe system = probe(batchSeconds);
        system.tierFunction = id -> id % 3;
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 3);
        system.ticks(world, (int) (5 * 16 * ticksPerBatch(hz, batchSeconds)), 1f / hz);
        for (int id : ids) {
            int period = TIERS.batchPeriod(id % 3);
            double expected = period * batchSeconds * hz;
            List<Long> intervals = intervalsInTicks(system, id);
            for (long interval : intervals) {
                assertTrue(Math.abs(interval - expected) <= period + 2.5, hz + " Hz, batchEvery(" + batchSeconds
                        + "): tier " + id % 3 + " decided every " + expected + " ticks, was " + interval
                        + "; intervals " + intervals);
            }
            double mean = intervals.stream().mapToLong(Long::longValue).average().orElseThrow();
            assertTrue(Math.abs(mean - expected) <= Math.max(1, 0.02 * expected), "tier " + id % 3 + ": mean interval " + mean
                    + " ticks, expected " + expected + "; intervals " + intervals);
        }
        world.dispose();
    }

    /** Many entities per tier: decisionsPerSecond(tier) is the tier's entities over its period × s, and a batch lasts s. */
    @Test
    void decisionsPerSecondPerTierIsTheTiersEntitiesOverItsPeriodTimesTheBatchTime() {
        double batchSeconds = 0.1;
        TierProbe system = probe(batchSeconds);
        system.tierFunction = id -> id < 32 ? 0 : id < 352 ? 1 : 2; // 32, 320 and 1600 entities
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 1952);
        float delta = 1 / 60f;
        system.ticks(world, 120, delta); // 2 s: every tier spread over its phases
        for (int tick = 0; tick < 120; tick++) {
            system.tick(world, delta);
            for (int tier = 0; tier < 3; tier++) {
                double expected = system.stats().entitiesInTier(tier) / (TIERS.batchPeriod(tier) * batchSeconds);
                double actual = system.stats().decisionsPerSecond(tier);
                assertTrue(Math.abs(actual - expected) <= 0.05 * expected, "tick " + tick + ", tier " + tier
                        + ": " + actual + " decisions per second, expected " + expected);
            }
            assertEquals(batchSeconds, system.stats().lastBatchSeconds(), 1.5 * delta);
        }
        assertEquals(List.of(32, 320, 1600), List.of(system.stats().entitiesInTier(0), system.stats().entitiesInTier(1),
                system.stats().entitiesInTier(2)));
        Map<Integer, List<Long>> jobs = system.jobsByEntity();
        assertEquals(1952, jobs.size());
        world.dispose();
    }
}
