package io.github.ecstimeslice.demo.scene;

/** A demo scene as a comparison's rows drive it: a tick at a time, then disposed of. */
public interface TickedScene {

    /** Runs one tick of {@code delta} seconds. */
    void tick(float delta);

    /** Disposes of the scene's world. */
    void dispose();
}
