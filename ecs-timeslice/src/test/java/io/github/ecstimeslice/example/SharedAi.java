package io.github.ecstimeslice.example;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SharedBudget;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;

/** The README's Several systems: NPCs facing a target and guards watching the player share 400 jobs a tick. */
public class SharedAi {
    public static void main(String[] args) {
        FaceTargetSystem targeting = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        Guards.AlertSystem ambient = new Guards.AlertSystem();
        SharedBudget ai = SharedBudget.jobsPerTick(400);
        targeting.setBudget(ai.share(3));   // combat AI before
        ambient.setBudget(ai.share(1));     // ambient AI
        World world = new World(new WorldConfigurationBuilder().with(new TagManager(), targeting, ambient).build());
        int target = world.create();
        world.edit(target).create(Position.class).set(50, 50);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        int player = world.create();
        world.edit(player).create(Position.class).set(0, 0);
        world.getSystem(TagManager.class).register("player", player);
        for (int i = 0; i < 10_000; i++) {
            int npc = world.create();
            world.edit(npc).create(Position.class).set(i % 100, i / 100);
            world.edit(npc).create(Orientation.class);
            world.edit(npc).create(DesiredOrientation.class);
            int guard = world.create();
            world.edit(guard).create(Position.class).set(i % 100, i / 100);
            world.edit(guard).create(Guards.Alertness.class);
        }
        world.setDelta(1 / 60f);
        for (int tick = 0; tick < 3; tick++) {
            world.process();
        }
        System.out.printf("a tick: %d facing decisions, %d alertness decisions, %d in all%n",
                ai.jobsLastTick(targeting.budget()), ai.jobsLastTick(ambient.budget()), ai.jobsLastTick());
    }
}
