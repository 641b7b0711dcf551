package io.github.ecstimeslice.demo.bench;

import com.artemis.ComponentMapper;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Tiers;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Position;

/**
 * The benchmarks' tiered facing decisions: NPCs within {@link #NEAR} of a player in tier 0, within
 * {@link #MID} in tier 1, the rest in tier 2, with {@code Tiers.decideEvery(1, 4, 16)}. The player
 * circles the origin at radius 100, a fifth of a radian a game second (20 units a second), so NPCs
 * keep changing tiers. On a 100,000-NPC grid about 5% are near and 26% mid: a batch holds about
 * 16% of the NPCs.
 */
final class TieredFacing extends FaceTargetSystem {

    static final float NEAR = 40;
    static final float MID = 100;

    private ComponentMapper<Position> positions;
    private double phase;
    private float playerX;
    private float playerY;

    /** Tiered decisions under {@code budget}, every NPC's tier asked again every {@code reassessSeconds}. */
    TieredFacing(Budget budget, double reassessSeconds) {
        this(budget, reassessSeconds, DEFAULT_HISTORY_DEPTH);
    }

    /** The same, keeping {@code historyDepth} decisions per NPC. */
    TieredFacing(Budget budget, double reassessSeconds, int historyDepth) {
        super(IoPolicy.AIAO, budget, historyDepth);
        setTiers(Tiers.decideEvery(1, 4, 16).reassessEvery(reassessSeconds));
    }

    @Override
    protected void begin() {
        super.begin();
        phase += 0.2 * world.delta;
        playerX = (float) (100 * Math.cos(phase));
        playerY = (float) (100 * Math.sin(phase));
    }

    @Override
    protected int tierOf(int entityId) {
        Position npc = positions.get(entityId);
        float dx = npc.x - playerX;
        float dy = npc.y - playerY;
        float squared = dx * dx + dy * dy;
        return squared < NEAR * NEAR ? 0 : squared < MID * MID ? 1 : 2;
    }
}
