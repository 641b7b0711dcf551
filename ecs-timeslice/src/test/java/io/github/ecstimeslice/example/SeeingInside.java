package io.github.ecstimeslice.example;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.JobTimeline;
import io.github.ecstimeslice.TickTrap;
import io.github.ecstimeslice.TraceEvents;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Position;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/** The README's Seeing inside: a turn watcher's pressure, a job timeline, a profile trap and its trace. */
public class SeeingInside {
    public static void main(String[] args) throws IOException {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100));
        World world = new World(new WorldConfigurationBuilder().with(new TagManager(), decisions).build());
        int target = world.create();
        world.edit(target).create(Position.class).set(50, 50);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        for (int i = 0; i < 1_000; i++) {
            int npc = world.create();
            world.edit(npc).create(Position.class).set(i % 100, i / 100);
            world.edit(npc).create(DesiredOrientation.class);
        }
        List<Double> graph = new ArrayList<>();
        StringWriter writer = new StringWriter();
        JobTimeline timeline = new JobTimeline(200_000);
        decisions.stats().setJobTimeline(timeline);
        decisions.stats().setTurnWatcher((system, turn) -> graph.add(turn.pressure()));
        TickTrap trap = new TickTrap(timeline, 20);
        for (int tick = 0; tick < 600; tick++) {
            world.setDelta(1 / 60f);
            if (trap.process(world)) {
                System.out.print(trap.culprits(10));
                TraceEvents.write(timeline, trap.firstSpan(), trap.endSpan(), writer);
            }
        }
        System.out.printf("pressure %.1f after %d turns; %s%n", graph.get(graph.size() - 1), graph.size(),
                decisions.stats().explain(target + 1));
    }
}
