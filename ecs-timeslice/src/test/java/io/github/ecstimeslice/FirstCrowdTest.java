package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code setDecideNewcomersSoon(true)} set before the first tick: the crowd there at the system's
 * first turn (a level's start) is no wave of urgent jobs but the first batch, at the budget's pace;
 * the entities that join later are decided soon.
 */
class FirstCrowdTest {

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void theFirstCrowdIsTheFirstBatchAndLaterNewcomersAreDecidedSoon(IoPolicy policy, Threading threading) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(10));
        system.setThreading(threading);
        system.setDecideNewcomersSoon(true);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        TestWorlds.run(world, 3, 0.1f);
        assertEquals(0, system.stats().urgentJobsTotal(), "no urgent job for the crowd there at the first turn");
        assertEquals(100, system.stats().batchSize(), "the first batch holds the crowd");
        TestWorlds.deciders(world, 4); // a later spawn
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(4, system.stats().urgentJobsTotal(), "the newcomers decided in the tick they joined");
        world.dispose();
    }
}
