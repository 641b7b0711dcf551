package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The job loop copies: one per system class while they last, each running jobs as the original does. */
class JobLoopsTest {

    /** A system class of its own, pinned to one copy or another. */
    static final class PinnedStamps extends StampSystem {
        PinnedStamps(IoPolicy policy, int depth) {
            super(policy, Budget.jobsPerTick(3), depth);
        }
    }

    @Test
    void eachNewClassTakesTheNextCopyTillTheLastWhichTheRestShare() {
        Class<?>[] types = {Integer.class, Long.class, Short.class, Byte.class, Float.class, Double.class,
                Character.class, Boolean.class, Void.class, Number.class};
        Map<Class<?>, Integer> given = new HashMap<>();
        for (int i = 0; i < types.length; i++) {
            assertEquals(Math.min(i, JobLoops.COPIES - 1), JobLoops.copyOf(given, types[i]), types[i].getName());
        }
        for (int i = 0; i < types.length; i++) {
            assertEquals(Math.min(i, JobLoops.COPIES - 1), JobLoops.copyOf(given, types[i]), "asked again: the same");
        }
    }

    static Stream<Arguments> copiesAndPolicies() {
        return IntStream.range(1, JobLoops.COPIES).boxed().flatMap(copy -> Arrays.stream(IoPolicy.values())
                .flatMap(policy -> Stream.of(Arguments.of(copy, policy, 2), Arguments.of(copy, policy, TimeslicedSystem.NO_HISTORY))));
    }

    @ParameterizedTest(name = "copy {0}, {1}, history {2}")
    @MethodSource("copiesAndPolicies")
    void everyCopyRunsJobsAsTheOriginalDoes(int copy, IoPolicy policy, int depth) {
        List<String> original = run(0, policy, depth);
        assertEquals(original, run(copy, policy, depth));
    }

    /** What a system running in {@code copy} saves over 8 ticks with 10 entities, 3 jobs a tick, one tick of 0.5 s. */
    private static List<String> run(int copy, IoPolicy policy, int depth) {
        JobLoops.pin(PinnedStamps.class, copy);
        assertEquals(copy, JobLoops.copyOf(PinnedStamps.class));
        List<String> saved = new ArrayList<>();
        PinnedStamps system = new PinnedStamps(policy, depth);
        assertEquals("WorldThreadJobs" + (copy == 0 ? "" : copy), system.slicer.worldThread.getClass().getSimpleName(),
                "the system runs in the copy pinned");
        system.observedBy(new StampSystem.Observer() {
            @Override
            public void jobRan(StampSystem ran, int entityId, Stamp input) {
                saved.add("ran " + entityId + " read at " + input.tick + " in " + ran.stats().tick());
            }

            @Override
            public void outputSaved(StampSystem ran, int entityId, Stamp output) {
                saved.add("saved " + entityId + " read at " + output.tick + " in " + ran.stats().tick());
            }
        });
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, 10);
        TestWorlds.run(world, 7, 0.1f);
        TestWorlds.run(world, 1, 0.5f);
        for (int id : ids) {
            DecisionHistory<Stamp> history = system.historyOf(id);
            saved.add(id + ": " + (history == null ? "no history" : history.size() + " kept, newest saved at "
                    + history.savedAtTick(0) + ", " + history.savedAtSeconds(0) + " s"));
        }
        saved.add("jobs " + system.stats().jobsRunTotal());
        world.dispose();
        return saved;
    }
}
