package io.github.ecstimeslice.example;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.Position;

/** The README's example of a game's own timesliced decision: how alarmed is a guard by the player? */
public class AlertSystem extends TimeslicedSystem<AlertSystem.Sight, AlertSystem.Verdict> {

    /** What a job reads: the guard's and the player's positions. */
    public static final class Sight {
        float guardX, guardY, playerX, playerY;
    }

    /** What a job decides. */
    public static final class Verdict {
        public float alertness;
    }

    private ComponentMapper<Position> positions;
    private ComponentMapper<Alertness> alertness;
    private TagManager tags;
    private int player;

    public AlertSystem() {
        // 50 guards decide per tick; each reads the world when its job starts and publishes at once
        super(Aspect.all(Position.class, Alertness.class), IoPolicy.AIAO, Budget.jobsPerTick(50),
                AlertDecisions.class, 2);
    }

    @Override
    protected void begin() { // once per tick, before any job
        player = tags.getEntityId("player");
    }

    @Override
    protected Sight createInput() {
        return new Sight();
    }

    @Override
    protected Verdict createOutput() {
        return new Verdict();
    }

    @Override
    protected void setUpInput(int guard, Sight sight) { // on the world's thread: read components
        Position g = positions.get(guard);
        Position p = positions.get(player);
        sight.guardX = g.x;
        sight.guardY = g.y;
        sight.playerX = p.x;
        sight.playerY = p.y;
    }

    @Override
    protected void runJob(int guard, Sight sight, Verdict verdict) { // the expensive part: only input and output
        float dx = sight.playerX - sight.guardX;
        float dy = sight.playerY - sight.guardY;
        verdict.alertness = Math.max(0f, 1f - (float) Math.sqrt(dx * dx + dy * dy) / 20f);
    }

    @Override
    protected void outputSaved(int guard, Verdict verdict) { // publish for the every-tick systems
        alertness.get(guard).level = verdict.alertness;
    }
}
