package io.github.ecstimeslice.facing;

/**
 * What a face-target decision produces: the direction toward the target, in radians in [-π, π].
 * {@code faceTarget} is false when there was no target or the NPC stands on it; the NPC then
 * keeps its desired orientation.
 */
public final class FacingDecision {
    public boolean faceTarget;
    public float radians;
}
