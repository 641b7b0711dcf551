/**
 * Pictures of a small scene: Chou's illustration of the NPCs and the target, and the GIF
 * writer.
 */
package io.github.ecstimeslice.demo.picture;
