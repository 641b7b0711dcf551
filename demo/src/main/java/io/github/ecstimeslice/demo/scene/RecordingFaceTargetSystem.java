package io.github.ecstimeslice.demo.scene;

import com.artemis.ComponentMapper;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.FacingDecision;

/**
 * A face-target system with no history whose game keeps each NPC's latest decision itself: each
 * saved decision is stamped into the NPC's {@link FacingRecord} with the system's tick and game
 * time. What the recording walker keeps, kept the way a game would with ecs-timeslice when it
 * needs only the latest decision: the like-for-like counterpart of the walker with a record.
 */
final class RecordingFaceTargetSystem extends FaceTargetSystem {

    private ComponentMapper<FacingRecord> records;

    RecordingFaceTargetSystem(IoPolicy policy, Budget budget) {
        super(policy, budget, NO_HISTORY);
    }

    @Override
    protected void entityJoined(int entityId) {
        records.create(entityId);
    }

    @Override
    protected void outputSaved(int entityId, FacingDecision output) {
        super.outputSaved(entityId, output);
        FacingRecord kept = records.get(entityId);
        kept.radians = output.radians;
        kept.faceTarget = output.faceTarget;
        kept.tick = stats().tick();
        kept.gameSeconds = stats().gameSeconds();
    }
}
