package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cost/quality figures: decisions per second, batch duration, age of the latest outputs. */
class StatsTest {

    @Test
    void batchDurationAndDecisionsPerSecondComeFromTheLastCompletedBatch() {
        // 100 entities at 10 jobs a tick, 0.1 s ticks: a batch is 10 ticks, 1 s, 100 decisions
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        TestWorlds.run(world, 10, 0.1f);
        assertEquals(0, system.stats().decisionsPerSecond(), "no batch completed yet");
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(10, system.stats().lastBatchTicks());
        assertEquals(1.0, system.stats().lastBatchSeconds(), 1e-5);
        assertEquals(100, system.stats().decisionsPerSecond(), 1e-3);
    }

    @Test
    void statsPrintTheFiguresToLookAtFirstInOneLine() {
        // 100 entities at 10 jobs a tick, 0.1 s ticks: batches start at ticks 0, 10 and 20; after
        // 25 ticks two completed (100 decisions in 10 ticks, 1 s each) and the third is half done
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        TestWorlds.run(world, 25, 0.1f);
        String line = system.stats().toString();
        assertTrue(line.matches("StampSystem after 25 ticks \\(2\\.50 s\\): 100 decisions/s; last batch 100 decisions in 10"
                + " ticks \\(1\\.00 s\\); batch now 50 of 100, its start took \\d+\\.\\d{3} ms; last tick 10 jobs; in all 250 jobs"
                + " \\(0 urgent\\), 2 batches"), line);
        assertEquals(100, system.stats().lastBatchJobs());
    }

    @Test
    void statsPrintEachTiersEntitiesAndNoBatchBeforeOneCompleted() {
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(10)) {
            @Override
            protected int tierOf(int entityId) {
                return entityId % 4 == 0 ? 0 : 1; // 3 of 12 in tier 0
            }
        };
        system.setTiers(Tiers.decideEvery(1, 2));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 12);
        TestWorlds.run(world, 1, 0.1f);
        String line = system.stats().toString();
        assertTrue(line.startsWith("StatsTest$"), line);
        assertTrue(line.contains(" after 1 ticks (0.10 s): 0 decisions/s; batch now 10 of 12, its start took "), line);
        assertTrue(line.endsWith(" ms; last tick 10 jobs; in all 10 jobs (0 urgent), 0 batches; entities by tier 3 / 9"), line);
    }

    @Test
    void asyncOutputAgesSpreadEvenlyOverTheBatch() {
        // AIAO, 100 entities at 10 a tick: after a tick, ten entities were saved 0 ticks ago, ten 1
        // tick ago, ... ten 9 ticks ago: mean 4.5, max 9 ticks; 0.45 s and 0.9 s at 0.1 s a tick
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(10));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        TestWorlds.run(world, 37, 0.1f);
        DecisionAges ages = system.stats().measureAges(new DecisionAges());
        assertEquals(100, ages.entities());
        assertEquals(100, ages.withOutput());
        assertEquals(4.5, ages.meanTicks(), 1e-9);
        assertEquals(9, ages.maxTicks());
        assertEquals(0.45, ages.meanSeconds(), 1e-4);
        assertEquals(0.9, ages.maxSeconds(), 1e-4);
    }

    @Test
    void syncOutputAgesGrowTogetherUntilTheNextBatchIsSaved() {
        // SISO, 100 entities at 10 a tick: every output is saved at a batch start (ticks 10, 20, ...)
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(10));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        DecisionAges ages = new DecisionAges();
        TestWorlds.run(world, 5, 0.1f);
        system.stats().measureAges(ages);
        assertEquals(0, ages.withOutput());
        assertEquals(0, ages.maxTicks());
        TestWorlds.run(world, 6, 0.1f); // through tick 10, which saved batch 1
        system.stats().measureAges(ages);
        assertEquals(100, ages.withOutput());
        assertEquals(0, ages.maxTicks());
        TestWorlds.run(world, 7, 0.1f); // through tick 17
        system.stats().measureAges(ages);
        assertEquals(7, ages.meanTicks(), 1e-9);
        assertEquals(7, ages.maxTicks());
        assertEquals(0.7, ages.maxSeconds(), 1e-4);
    }

    @Test
    void agesMeasuredDuringTheSystemsTurnCountFromTheTickInProgress() {
        DecisionAges[] measured = {null};
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1)) {
            @Override
            protected void outputSaved(int entityId, Stamp output) {
                if (stats().tick() == 3) {
                    measured[0] = stats().measureAges(new DecisionAges());
                }
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 1);
        TestWorlds.run(world, 5, 0.1f);
        assertEquals(1, measured[0].withOutput());
        assertEquals(0, measured[0].maxTicks(), "saved in this tick");
        assertEquals(0, measured[0].meanTicks(), 0);
        assertEquals(0, measured[0].maxSeconds(), 0);
    }

    @Test
    void agesMeasuredAsAnEntityJoinsCountItWithTheOthers() {
        int[] entities = {-1};
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(100)) {
            @Override
            protected void entityJoined(int entityId) {
                if (entityId == 3) {
                    entities[0] = stats().measureAges(new DecisionAges()).entities();
                }
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 3);
        TestWorlds.run(world, 2, 0.1f);
        TestWorlds.deciders(world, 1);
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(4, entities[0], "artemis's subscription still lists three while it tells of the fourth");
    }
}
