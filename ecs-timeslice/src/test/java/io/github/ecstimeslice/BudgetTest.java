package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.Random;
import java.util.function.DoubleFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each budget's promise, counted in a real world with scripted deltas (no wall clock but for millis). */
class BudgetTest {

    // --- jobsPerSecond ---

    static Stream<Arguments> ratesAndTickRates() {
        double[] rates = {0.5, 10, 37.3, 600, 12_345};
        double[] tickRates = {30, 60, 144, -1}; // -1: a random delta every tick
        return Arrays.stream(rates).boxed()
                .flatMap(rate -> Arrays.stream(tickRates).mapToObj(hz -> Arguments.of(rate, hz)));
    }

    @ParameterizedTest(name = "{0} jobs/s at {1} Hz")
    @MethodSource("ratesAndTickRates")
    void jobsPerSecondRunsTheRateTimesGameTimeWithinOneJob(double rate, double hz) {
        // enough entities that a batch never runs out within a tick: 12,345 jobs/s with a 0.1 s
        // delta is 1,235 a tick
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerSecond(rate));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5000);
        Random random = new Random(3);
        int checked = 0;
        for (int tick = 0; tick < 2000; tick++) {
            world.setDelta(hz > 0 ? (float) (1 / hz) : 0.001f + random.nextFloat() * 0.099f);
            world.process();
            double owed = rate * system.stats().gameSeconds();
            assertTrue(system.stats().jobsRunTotal() <= owed + 1e-6, "never ahead of the rate: "
                    + system.stats().jobsRunTotal() + " jobs, " + owed + " owed after tick " + tick);
            if (system.stats().batchPosition() < system.stats().batchSize()) { // the batch did not run out this tick
                assertEquals(owed, system.stats().jobsRunTotal(), 1.0, "jobs run after tick " + tick);
                checked++;
            }
        }
        assertTrue(checked > 1000, "most ticks checked: " + checked);
    }

    @Test
    void jobsPerSecondMakesUpAtTheNextTickWhatABatchEndLeftUnused() {
        // 7 entities at 3 jobs a tick (180/s at 60 Hz). Batch 1: 3, 3, then 1 (2 unused, carried);
        // batch 2: 3 + 2, then 2 (1 carried); batch 3: 3 + 1, then 3; batch 4: 3...
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerSecond(180));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 7);
        int[] expectedJobs = {3, 3, 1, 5, 2, 4, 3, 3};
        for (int tick = 0; tick < expectedJobs.length; tick++) {
            TestWorlds.run(world, 1, 1 / 60f);
            assertEquals(expectedJobs[tick], system.stats().jobsRunLastTick(), "jobs in tick " + tick);
        }
    }

    @Test
    void theSeedsTenHertzIsOneJobEverySixTicksAtSixtyHertz() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerSecond(10));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 12);
        StringBuilder jobs = new StringBuilder();
        for (int tick = 0; tick < 18; tick++) {
            TestWorlds.run(world, 1, 1 / 60f);
            jobs.append(system.stats().jobsRunLastTick());
        }
        // 1/6 job a tick: the sixth tick completes a job (float deltas may move it by one tick)
        assertEquals(3, system.stats().jobsRunTotal());
        assertTrue(jobs.toString().matches("0000(01|10)0000(01|10)0000(01|10)"), jobs.toString());
    }

    // --- batchEvery ---

    @Test
    void batchEveryHalfSecondDecidesTwentyThousandEntitiesWithinHalfASecondEach() {
        int entities = 20_000;
        long[] lastJob = new long[entities];
        long[] worstGap = {0};
        Arrays.fill(lastJob, -1);
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.batchEvery(0.5))
                .observedBy(new StampSystem.Observer() {
                    @Override
                    public void jobRan(StampSystem s, int entityId, Stamp input) {
                        if (lastJob[entityId] >= 0) {
                            worstGap[0] = Math.max(worstGap[0], s.stats().tick() - lastJob[entityId]);
                        }
                        lastJob[entityId] = s.stats().tick();
                    }

                    @Override
                    public void outputSaved(StampSystem s, int entityId, Stamp output) {
                    }
                });
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, entities);
        TestWorlds.run(world, 60 * 5, 1 / 60f);
        // 0.5 s at 60 Hz is 30 ticks: 666.7 jobs a tick
        assertTrue(worstGap[0] <= 30 + 2, "worst wait between decisions: " + worstGap[0] + " ticks");
        assertTrue(worstGap[0] >= 29, "and the period is used, not beaten by far: " + worstGap[0]);
        for (long last : lastJob) {
            assertTrue(last >= 300 - 32, "every entity decided recently: last at tick " + last);
        }
        assertEquals(30, system.stats().lastBatchTicks(), 1);
        assertEquals(0.5, system.stats().lastBatchSeconds(), 1 / 60.0 + 1e-6);
        assertEquals(40_000, system.stats().decisionsPerSecond(), 40_000 / 30.0 + 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 9, 100, 3000})
    void batchEveryKeepsItsPeriodWhateverTheEntityCountAndTickRate(int entities) {
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.batchEvery(0.25));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, entities);
        Random random = new Random(entities);
        double worstDelta = 0;
        for (int tick = 0; tick < 400; tick++) {
            float delta = 0.002f + random.nextFloat() * 0.03f;
            worstDelta = Math.max(worstDelta, delta);
            TestWorlds.run(world, 1, delta);
            if (system.stats().batchesCompleted() > 0) {
                assertTrue(system.stats().lastBatchSeconds() <= 0.25 + 2 * worstDelta + 1e-6,
                        entities + " entities: a batch took " + system.stats().lastBatchSeconds() + " s");
                assertTrue(system.stats().lastBatchSeconds() >= 0.25 - 2 * worstDelta - 1e-6,
                        entities + " entities: a batch took only " + system.stats().lastBatchSeconds() + " s");
            }
        }
        assertTrue(system.stats().batchesCompleted() >= 20, "batches: " + system.stats().batchesCompleted());
    }

    // --- long ticks ---

    static Stream<Budget> timeBudgets() {
        return Stream.of(Budget.jobsPerSecond(600), Budget.batchEvery(1.0));
    }

    @ParameterizedTest
    @MethodSource("timeBudgets")
    void aLongTickReleasesNoMoreThanTheLastNormalTick(Budget budget) {
        // 600 entities: both budgets release 10 jobs a tick at 60 Hz
        StampSystem system = new StampSystem(IoPolicy.AIAO, budget);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 600);
        TestWorlds.run(world, 100, 1 / 60f);
        TestWorlds.run(world, 1, 30f); // resumed from a breakpoint
        assertTrue(system.stats().jobsRunLastTick() <= 11, "the long tick ran " + system.stats().jobsRunLastTick());
        TestWorlds.run(world, 1, 1 / 60f);
        assertTrue(system.stats().jobsRunLastTick() <= 11, "and so did the tick after: " + system.stats().jobsRunLastTick());
    }

    @ParameterizedTest
    @MethodSource("timeBudgets")
    void aLongFirstTickReleasesAtMostOneJob(Budget budget) {
        StampSystem system = new StampSystem(IoPolicy.AIAO, budget);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 600);
        TestWorlds.run(world, 1, 30f); // the game starts after a long load
        assertTrue(system.stats().jobsRunLastTick() <= 1, "the long first tick ran " + system.stats().jobsRunLastTick());
        TestWorlds.run(world, 1, 1 / 60f);
        assertTrue(system.stats().jobsRunLastTick() <= 11, "then the rate: " + system.stats().jobsRunLastTick());
    }

    @Test
    void settingABudgetAgainAfterAnotherStartsItAfresh() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerSecond(90));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5); // 1.5 jobs a tick: a batch runs out often, carrying credit
        Budget rate = system.budget();
        TestWorlds.run(world, 7, 1 / 60f);
        system.setBudget(Budget.millisPerTick(1));
        TestWorlds.run(world, 3, 1 / 60f);
        system.setBudget(rate);
        TestWorlds.run(world, 1, 1 / 60f);
        assertEquals(1, system.stats().jobsRunLastTick(), "1.5 jobs earned, nothing carried from before");
    }

    @Test
    void theLongTickThresholdCanBeSet() {
        Budget budget = Budget.jobsPerSecond(100).withLongTickSeconds(0.05);
        assertEquals(0.05, budget.longTickSeconds());
        StampSystem system = new StampSystem(IoPolicy.AIAO, budget);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        TestWorlds.run(world, 10, 0.04f); // 4 jobs a tick
        TestWorlds.run(world, 1, 0.1f);   // long: counts as 0.04 s
        assertEquals(4, system.stats().jobsRunLastTick());
    }

    @Test
    void anIdleSystemSavesUpNoBacklog() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerSecond(600));
        World world = TestWorlds.of(system);
        TestWorlds.run(world, 600, 1 / 60f); // ten seconds with nobody to decide for
        TestWorlds.deciders(world, 1000);
        TestWorlds.run(world, 1, 1 / 60f);
        assertTrue(system.stats().jobsRunLastTick() <= 2 * 10 + 1, "first tick with work ran " + system.stats().jobsRunLastTick());
    }

    // --- millisPerTick ---

    @Test
    void millisPerTickRunsJobsUntilTheTimeIsSpentAndAtLeastOne() {
        // jobs spin 100 µs, the budget is 2 ms: at most 20 jobs fit, one more may run past
        SpinSystem system = new SpinSystem(IoPolicy.AIAO, Budget.millisPerTick(2), 100_000);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 10_000);
        int[] jobs = new int[60];
        for (int tick = 0; tick < jobs.length; tick++) {
            TestWorlds.run(world, 1, 1 / 60f);
            jobs[tick] = system.stats().jobsRunLastTick();
            assertTrue(jobs[tick] >= 1, "at least one job in tick " + tick);
        }
        int[] sorted = jobs.clone();
        Arrays.sort(sorted);
        int median = sorted[sorted.length / 2];
        assertTrue(median >= 8 && median <= 21, "median jobs a tick: " + median + " of " + Arrays.toString(jobs));
        long withinOnePast = Arrays.stream(jobs).filter(j -> j <= 21).count();
        assertTrue(withinOnePast >= jobs.length * 9 / 10, "ticks within one job past the budget: "
                + withinOnePast + " of " + Arrays.toString(jobs));
    }

    @Test
    void millisPerTickEndsATickAtMostOneJobPastTheBudgetWhenJobsVaryInCost() {
        // each tick's first job spins 10 µs, the rest 500 µs: 2 ms hold 4 of those after the first,
        // one more may run past. (Read after strides sized by the first job, a tick ran 30.)
        SpinSystem system = new SpinSystem(IoPolicy.AIAO, Budget.millisPerTick(2), 500_000) {
            private int jobsThisTick;

            @Override
            protected void begin() {
                jobsThisTick = 0;
            }

            @Override
            long spinNanos(int entityId) {
                return jobsThisTick++ == 0 ? 10_000 : super.spinNanos(entityId);
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 1_000);
        for (int tick = 0; tick < 20; tick++) {
            TestWorlds.run(world, 1, 1 / 60f);
            assertTrue(system.stats().jobsRunLastTick() <= 1 + 4 + 1, "tick " + tick + " ran " + system.stats().jobsRunLastTick());
        }
    }

    @Test
    void aMillisBudgetSmallerThanOneJobStillRunsOneJobATick() {
        SpinSystem system = new SpinSystem(IoPolicy.SISO, Budget.millisPerTick(0.001), 50_000);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 5);
        for (int tick = 0; tick < 12; tick++) {
            TestWorlds.run(world, 1, 1 / 60f);
            assertEquals(1, system.stats().jobsRunLastTick(), "tick " + tick);
        }
        assertEquals(2, system.stats().batchesCompleted());
    }

    @Test
    void aMillisBudgetCountsTheBatchStartsReadsSoATickWhoseReadsSpentItRunsOneJob() {
        // sync input: a batch start reads 40 inputs of 100 µs each, 4 ms, twice the 2 ms budget;
        // jobs cost nothing, so a budget counted from the first job would run all 40 in that tick
        SpinSystem system = new SpinSystem(IoPolicy.SIAO, Budget.millisPerTick(2), 0) {
            @Override
            protected void setUpInput(int entityId, Stamp input) {
                long until = System.nanoTime() + 100_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                super.setUpInput(entityId, input);
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 40);
        for (int batch = 0; batch < 3; batch++) {
            TestWorlds.run(world, 1, 1 / 60f); // the batch starts: its reads spend the budget
            assertEquals(1, system.stats().jobsRunLastTick(), "the batch start's tick of batch " + batch);
            assertTrue(system.stats().lastBatchStartMillis() >= 4, "40 reads of 100 µs: "
                    + system.stats().lastBatchStartMillis() + " ms");
            while (system.stats().batchPosition() < system.stats().batchSize()) {
                TestWorlds.run(world, 1, 1 / 60f); // the rest of the batch, in the ticks after
            }
        }
    }

    @Test
    void onWorkersJoinedInTheTurnAMillisBudgetStopsStartingJobsWhenTheTimeIsSpentNotAtACountEstimatedAhead() {
        // 20 ticks of 10 µs jobs teach an estimate that 200 fit in 2 ms; then they cost 1 ms each:
        // stopping at the time, 3 runners (2 workers, the world's thread) start at most 3 and 1 past each
        int[] tick = {0};
        SpinSystem system = new SpinSystem(IoPolicy.AIAO, Budget.millisPerTick(2), 0) {
            @Override
            long spinNanos(int entityId) {
                return tick[0] < 20 ? 10_000 : 1_000_000;
            }
        };
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try {
            system.setThreading(Threading.WORKERS_SAME_TICK, pool);
            World world = TestWorlds.of(system);
            TestWorlds.deciders(world, 10_000);
            for (; tick[0] < 24; tick[0]++) {
                TestWorlds.run(world, 1, 1 / 60f);
                if (tick[0] >= 20) {
                    assertTrue(system.stats().jobsRunLastTick() <= 3 * (2 + 1) + 1,
                            "tick " + tick[0] + " started " + system.stats().jobsRunLastTick() + " jobs of 1 ms");
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aLongTickAfterANormalTickWhoseBatchStartFailedEarnsWhatThatNormalTickDid() {
        // "every tick past the checks counts": the failed tick of 1/60 s is the last normal one, so
        // long ticks earn 1/60 of a job each at one job a second, none in five; a long tick before
        // any normal one would earn one
        boolean[] failOnce = {true};
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerSecond(1.0)) {
            @Override
            protected Stamp createInput() {
                if (failOnce[0]) {
                    failOnce[0] = false;
                    throw new IllegalStateException("no input objects today");
                }
                return super.createInput();
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 10);
        world.setDelta(1 / 60f);
        assertThrows(IllegalStateException.class, world::process);
        for (int tick = 1; tick <= 5; tick++) {
            world.setDelta(2f);
            world.process();
            assertEquals(0, system.stats().jobsRunLastTick(), "long tick " + tick);
        }
    }

    // --- changing at runtime ---

    @Test
    void aNewBudgetAppliesFromTheNextTick() {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2));
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        TestWorlds.run(world, 3, 0.1f);
        assertEquals(2, system.stats().jobsRunLastTick());
        system.setBudget(Budget.jobsPerTick(7));
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(7, system.stats().jobsRunLastTick());
        system.setBudget(Budget.jobsPerSecond(30));
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(3, system.stats().jobsRunLastTick());
    }

    @Test
    void aNewPolicyAppliesFromTheNextBatch() {
        // 4 entities, 1 job a tick: batch 1 is ticks 0-3 under SISO, batch 2 starts at tick 4
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(1));
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 4);
        TestWorlds.run(world, 2, 0.1f);
        system.setPolicy(IoPolicy.AIAO);
        assertEquals(IoPolicy.SISO, system.batchPolicy());
        TestWorlds.run(world, 2, 0.1f);
        assertEquals(null, system.latestOutput(ids[3]), "batch 1 stays sync output");
        TestWorlds.run(world, 1, 0.1f); // tick 4: batch 1 saved together, batch 2 starts under AIAO
        assertEquals(IoPolicy.AIAO, system.batchPolicy());
        assertEquals(4, system.latestTick(ids[0]), "async input and output from batch 2 on");
        assertEquals(0, system.latestTick(ids[1]), "batch 1's sync input");
    }

    @Test
    void nullBudgetsAndPoliciesAreRejectedAtRuntimeToo() {
        StampSystem system = new StampSystem(IoPolicy.SISO, Budget.jobsPerTick(1));
        assertThrows(IllegalArgumentException.class, () -> system.setBudget(null));
        assertThrows(IllegalArgumentException.class, () -> system.setPolicy(null));
        assertEquals(Budget.jobsPerTick(1), system.budget());
        assertEquals(IoPolicy.SISO, system.policy());
    }

    // --- bad input ---

    static Stream<Arguments> badAmounts() {
        double[] bad = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0, -0.0, -1, -1e-9};
        Stream<Arguments> factories = Stream.of(
                Arguments.of("jobsPerSecond", (DoubleFunction<Budget>) Budget::jobsPerSecond),
                Arguments.of("batchEvery", (DoubleFunction<Budget>) Budget::batchEvery),
                Arguments.of("millisPerTick", (DoubleFunction<Budget>) Budget::millisPerTick),
                Arguments.of("withLongTickSeconds",
                        (DoubleFunction<Budget>) s -> Budget.jobsPerTick(1).withLongTickSeconds(s)));
        return factories.flatMap(f -> Arrays.stream(bad).mapToObj(v -> Arguments.of(f.get()[0], f.get()[1], v)));
    }

    @ParameterizedTest(name = "{0}({2})")
    @MethodSource("badAmounts")
    void badRatesPeriodsAndMillisAreRejectedNamingTheValue(String factory, DoubleFunction<Budget> make, double value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> make.apply(value));
        assertTrue(e.getMessage().contains(String.valueOf(value)), factory + ": " + e.getMessage());
    }

    @Test
    void budgetsSayWhatTheyAre() {
        assertEquals("jobsPerSecond(10.0)", Budget.jobsPerSecond(10).toString());
        assertEquals("batchEvery(0.5)", Budget.batchEvery(0.5).toString());
        assertEquals("millisPerTick(2.0)", Budget.millisPerTick(2).toString());
        assertEquals("batchEvery(0.5).withLongTickSeconds(0.1)", Budget.batchEvery(0.5).withLongTickSeconds(0.1).toString());
        assertEquals(Budget.batchEvery(0.5), Budget.batchEvery(0.5));
        assertTrue(!Budget.batchEvery(0.5).equals(Budget.jobsPerSecond(0.5)));
    }

    /** A system whose jobs busy-wait a known wall-clock time. */
    static class SpinSystem extends StampSystem {
        private final long spinNanos;

        SpinSystem(IoPolicy policy, Budget budget, long spinNanos) {
            super(policy, budget);
            this.spinNanos = spinNanos;
        }

        /** How long the entity's job spins. */
        long spinNanos(int entityId) {
            return spinNanos;
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            long until = System.nanoTime() + spinNanos(entityId);
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            super.runJob(entityId, input, output);
        }
    }
}
