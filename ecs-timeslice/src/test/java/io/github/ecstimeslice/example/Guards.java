package io.github.ecstimeslice.example;

import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionHistory;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.Position;

public class Guards {
    public static class Alertness extends Component {
        public float level;
    }

    public static class Sight { float guardX, guardY, playerX, playerY; }   // what a job reads
    public static class Verdict { public float alertness; }                 // what a job decides
    public static class AlertDecisions extends DecisionHistory<Verdict> { } // this system's history component

    public static class AlertSystem extends TimeslicedSystem<Sight, Verdict> {
        private ComponentMapper<Position> positions;
        private ComponentMapper<Alertness> alertness;
        private TagManager tags;
        private int player;

        public AlertSystem() {
            // 50 guards a tick, AIAO, 2 verdicts kept per guard
            super(Aspect.all(Position.class, Alertness.class), IoPolicy.AIAO, Budget.jobsPerTick(50),
                    AlertDecisions.class, 2);
        }

        @Override protected void begin() { player = tags.getEntityId("player"); } // once a tick
        @Override protected Sight createInput() { return new Sight(); }
        @Override protected Verdict createOutput() { return new Verdict(); }

        @Override protected void setUpInput(int guard, Sight sight) {          // world's thread: read components
            Position g = positions.get(guard), p = positions.get(player);
            sight.guardX = g.x; sight.guardY = g.y; sight.playerX = p.x; sight.playerY = p.y;
        }

        @Override protected void runJob(int guard, Sight sight, Verdict verdict) { // the expensive part
            float dx = sight.playerX - sight.guardX, dy = sight.playerY - sight.guardY;
            verdict.alertness = Math.max(0f, 1f - (float) Math.sqrt(dx * dx + dy * dy) / 20f);
        }

        @Override protected void outputSaved(int guard, Verdict verdict) {      // publish for every-tick systems
            alertness.get(guard).level = verdict.alertness;
        }
    }

    public static void main(String[] args) {
        World world = new World(new WorldConfigurationBuilder().with(new TagManager(), new AlertSystem()).build());
        int player = world.create();
        world.edit(player).create(Position.class).set(0, 0);
        world.getSystem(TagManager.class).register("player", player);
        int watched = -1;
        for (int i = 0; i < 1_000; i++) {
            int guard = world.create();
            world.edit(guard).create(Position.class).set(i % 40, i / 40);
            world.edit(guard).create(Alertness.class);
            watched = i == 163 ? guard : watched; // at (3, 4)
        }
        world.setDelta(1 / 60f);
        for (int tick = 0; tick < 20; tick++) { // every guard once
            world.process();
        }
        AlertDecisions history = world.getMapper(AlertDecisions.class).get(watched);
        System.out.printf("guard at (3, 4): alertness %.2f, decided in tick %d (the first is 0)%n",
                world.getMapper(Alertness.class).get(watched).level, history.savedAtTick(0));
    }
}
