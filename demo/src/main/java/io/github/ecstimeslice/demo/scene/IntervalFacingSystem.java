package io.github.ecstimeslice.demo.scene;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.systems.IntervalIteratingSystem;
import com.artemis.utils.BitVector;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Position;

/**
 * artemis's own answer, an IntervalIteratingSystem: every NPC decides at once (the atan2 toward the
 * target, into DesiredOrientation) every {@code intervalSeconds} of game time. The same average
 * rate as a timesliced system, all in one tick. For comparison: the demo's {@code --compare} row
 * and the benchmarks' {@code interval} decider.
 */
final class IntervalFacingSystem extends IntervalIteratingSystem {

    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    private double seconds;
    private double lastRunSeconds;
    /** Decisions made so far. */
    long decisions;
    /** The NPCs decided for since they joined, if asked ({@link #markDecisions()}). */
    private final DecisionMarks marks = new DecisionMarks();

    IntervalFacingSystem(float intervalSeconds) {
        super(Aspect.all(Position.class, DesiredOrientation.class), intervalSeconds);
    }

    @Override
    protected boolean checkProcessing() {
        seconds += world.delta;
        return super.checkProcessing();
    }

    @Override
    protected void begin() {
        lastRunSeconds = seconds;
    }

    @Override
    protected void end() {
        decisions += subscription.getEntities().size();
    }

    @Override
    protected void process(int npc) {
        Position aim = positions.get(FacingWorlds.TARGET);
        Position self = positions.get(npc);
        desired.get(npc).radians = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
        marks.decided(npc);
    }

    @Override
    protected void removed(int npc) {
        marks.left(npc);
    }

    /** Marks each NPC once decided for, until it leaves; returns the marks. */
    BitVector markDecisions() {
        return marks.start();
    }

    /** Game seconds since every NPC last decided: the age of every decision. */
    double decisionAgeSeconds() {
        return seconds - lastRunSeconds;
    }
}
