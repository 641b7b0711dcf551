package io.github.ecstimeslice.example;

import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.facing.Angles;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import io.github.ecstimeslice.facing.TurnRate;

public class FacingQuickStart {
    public static void main(String[] args) {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.batchEvery(0.5));
        World world = new World(new WorldConfigurationBuilder()
                .with(new TagManager(),
                      decisions,                  // every NPC re-decides within 0.5 s, a slice a tick
                      new TurnAnimationSystem())  // every NPC turns toward its latest decision every tick
                .build());

        int target = world.create();
        world.edit(target).create(Position.class).set(50, 50);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        for (int i = 0; i < 10_000; i++) {
            int npc = world.create();
            world.edit(npc).create(Position.class).set(i % 100, i / 100);
            world.edit(npc).create(Orientation.class);
            world.edit(npc).create(DesiredOrientation.class);
            world.edit(npc).create(TurnRate.class).radiansPerSecond = 3f;
        }

        world.setDelta(1 / 60f);
        for (int tick = 0; tick < 60; tick++) { // one second
            world.process();
        }

        ComponentMapper<Position> positions = world.getMapper(Position.class);
        ComponentMapper<Orientation> orientations = world.getMapper(Orientation.class);
        double error = 0;
        for (int npc = target + 1; npc <= target + 10_000; npc++) {
            Position p = positions.get(npc);
            float toTarget = (float) Math.atan2(50 - p.y, 50 - p.x);
            error += Math.abs(Angles.shortestTurn(orientations.get(npc).radians, toTarget));
        }
        System.out.printf("after 1 s: %,d decisions, %.1f a tick; mean facing error %.2f degrees%n",
                decisions.stats().jobsRunTotal(), decisions.stats().jobsRunTotal() / 60.0, Math.toDegrees(error / 10_000));
    }
}
