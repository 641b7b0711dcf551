package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.FacingDecision;

/** The facing kit's system, each save also folded into a {@link SaveChecksum}. */
final class ChecksummedFacing extends FaceTargetSystem {

    private final SaveChecksum checksum;

    ChecksummedFacing(IoPolicy policy, Budget budget, int history, SaveChecksum checksum) {
        super(policy, budget, history);
        this.checksum = checksum;
    }

    @Override
    protected void outputSaved(int entityId, FacingDecision output) {
        super.outputSaved(entityId, output);
        checksum.saved(entityId, stats().tick(), Float.floatToIntBits(output.radians) * 2L + (output.faceTarget ? 1 : 0));
    }
}
