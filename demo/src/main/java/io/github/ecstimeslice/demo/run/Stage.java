package io.github.ecstimeslice.demo.run;

import java.io.IOException;

/** One part of a demo run, driven a tick at a time by {@link DemoApp}'s render loop. */
interface Stage {

    /** Runs one tick; returns true when the stage is done. */
    boolean tick() throws IOException;

    /** Called once after the last tick: print a summary, write files. */
    void finish() throws IOException;
}
