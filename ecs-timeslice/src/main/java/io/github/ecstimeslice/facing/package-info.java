/**
 * A ready-made decision and its every-tick layer: NPCs that face a target.
 * {@link io.github.ecstimeslice.facing.FaceTargetSystem} decides, timesliced, which way each NPC
 * should face ({@link io.github.ecstimeslice.facing.DesiredOrientation});
 * {@link io.github.ecstimeslice.facing.TurnAnimationSystem} turns every NPC toward its decision
 * every tick at its {@link io.github.ecstimeslice.facing.TurnRate}.
 * {@link io.github.ecstimeslice.facing.Angles} holds the angle arithmetic both use.
 */
package io.github.ecstimeslice.facing;
