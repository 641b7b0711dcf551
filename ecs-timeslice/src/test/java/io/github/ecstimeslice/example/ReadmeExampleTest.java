package io.github.ecstimeslice.example;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import io.github.ecstimeslice.facing.TurnRate;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README's examples, compiled and run, so the README cannot drift from the API. */
class ReadmeExampleTest {

    @Test
    void theReadmesFacingSceneRunsAndNpcsFaceTheTarget() {
        // --- README: facing kit ---
        World world = new World(new WorldConfigurationBuilder()
                .with(new TagManager(),
                      new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(200)), // decide for 200 NPCs a tick
                      new TurnAnimationSystem())                                    // turn every NPC every tick
                .build());

        int target = world.create();
        world.edit(target).create(Position.class).set(5, 5);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);

        for (int i = 0; i < 10_000; i++) {
            int npc = world.create();
            world.edit(npc).create(Position.class).set(i % 100, i / 100);
            world.edit(npc).create(Orientation.class);
            world.edit(npc).create(DesiredOrientation.class);
            world.edit(npc).create(TurnRate.class).radiansPerSecond = 3f;
        }

        world.setDelta(1 / 60f);
        world.process(); // each tick: 200 decisions, 10,000 turns
        // --- end ---
        for (int i = 0; i < 200; i++) {
            world.process();
        }
        Position npc = world.getMapper(Position.class).get(1);
        float toTarget = (float) Math.atan2(5 - npc.y, 5 - npc.x);
        assertEquals(toTarget, world.getMapper(Orientation.class).get(1).radians, 1e-5);
    }

    @Test
    void theReadmesThreadedFacingSceneRunsOnWorkersAndNpcsFaceTheTarget() {
        // --- README: threads ---
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100_000));
        decisions.setThreading(Threading.WORKERS_SAME_TICK);   // decision jobs on all cores
        TurnAnimationSystem animation = new TurnAnimationSystem();
        animation.setThreading(Threading.WORKERS_SAME_TICK);   // a million turns a tick on all cores
        // --- end ---
        World world = new World(new WorldConfigurationBuilder().with(new TagManager(), decisions, animation).build());
        int target = world.create();
        world.edit(target).create(Position.class).set(5, 5);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        for (int i = 0; i < 20_000; i++) { // above the animation's 8,192 minimum for workers
            int npc = world.create();
            world.edit(npc).create(Position.class).set(i % 100, i / 100);
            world.edit(npc).create(Orientation.class);
            world.edit(npc).create(DesiredOrientation.class);
            world.edit(npc).create(TurnRate.class).radiansPerSecond = 3f;
        }
        world.setDelta(1 / 60f);
        for (int i = 0; i < 200; i++) {
            world.process();
        }
        for (int id : new int[]{1, 12_345, 20_000}) {
            Position npc = world.getMapper(Position.class).get(id);
            float toTarget = (float) Math.atan2(5 - npc.y, 5 - npc.x);
            assertEquals(toTarget, world.getMapper(Orientation.class).get(id).radians, 1e-5, "NPC " + id);
        }
        world.dispose();
    }

    @Test
    void theReadmesOwnDecisionSystemPublishesAlertness() {
        AlertSystem alerts = new AlertSystem();
        World game = new World(new WorldConfigurationBuilder().with(new TagManager(), alerts).build());
        int player = game.create();
        game.edit(player).create(Position.class).set(0, 0);
        game.getSystem(TagManager.class).register("player", player);
        int guard = game.create();
        game.edit(guard).create(Position.class).set(10, 0);
        game.edit(guard).create(Alertness.class);
        game.process();
        assertEquals(0.5f, game.getMapper(Alertness.class).get(guard).level, 1e-6);
        assertEquals(0.5f, alerts.latestOutput(guard).alertness, 1e-6);
        assertEquals(1, game.getMapper(AlertDecisions.class).get(guard).size());
    }
}
