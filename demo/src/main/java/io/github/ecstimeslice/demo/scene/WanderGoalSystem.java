package io.github.ecstimeslice.demo.scene;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.Position;

/**
 * An ambient system, timesliced: each NPC picks where it would wander next, the best of
 * {@value #CANDIDATES} points around it, scored by how far each lies from the nearest threat and
 * how near it stays to the NPC (a job a few times a facing decision's cost). Keeps no history: each
 * pick is published into the NPC's {@link WanderGoal}. The threats are copied in
 * {@link #prepareJobs()}.
 */
public final class WanderGoalSystem extends TimeslicedSystem<WanderGoalSystem.Spot, WanderGoalSystem.Pick> {

    /** Points each job weighs. */
    static final int CANDIDATES = 8;
    /** How far from the NPC the points lie, at most. */
    private static final float REACH = 4;

    /** A job's input: where the NPC stands, and a number that varies the points from pick to pick. */
    public static final class Spot {
        float x;
        float y;
        int salt;
    }

    /** A job's output: the point picked. */
    public static final class Pick {
        float x;
        float y;
    }

    private final Threats threats;
    private SaveChecksum checksum;
    private final float[] threatX = new float[Threats.COUNT];
    private final float[] threatY = new float[Threats.COUNT];
    private ComponentMapper<Position> positions;
    private ComponentMapper<WanderGoal> goals;

    WanderGoalSystem(IoPolicy policy, Budget budget, Threats threats) {
        super(Aspect.all(Position.class, WanderGoal.class), policy, budget, NO_HISTORY);
        this.threats = threats;
    }

    @Override
    protected void prepareJobs() {
        System.arraycopy(threats.x, 0, threatX, 0, Threats.COUNT);
        System.arraycopy(threats.y, 0, threatY, 0, Threats.COUNT);
    }

    @Override
    protected Spot createInput() {
        return new Spot();
    }

    @Override
    protected Pick createOutput() {
        return new Pick();
    }

    @Override
    protected void setUpInput(int npc, Spot input) {
        Position self = positions.get(npc);
        input.x = self.x;
        input.y = self.y;
        input.salt = npc * 0x9E3779B9 + (int) stats().batchesStarted() * 0x85EBCA6B;
    }

    @Override
    protected void runJob(int npc, Spot input, Pick output) {
        float bestScore = -Float.MAX_VALUE;
        int bits = input.salt;
        for (int c = 0; c < CANDIDATES; c++) {
            bits = bits * 1664525 + 1013904223; // an LCG step: the points vary without a Random
            double angle = (bits >>> 8) * (2 * Math.PI / (1 << 24));
            float reach = REACH * (0.25f + 0.75f * ((bits & 0xFF) / 255f));
            float px = input.x + reach * (float) Math.cos(angle);
            float py = input.y + reach * (float) Math.sin(angle);
            float safest = Float.MAX_VALUE;
            for (int t = 0; t < Threats.COUNT; t++) {
                float dx = threatX[t] - px;
                float dy = threatY[t] - py;
                safest = Math.min(safest, (float) Math.sqrt(dx * dx + dy * dy));
            }
            float score = Math.min(safest, 2 * REACH) - 0.5f * reach;
            if (score > bestScore) {
                bestScore = score;
                output.x = px;
                output.y = py;
            }
        }
    }

    /** Folds every save into {@code checksum} from now on; null: none. */
    void checkSaves(SaveChecksum checksum) {
        this.checksum = checksum;
    }

    @Override
    protected void outputSaved(int npc, Pick output) {
        WanderGoal goal = goals.get(npc);
        goal.x = output.x;
        goal.y = output.y;
        if (checksum != null) {
            checksum.saved(npc, stats().tick(), (long) Float.floatToIntBits(output.x) << 32 ^ Float.floatToIntBits(output.y));
        }
    }
}
