package io.github.ecstimeslice;

import com.artemis.utils.IntBag;
import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JobFailureReportTest {

    @ParameterizedTest
    @EnumSource(Threading.class)
    void aTickWhoseJobsAllFailThrowsOneExceptionWithFourAttachedAndTheRestCounted(Threading threading) {
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(100)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                throw new IllegalStateException("no target for " + entityId);
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 100);
        // the first tick's hundred jobs fail (next-tick workers report them in the second)
        JobFailedException failed = assertThrows(JobFailedException.class, () -> TestWorlds.run(world, 2, 1 / 60f));
        Throwable[] attached = failed.getSuppressed();
        assertEquals(5, attached.length, "four failures and the note of the rest");
        for (int i = 0; i < 4; i++) {
            assertInstanceOf(JobFailedException.class, attached[i]);
        }
        assertEquals(95, failed.moreFailures());
        assertTrue(attached[4].getMessage().endsWith(": 95 more failures in the same tick, counted, not attached"),
                attached[4].getMessage());
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void aJobThatFailsInsideArtemisOnWorkersIsToldTheRule(IoPolicy policy, Threading threading) {
        // throws inside artemis, always with a stack trace
        JobFailedException failed = failureOf(policy, threading, () -> new IntBag(-1));
        String rule = "(runJob runs on worker threads: edit the world in outputSaved, read it in setUpInput;"
                + " WorldEditCheck.install(world) catches a job's edit where it happens)";
        if (threading == Threading.WORLD_THREAD) {
            assertFalse(failed.getMessage().contains(rule), failed.getMessage());
        } else {
            assertTrue(failed.getMessage().endsWith(rule), failed.getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    void aJobThatFailsInItsOwnCodeOnWorkersIsToldNoRule(Threading threading) {
        JobFailedException failed = failureOf(IoPolicy.AIAO, threading, () -> {
            throw new ArithmeticException("the game's own bug");
        });
        assertFalse(failed.getMessage().contains("runJob runs on worker threads"), failed.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    void aJobThatFailsOnWorkersWithNoStackTraceIsToldWhyAndTheRule(Threading threading) {
        JobFailedException failed = failureOf(IoPolicy.AIAO, threading, () -> {
            NullPointerException fastThrown = new NullPointerException(); // as the JIT throws one, often
            fastThrown.setStackTrace(new StackTraceElement[0]);
            throw fastThrown;
        });
        assertTrue(failed.getMessage().contains("-XX:-OmitStackTraceInFastThrow keeps it; if it came from artemis:"
                + " runJob runs on worker threads"), failed.getMessage());
    }

    /** What the world throws when every job of a system under {@code threading} fails as {@code job} does. */
    private static JobFailedException failureOf(IoPolicy policy, Threading threading, Runnable job) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(10)) {
            @Override
            protected void runJob(int entityId, Stamp input, Stamp output) {
                job.run();
            }
        };
        system.setThreading(threading);
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 10);
        return assertThrows(JobFailedException.class, () -> TestWorlds.run(world, 4, 1 / 60f));
    }

    private static StackTraceElement frame(String type, String method) {
        return new StackTraceElement(type, method, null, -1);
    }

    @org.junit.jupiter.api.Test
    void aJobThatFailedInAJdkMethodArtemisCalledIsToldTheRule() {
        StackTraceElement[] racingMapperLookup = {
                frame("java.util.IdentityHashMap", "get"),
                frame("com.artemis.ComponentTypeFactory", "getTypeFor"),
                frame("com.artemis.World", "getMapper"),
                frame("game.ai.TargetingSystem", "runJob"),
                frame("io.github.ecstimeslice.WorkerJobs", "run")};
        assertEquals(TickFailures.WORKER_RULE + TickFailures.CHECK_HINT, TickFailures.ruleFor(racingMapperLookup));
    }

    @org.junit.jupiter.api.Test
    void aJobThatFailedInItsOwnCodeOnTheWorldsThreadHelpingWorkersIsToldNoRule() {
        StackTraceElement[] ownBugWhileHelping = { // the world below the library's frames
                frame("game.ai.TargetingSystem", "score"),
                frame("game.ai.TargetingSystem", "runJob"),
                frame("io.github.ecstimeslice.WorkerJobs", "run"),
                frame("io.github.ecstimeslice.WorkerCrew", "claimOne"),
                frame("io.github.ecstimeslice.TimeslicedSystem", "processSystem"),
                frame("com.artemis.BaseSystem", "process"),
                frame("com.artemis.World", "process")};
        assertEquals(null, TickFailures.ruleFor(ownBugWhileHelping));
    }

    @org.junit.jupiter.api.Test
    void aJobThatFailedInAnArtemisBagOfItsOwnIsToldNoRule() {
        StackTraceElement[] ownBag = { // a bag is a utility a game uses too: only on top does it count
                frame("java.util.Arrays", "copyOf"),
                frame("com.artemis.utils.IntBag", "grow"),
                frame("com.artemis.utils.IntBag", "add"),
                frame("game.ai.SquadSystem", "runJob"),
                frame("io.github.ecstimeslice.WorkerJobs", "run")};
        assertEquals(null, TickFailures.ruleFor(ownBag));
    }

    @org.junit.jupiter.api.Test
    void aJobWhoseEditTheCheckRefusedIsToldTheRuleAlone() {
        StackTraceElement[] refused = {
                frame("io.github.ecstimeslice.GuardedChanges", "refuseOnWorkThread"),
                frame("io.github.ecstimeslice.GuardedChanges", "unsafeSet"),
                frame("com.artemis.World", "create"),
                frame("game.ai.SpawnSystem", "runJob"),
                frame("io.github.ecstimeslice.WorkerJobs", "run")};
        assertEquals(TickFailures.WORKER_RULE, TickFailures.ruleFor(refused));
    }

    /** A game's exception type that takes no suppressed exceptions. */
    static final class Unsuppressing extends RuntimeException {
        Unsuppressing(String message) {
            super(message, null, false, true);
        }
    }

    @org.junit.jupiter.api.Test
    void failuresAFactorysExceptionCannotCarryAreThrownAtTheEndOfTheNextTurnNotLost() {
        boolean[] failOnce = {true};
        StampSystem system = new StampSystem(IoPolicy.AIAO, Budget.jobsPerTick(1)) {
            @Override
            protected Stamp createInput() {
                if (failOnce[0]) {
                    failOnce[0] = false;
                    throw new Unsuppressing("no input objects today");
                }
                return super.createInput();
            }

            @Override
            protected void entityJoined(int entityId) {
                if (entityId == 2) {
                    throw new IllegalArgumentException("a join hook failed for 2");
                }
            }
        };
        World world = TestWorlds.of(system);
        TestWorlds.deciders(world, 4);
        world.setDelta(1 / 60f);
        Unsuppressing factory = assertThrows(Unsuppressing.class, world::process);
        assertEquals(0, factory.getSuppressed().length, "the factory's exception took none");
        IllegalArgumentException kept = assertThrows(IllegalArgumentException.class, world::process);
        assertEquals("a join hook failed for 2", kept.getMessage());
    }
}
