package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code stats()} counts the asks to decide soon that wait now, and those no urgent job served. */
class UrgentAskCountsTest {

    @ParameterizedTest
    @EnumSource(Threading.class)
    void asksWaitUntilServedAndTheUnservedAreCountedDropped(Threading threading) {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(2));
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 20);
        system.decideSoon(ids[0]); // not joined yet: waits for its join
        int bare = world.create();
        system.decideSoon(bare); // never joins: dropped as the turn begins
        system.decideSoon(bare + 1000); // no entity: dropped now
        assertEquals(2, system.stats().urgentAsksWaiting());
        assertEquals(1, system.stats().urgentAsksDropped());
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(1, system.stats().urgentJobsTotal(), "ids[0] joined and was served");
        assertEquals(2, system.stats().urgentAsksDropped());
        assertEquals(0, system.stats().urgentAsksWaiting());
        for (int i = 1; i <= 5; i++) {
            system.decideSoon(ids[i]);
            system.decideSoon(ids[i]); // twice: one wait
        }
        assertEquals(5, system.stats().urgentAsksWaiting());
        world.delete(ids[5]); // leaves before its job: dropped
        TestWorlds.run(world, 1, 0.1f); // two served
        assertEquals(2, system.stats().urgentAsksWaiting(), "ids 3 and 4 wait; 5 left");
        assertEquals(3, system.stats().urgentAsksDropped());
        TestWorlds.run(world, 1, 0.1f);
        assertEquals(0, system.stats().urgentAsksWaiting());
        assertEquals(5, system.stats().urgentJobsTotal());
        system.decideSoon(ids[5]); // gone: dropped
        assertEquals(4, system.stats().urgentAsksDropped());
        world.dispose();
    }
}
