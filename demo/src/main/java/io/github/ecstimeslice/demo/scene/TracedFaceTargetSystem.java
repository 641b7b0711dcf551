package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.trace.JobTrace;
import io.github.ecstimeslice.facing.FacingDecision;
import io.github.ecstimeslice.facing.FacingInput;
import io.github.ecstimeslice.facing.FaceTargetSystem;

/** A {@link FaceTargetSystem} that records each job, and its own turn, into a {@link JobTrace}. */
final class TracedFaceTargetSystem extends FaceTargetSystem {

    private final JobTrace trace;
    private long turnStart;
    private long currentTick;

    TracedFaceTargetSystem(IoPolicy policy, Budget budget, int historyDepth, JobTrace trace) {
        super(policy, budget, historyDepth);
        this.trace = trace;
    }

    @Override
    protected void begin() {
        super.begin();
        currentTick = stats().tick();
        turnStart = System.nanoTime();
    }

    @Override
    protected void end() {
        trace.decisions(currentTick, turnStart, System.nanoTime());
    }

    @Override
    protected void runJob(int entityId, FacingInput input, FacingDecision output) {
        long start = System.nanoTime();
        super.runJob(entityId, input, output);
        trace.job(entityId, currentTick, start, System.nanoTime());
    }
}
