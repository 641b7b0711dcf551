/**
 * NPCs facing a moving target: the worlds the demo and the benchmarks tick
 * ({@link io.github.ecstimeslice.demo.scene.FacingWorlds} builds them all,
 * {@link io.github.ecstimeslice.demo.scene.Scene} is the demo's), each decision system written
 * once, the target's motions, the budget as text and tick times. The benchmarks take everything
 * they use of the demo from here.
 */
package io.github.ecstimeslice.demo.scene;
