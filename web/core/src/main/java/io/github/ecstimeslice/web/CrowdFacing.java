package io.github.ecstimeslice.web;

import com.artemis.ComponentMapper;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.TurnSummary;
import io.github.ecstimeslice.TurnWatcher;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.FacingDecision;
import io.github.ecstimeslice.facing.Position;

/**
 * The crowd's facing decisions: the facing kit, tiered by distance to the target, which marks each
 * NPC's latest save ({@link Decided}), folds the saves of the first ticks into the crowd's
 * checksum, and watches its own turns for the page's figures.
 *
 * <ul>
 * <li>{@link #decisionsLastSecond()}: jobs run over the last 60 ticks, urgent ones included.</li>
 * <li>{@link #lastTurn()}: the monitor's summary of the latest turn (pressure, quality, milliseconds).</li>
 * </ul>
 * Public, as artemis's reflection on GWT needs.
 */
public final class CrowdFacing extends FaceTargetSystem implements TurnWatcher {

    private static final int SECOND = 60;

    private ComponentMapper<Position> positions;
    private ComponentMapper<Decided> decided;
    /** Every save's tick and entity over the first ticks, folded: whole numbers below 2^40, exact everywhere. */
    long checksum;
    /** Jobs run in each of the last 60 ticks, by tick modulo 60, and their sum. */
    private final int[] jobsInTick = new int[SECOND];
    private int jobsLastSecond;
    private TurnSummary lastTurn;
    /** The target's position, which the crowd moves. */
    Position target;

    CrowdFacing(IoPolicy policy, Budget budget) {
        super(policy, budget);
        stats().setTurnWatcher(this);
    }

    /** Jobs run over the last 60 ticks (a game second). */
    public int decisionsLastSecond() {
        return jobsLastSecond;
    }

    /** The latest turn's summary (reused by the system each turn), or null before the first turn. */
    public TurnSummary lastTurn() {
        return lastTurn;
    }

    @Override
    protected int tierOf(int npc) {
        Position self = positions.get(npc);
        float dx = self.x - target.x;
        float dy = self.y - target.y;
        float squared = dx * dx + dy * dy;
        return squared < Crowd.NEAR * Crowd.NEAR ? 0 : squared < Crowd.MIDDLE * Crowd.MIDDLE ? 1 : 2;
    }

    @Override
    protected void outputSaved(int npc, FacingDecision output) {
        super.outputSaved(npc, output);
        long tick = stats().tick();
        decided.get(npc).tick = (int) tick;
        if (tick < Crowd.CHECKSUM_TICKS) {
            checksum = (checksum * 31 + tick * 7_919 + npc) % 1_000_000_007L;
        }
    }

    @Override
    public void turnEnded(TimeslicedSystem<?, ?> system, TurnSummary turn) {
        int slot = (int) (turn.tick() % SECOND);
        jobsLastSecond += turn.jobsRun() - jobsInTick[slot];
        jobsInTick[slot] = turn.jobsRun();
        lastTurn = turn;
    }
}
