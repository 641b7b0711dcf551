package io.github.ecstimeslice.facing;

import io.github.ecstimeslice.DecisionHistory;

/**
 * The history component of {@link FaceTargetSystem}: its latest face-target decisions for an NPC.
 * Read it with {@code ComponentMapper<FacingHistory>}.
 */
public class FacingHistory extends DecisionHistory<FacingDecision> {
}
