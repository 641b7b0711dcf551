package io.github.ecstimeslice.facing;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FacingKitTest {

    private static final float DT = 1f / 60;

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void npcsAroundAStillTargetAllEndUpFacingIt(IoPolicy policy) {
        // 200 NPCs at 10 jobs per tick: a batch takes 20 ticks; two batches plus a half turn at π rad/s
        // take under 100 ticks
        FacingScene scene = new FacingScene(policy, Budget.jobsPerTick(10), 200, 12f, 0f, 0f, (float) Math.PI);
        Random random = new Random(7);
        int[] scattered = new int[50];
        for (int i = 0; i < scattered.length; i++) {
            scattered[i] = scene.npc(random.nextFloat() * 40 - 20, random.nextFloat() * 40 - 20,
                    (float) (random.nextFloat() * 4 * Math.PI - 2 * Math.PI), 2f);
        }
        scene.run(300, DT);
        for (int npc : scene.npcs) {
            assertEquals(0f, scene.facingError(npc), 1e-4, "NPC " + npc);
        }
        for (int npc : scattered) {
            assertEquals(0f, scene.facingError(npc), 1e-4, "NPC " + npc);
        }
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void withAMovingTargetAndAModestBudgetTheFacingErrorStaysBounded(IoPolicy policy) {
        // 120 NPCs on a ring of radius 10, 12 jobs per tick at 60 Hz: a batch takes 10 ticks (1/6 s).
        // The target circles at radius 3, 1 rad/s: speed 3, never closer than 7 to an NPC, so its
        // bearing from any NPC turns at most 3/7 rad/s. The input behind what an NPC faces is at
        // most two batches and two ticks old under any policy (22 ticks, 0.367 s): at most 0.157 rad
        // off, and a turn rate of 2π rad/s closes each new decision within two ticks.
        FacingScene scene = new FacingScene(policy, Budget.jobsPerTick(12), 120, 10f, 3f, 1f, (float) (2 * Math.PI));
        scene.run(120, DT);
        float worst = 0;
        for (int tick = 0; tick < 600; tick++) {
            scene.run(1, DT);
            for (int npc : scene.npcs) {
                worst = Math.max(worst, scene.facingError(npc));
            }
        }
        assertTrue(worst < 0.2f, policy + ": worst facing error " + worst + " rad");
    }

    @Test
    void aPositionTheGameSetsIsTheTargetWhenNoEntityIsTagged() {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100));
        World world = new World(new WorldConfigurationBuilder().with(decisions, new TurnAnimationSystem()).build());
        int npc = world.create();
        world.getMapper(Position.class).create(npc).set(1, 1);
        world.getMapper(Orientation.class).create(npc);
        world.getMapper(DesiredOrientation.class).create(npc);
        world.getMapper(TurnRate.class).create(npc).radiansPerSecond = 100;
        decisions.aimAt(1, 5);
        world.process();
        assertEquals((float) (Math.PI / 2), world.getMapper(DesiredOrientation.class).get(npc).radians, 1e-6);
        assertEquals((float) (Math.PI / 2), decisions.latestOutput(npc).radians, 1e-6);
        assertEquals(1, world.getMapper(FacingHistory.class).get(npc).size(), "kept in FacingHistory");
    }

    public static final class NorthHistory extends io.github.ecstimeslice.DecisionHistory<FacingDecision> {
    }

    public static final class EastHistory extends io.github.ecstimeslice.DecisionHistory<FacingDecision> {
    }

    @Test
    void twoFaceTargetSystemsWithAHistoryTypeEachKeepTheirOwnDecisions() {
        FaceTargetSystem north = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100), NorthHistory.class, 2) {
        };
        FaceTargetSystem east = new FaceTargetSystem(IoPolicy.SISO, Budget.jobsPerTick(100), EastHistory.class, 1) {
        };
        north.aimAt(1, 5);
        east.aimAt(5, 1);
        World world = new World(new WorldConfigurationBuilder().with(north, east).build());
        int npc = world.create();
        world.getMapper(Position.class).create(npc).set(1, 1);
        world.getMapper(DesiredOrientation.class).create(npc);
        world.process();
        world.process();
        NorthHistory kept = world.getMapper(NorthHistory.class).get(npc);
        assertEquals(2, kept.size(), "north keeps two");
        assertEquals((float) (Math.PI / 2), kept.latest().radians, 1e-6);
        assertEquals((float) (Math.PI / 2), kept.output(1).radians, 1e-6);
        assertEquals(kept.savedAtTick(0) - 1, kept.savedAtTick(1), "the one before, a tick older");
        EastHistory other = world.getMapper(EastHistory.class).get(npc);
        assertEquals(1, other.size(), "east keeps one");
        assertEquals(0f, other.latest().radians, 1e-6);
        assertEquals(0f, east.latestOutput(npc).radians, 1e-6);
        assertNull(world.getMapper(FacingHistory.class).get(npc), "neither uses the kit's own type");
    }

    @Test
    void withoutATargetNpcsKeepTheirDesiredOrientation() {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100));
        World world = new World(new WorldConfigurationBuilder().with(decisions).build());
        int npc = world.create();
        world.getMapper(Position.class).create(npc).set(1, 1);
        world.getMapper(DesiredOrientation.class).create(npc).radians = 0.7f;
        world.process();
        assertEquals(0.7f, world.getMapper(DesiredOrientation.class).get(npc).radians);
        assertTrue(!decisions.latestOutput(npc).faceTarget);
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void anNpcTakenOffTheBoardAsAnotherDecisionIsSavedFailsNoJobAndTheOthersStillDecide(IoPolicy policy) {
        // artemis takes components off at once, and tells the system when its turn ends: a job and a save may still come
        int[] npcs = new int[3];
        FaceTargetSystem decisions = new FaceTargetSystem(policy, Budget.jobsPerTick(100)) {
            @Override
            protected void outputSaved(int entityId, FacingDecision output) {
                super.outputSaved(entityId, output);
                if (entityId == npcs[0] && world.getMapper(Position.class).has(npcs[1])) {
                    world.getMapper(Position.class).remove(npcs[1]);
                    world.getMapper(DesiredOrientation.class).remove(npcs[1]);
                }
            }
        };
        decisions.aimAt(5, 5);
        World world = new World(new WorldConfigurationBuilder().with(decisions).build());
        for (int i = 0; i < npcs.length; i++) {
            npcs[i] = world.create();
            world.getMapper(Position.class).create(npcs[i]).set(i, 0);
            world.getMapper(DesiredOrientation.class).create(npcs[i]);
        }
        for (int tick = 0; tick < 4; tick++) {
            world.process();
        }
        assertEquals((float) Math.atan2(5, 5 - 2), world.getMapper(DesiredOrientation.class).get(npcs[2]).radians, 1e-6);
    }

    @Test
    void anNpcWithNoDesiredDirectionKeepsItsOrientationInRange() {
        assertEquals(Angles.wrap(10f), TurnAnimationSystem.turned(10f, Float.NaN, 1f));
        assertEquals(0f, TurnAnimationSystem.turned(Float.NaN, Float.POSITIVE_INFINITY, 1f));
    }

    @Test
    void aTurnAHairShortOfTheDesiredOrientationNeverEndsPastIt() {
        Random random = new Random(5);
        for (int i = 0; i < 200_000; i++) {
            float current = Angles.wrap((float) (random.nextDouble() * 2 * Math.PI - Math.PI));
            float desired = Angles.wrap((float) (random.nextDouble() * 2 * Math.PI - Math.PI));
            float turn = Angles.shortestTurn(current, desired);
            float maxTurn = Math.nextDown(Math.abs(turn)); // rounding current + maxTurn can land past desired
            float left = Angles.shortestTurn(TurnAnimationSystem.turned(current, desired, maxTurn), desired);
            assertTrue(left == 0 || Math.signum(left) == Math.signum(turn), "turned(" + current + ", " + desired + ", "
                    + maxTurn + ") ends " + left + " past it");
        }
    }

    @Test
    void aSubclassThatOverridesInitializeWithoutSuperStillFollowsTheTaggedTarget() {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100)) {
            @Override
            protected void initialize() { // no super.initialize()
            }
        };
        World world = new World(new WorldConfigurationBuilder().with(new TagManager(), decisions).build());
        int target = world.create();
        world.getMapper(Position.class).create(target).set(5, 5);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        int npc = world.create();
        world.getMapper(Position.class).create(npc).set(0, 0);
        world.getMapper(DesiredOrientation.class).create(npc);
        world.process();
        assertEquals((float) Math.atan2(5, 5), world.getMapper(DesiredOrientation.class).get(npc).radians, 1e-6);
    }

    @ParameterizedTest
    @CsvSource({"NaN, 5", "1, NaN", "NaN, NaN"})
    void aTargetOrNpcWhosePositionIsNotANumberGivesNoDirectionAndTheNpcKeepsItsDesiredOrientation(float x, float y) {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100));
        World world = new World(new WorldConfigurationBuilder().with(decisions).build());
        int npc = world.create();
        world.getMapper(Position.class).create(npc).set(1, 1);
        world.getMapper(DesiredOrientation.class).create(npc).radians = 0.7f;
        decisions.aimAt(x, y);
        world.process();
        assertEquals(0.7f, world.getMapper(DesiredOrientation.class).get(npc).radians, "the target at " + x + ", " + y);
        assertFalse(decisions.latestOutput(npc).faceTarget);
        decisions.aimAt(4, 5);
        world.getMapper(Position.class).get(npc).set(x, y);
        world.process();
        assertEquals(0.7f, world.getMapper(DesiredOrientation.class).get(npc).radians, "the NPC at " + x + ", " + y);
        assertFalse(decisions.latestOutput(npc).faceTarget);
        decisions.aimAt(Float.NEGATIVE_INFINITY, 5); // a target infinitely far still has a direction
        world.getMapper(Position.class).get(npc).set(1, 1);
        world.process();
        assertTrue(decisions.latestOutput(npc).faceTarget);
        assertEquals((float) Math.PI, world.getMapper(DesiredOrientation.class).get(npc).radians, 1e-6);
    }

    @Test
    void anNpcATinyDistanceFromTheTargetStillFacesIt() {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100));
        World world = new World(new WorldConfigurationBuilder().with(decisions).build());
        int npc = world.create();
        world.getMapper(Position.class).create(npc).set(0, 0);
        world.getMapper(DesiredOrientation.class).create(npc).radians = 1f;
        decisions.aimAt(0, 1e-23f); // straight up: its squared distance is no float
        world.process();
        assertTrue(decisions.latestOutput(npc).faceTarget);
        assertEquals((float) (Math.PI / 2), world.getMapper(DesiredOrientation.class).get(npc).radians, 1e-6);
    }

    @ParameterizedTest
    @EnumSource(value = Threading.class, names = {"WORLD_THREAD", "WORKERS_SAME_TICK"})
    void noTurnExceedsTheRateAndNoneOvershoots(Threading threading) {
        Random random = new Random(11);
        DesireShaker shaker = new DesireShaker(random);
        TurnAnimationSystem animation = new TurnAnimationSystem();
        animation.setThreading(threading);
        animation.setMinEntitiesForWorkers(1);
        World world = new World(new WorldConfigurationBuilder().with(shaker, animation).build());
        ComponentMapper<Orientation> orientations = world.getMapper(Orientation.class);
        ComponentMapper<DesiredOrientation> desired = world.getMapper(DesiredOrientation.class);
        ComponentMapper<TurnRate> rates = world.getMapper(TurnRate.class);
        int[] npcs = new int[300];
        for (int i = 0; i < npcs.length; i++) {
            npcs[i] = world.create();
            orientations.create(npcs[i]).radians = Angles.wrap((float) (random.nextDouble() * 7 - 3.5));
            desired.create(npcs[i]);
            rates.create(npcs[i]).radiansPerSecond = 0.5f + random.nextFloat() * 10f;
        }
        float[] before = new float[npcs.length];
        int reached = 0;
        int limited = 0;
        for (int tick = 0; tick < 500; tick++) {
            float delta = 0.005f + random.nextFloat() * 0.05f;
            for (int i = 0; i < npcs.length; i++) {
                before[i] = orientations.get(npcs[i]).radians;
            }
            world.setDelta(delta);
            world.process();
            for (int i = 0; i < npcs.length; i++) {
                float after = orientations.get(npcs[i]).radians;
                float want = desired.get(npcs[i]).radians;
                float maxTurn = rates.get(npcs[i]).radiansPerSecond * delta;
                float turned = Angles.shortestTurn(before[i], after);
                float needed = Angles.shortestTurn(before[i], want);
                String at = "NPC " + i + " tick " + tick;
                assertTrue(Math.abs(turned) <= maxTurn + 1e-5f, at + " turned " + turned + " > " + maxTurn);
                assertTrue(after >= -Math.PI && after < Math.PI, at + " left [-π, π): " + after);
                if (Math.abs(needed) <= maxTurn) {
                    assertEquals(0f, Angles.shortestTurn(after, want), 1e-6, at + " stops on its desired orientation");
                    reached++;
                } else {
                    assertEquals(Math.signum(needed), Math.signum(turned), at + " turns along the shorter arc");
                    assertEquals(maxTurn, Math.abs(turned), 1e-4, at + " turns at full rate");
                    limited++;
                }
            }
        }
        assertTrue(reached > 1000 && limited > 1000, "both cases exercised: " + reached + ", " + limited);
    }

    @Test
    void theAnimationOnWorkersTurnsEveryNpcExactlyAsOnTheWorldThread() {
        FacingScene alone = new FacingScene(IoPolicy.AIAO, Budget.jobsPerTick(50), 3000, 50f, 10f, 0.7f, 2f);
        FacingScene shared = new FacingScene(IoPolicy.AIAO, Budget.jobsPerTick(50), 3000, 50f, 10f, 0.7f, 2f);
        shared.animation.setThreading(Threading.WORKERS_SAME_TICK);
        shared.animation.setMinEntitiesForWorkers(1);
        ComponentMapper<Orientation> aloneOrientations = alone.world.getMapper(Orientation.class);
        ComponentMapper<Orientation> sharedOrientations = shared.world.getMapper(Orientation.class);
        for (int tick = 0; tick < 200; tick++) {
            alone.run(1, 1f / 60);
            shared.run(1, 1f / 60);
            for (int i = 0; i < alone.npcs.length; i++) {
                assertEquals(aloneOrientations.get(alone.npcs[i]).radians, sharedOrientations.get(shared.npcs[i]).radians,
                        "NPC " + i + " after tick " + tick);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(IoPolicy.class)
    void withNoHistoryEveryNpcTurnsExactlyAsWithOne(IoPolicy policy) {
        FacingScene kept = new FacingScene(policy, Budget.jobsPerTick(40), 2, 600, 20f, 6f, 0.9f, 2f);
        FacingScene notKept = new FacingScene(policy, Budget.jobsPerTick(40), TimeslicedSystem.NO_HISTORY,
                600, 20f, 6f, 0.9f, 2f);
        ComponentMapper<Orientation> keptOrientations = kept.world.getMapper(Orientation.class);
        ComponentMapper<Orientation> notKeptOrientations = notKept.world.getMapper(Orientation.class);
        for (int tick = 0; tick < 200; tick++) {
            kept.run(1, DT);
            notKept.run(1, DT);
            for (int i = 0; i < kept.npcs.length; i++) {
                assertEquals(keptOrientations.get(kept.npcs[i]).radians, notKeptOrientations.get(notKept.npcs[i]).radians,
                        "NPC " + i + " after tick " + tick);
            }
        }
        int turned = 0;
        for (int npc : notKept.npcs) {
            turned += notKeptOrientations.get(npc).radians != 0f ? 1 : 0; // all start at 0
        }
        assertTrue(turned > 500, "decisions reached the NPCs: " + turned + " of 600 turned");
        assertNull(notKept.decisions.latestOutput(notKept.npcs[0]), "and no decision was kept");
    }

    /** Gives a random third of the NPCs a new random desired orientation every tick. */
    static final class DesireShaker extends BaseSystem {
        private final Random random;
        private ComponentMapper<DesiredOrientation> desired;

        DesireShaker(Random random) {
            this.random = random;
        }

        @Override
        protected void processSystem() {
            for (int id = 0; id < 300; id++) {
                if (random.nextInt(3) == 0) {
                    desired.get(id).radians = (float) (random.nextDouble() * 2 * Math.PI - Math.PI);
                }
            }
        }
    }

    @Test
    void aFarNpcTurningEveryFourthTickReachesTheSameAngleAsOneTurningEveryTick() {
        // tier 1 turns every 4th tick by the time since its last turn: at each of its turns it faces
        // where an NPC turning every tick faces then, and both stop at the desired orientation
        TurnAnimationSystem everyTick = new TurnAnimationSystem();
        TurnAnimationSystem thinned = new TurnAnimationSystem() {
            @Override
            protected int tierOf(int entityId) {
                return 1;
            }
        };
        thinned.processEvery(1, 4);
        World[] worlds = {new World(new WorldConfigurationBuilder().with(everyTick).build()),
                new World(new WorldConfigurationBuilder().with(thinned).build())};
        int[][] npcs = new int[2][8];
        for (int w = 0; w < 2; w++) {
            for (int i = 0; i < 8; i++) {
                int id = worlds[w].create();
                worlds[w].getMapper(Orientation.class).create(id).radians = 0;
                worlds[w].getMapper(DesiredOrientation.class).create(id).radians = (float) (0.4 * (i + 1) - 1.7);
                worlds[w].getMapper(TurnRate.class).create(id).radiansPerSecond = 1.5f;
                npcs[w][i] = id;
            }
        }
        float[] previous = new float[8];
        int turnsSeen = 0;
        for (int tick = 0; tick < 120; tick++) {
            for (World world : worlds) {
                world.setDelta(DT);
                world.process();
            }
            for (int i = 0; i < 8; i++) {
                float reference = worlds[0].getMapper(Orientation.class).get(npcs[0][i]).radians;
                float far = worlds[1].getMapper(Orientation.class).get(npcs[1][i]).radians;
                if (far != previous[i]) { // it turned in this tick
                    assertEquals(reference, far, 1e-5, "NPC " + i + " at tick " + tick);
                    turnsSeen++;
                }
                previous[i] = far;
            }
        }
        for (int i = 0; i < 8; i++) {
            float want = worlds[0].getMapper(DesiredOrientation.class).get(npcs[0][i]).radians;
            assertEquals(want, worlds[1].getMapper(Orientation.class).get(npcs[1][i]).radians, 1e-6, "NPC " + i);
        }
        assertTrue(turnsSeen > 8 * 5, "the far NPCs turned in several steps: " + turnsSeen);
    }

    @Test
    void followingTiersNeedsATickPeriodForEachTier() {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.batchEvery(0.1));
        decisions.setTiers(io.github.ecstimeslice.Tiers.decideEvery(1, 4, 16));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new TurnAnimationSystem().followTiersOf(decisions, 1, 2));
        assertEquals("a tick period for each of the decisions' 3 tiers, was [1, 2]", e.getMessage());
    }
}
