package io.github.ecstimeslice.facing;

/** What a face-target decision reads: the NPC's position and the target's, if there is a target. */
public final class FacingInput {
    public float x;
    public float y;
    public boolean hasTarget;
    public float targetX;
    public float targetY;
}
