package io.github.ecstimeslice.facing;

/**
 * What a face-target decision produces: the direction toward the target, in radians in [-π, π].
 * {@code faceTarget} is false when there was no target, the NPC stands on it, or a position is
 * NaN; the NPC then keeps its desired orientation.
 */
public final class FacingDecision {
    public boolean faceTarget;
    public float radians;
}
