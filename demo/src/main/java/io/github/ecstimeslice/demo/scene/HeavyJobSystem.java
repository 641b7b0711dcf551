package io.github.ecstimeslice.demo.scene;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.Position;

/**
 * A timesliced system whose job is heavy, tens of microseconds of arithmetic (a stand-in for path
 * scoring or a utility-AI evaluation): the case worker threads are for.
 */
@All(Position.class)
public final class HeavyJobSystem extends TimeslicedSystem<float[], float[]> {

    private final int iterations;
    private ComponentMapper<Position> positions;

    public HeavyJobSystem(int jobsPerTick, int iterations) {
        super(IoPolicy.AIAO, Budget.jobsPerTick(jobsPerTick));
        this.iterations = iterations;
    }

    @Override
    protected float[] createInput() {
        return new float[2];
    }

    @Override
    protected float[] createOutput() {
        return new float[1];
    }

    @Override
    protected void setUpInput(int entityId, float[] input) {
        Position p = positions.get(entityId);
        input[0] = p.x;
        input[1] = p.y;
    }

    @Override
    protected void runJob(int entityId, float[] input, float[] output) {
        double x = input[0];
        double y = input[1];
        double score = 0;
        for (int i = 0; i < iterations; i++) {
            score += Math.sqrt(x * x + y * y + i) * 1e-3;
            x = x * 0.999 + 0.5;
            y = y * 0.998 - 0.25;
        }
        output[0] = (float) score;
    }
}
