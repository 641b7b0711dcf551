package io.github.ecstimeslice.demo.scene;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.Position;

/**
 * A perception system, timesliced: each NPC's alertness from its distance to the nearest of the
 * target and the {@link Threats}, 1 on top of one and falling to 0 at {@code awareRadius}. Keeps
 * no history ({@link #NO_HISTORY}): each decision is published into the NPC's {@link Alertness}.
 * The sources are copied in {@link #prepareJobs()}, which jobs on any thread may read.
 */
public final class AlertnessSystem extends TimeslicedSystem<AlertnessSystem.Sight, AlertnessSystem.Alarm> {

    /** A job's input: where the NPC stands. */
    public static final class Sight {
        float x;
        float y;
    }

    /** A job's output: the alertness and the nearest source. */
    public static final class Alarm {
        float level;
        int nearest;
    }

    private final Threats threats;
    private SaveChecksum checksum;
    private final float awareRadius;
    private final float[] sourceX = new float[Threats.COUNT + 1];
    private final float[] sourceY = new float[Threats.COUNT + 1];
    private ComponentMapper<Position> positions;
    private ComponentMapper<Alertness> alertness;

    AlertnessSystem(IoPolicy policy, Budget budget, Threats threats, float awareRadius) {
        super(Aspect.all(Position.class, Alertness.class), policy, budget, NO_HISTORY);
        this.threats = threats;
        this.awareRadius = awareRadius;
    }

    @Override
    protected void prepareJobs() {
        Position target = positions.get(FacingWorlds.TARGET);
        sourceX[0] = target.x;
        sourceY[0] = target.y;
        System.arraycopy(threats.x, 0, sourceX, 1, Threats.COUNT);
        System.arraycopy(threats.y, 0, sourceY, 1, Threats.COUNT);
    }

    @Override
    protected Sight createInput() {
        return new Sight();
    }

    @Override
    protected Alarm createOutput() {
        return new Alarm();
    }

    @Override
    protected void setUpInput(int npc, Sight input) {
        Position self = positions.get(npc);
        input.x = self.x;
        input.y = self.y;
    }

    @Override
    protected void runJob(int npc, Sight input, Alarm output) {
        float nearest = Float.MAX_VALUE;
        int which = -1;
        for (int i = 0; i < sourceX.length; i++) {
            float dx = sourceX[i] - input.x;
            float dy = sourceY[i] - input.y;
            float distance = (float) Math.sqrt(dx * dx + dy * dy);
            if (distance < nearest) {
                nearest = distance;
                which = i;
            }
        }
        output.level = Math.max(0f, 1f - nearest / awareRadius);
        output.nearest = which;
    }

    /** Folds every save into {@code checksum} from now on; null: none. */
    void checkSaves(SaveChecksum checksum) {
        this.checksum = checksum;
    }

    @Override
    protected void outputSaved(int npc, Alarm output) {
        Alertness published = alertness.get(npc);
        published.level = output.level;
        published.nearest = output.nearest;
        if (checksum != null) {
            checksum.saved(npc, stats().tick(), Float.floatToIntBits(output.level) * 64L + output.nearest);
        }
    }
}
