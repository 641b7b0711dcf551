package io.github.ecstimeslice.demo.run;

import java.io.IOException;

/**
 * One way to run the demo (live, compare, GIFs). {@link DemoApp}'s render loop calls {@link #tick}
 * once a frame until it returns true, then {@link #finish}, then starts the next mode asked for.
 */
interface RunMode {

    /** Runs one tick; returns true when this run is done. */
    boolean tick() throws IOException;

    /** Called once after the last tick: print a summary, write files. */
    void finish() throws IOException;

    /** Called instead of {@link #finish} when a tick failed: close what the run holds open. */
    default void abandon() throws IOException {
    }
}
