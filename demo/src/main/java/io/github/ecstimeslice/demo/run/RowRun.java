package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.TickedScene;
import io.github.ecstimeslice.demo.scene.TickTimes;

/**
 * A comparison's rows, one after another in one process: each builds its scene, warms up, then
 * times its measured ticks and samples the scene every 7th of them; its end reads what it needs
 * from the scene, which is then disposed of (a row may ask for untimed ticks after its measured
 * ones first). Subclasses say what a row is and what it keeps.
 */
abstract class RowRun<S extends TickedScene> implements RunMode {

    final int warmupTicks;
    final int measuredTicks;
    final float delta;
    /** The row's scene, null between rows; its measured ticks. */
    S scene;
    TickTimes times;
    /** The row's warm-up and measured ticks: {@link #warmupTicks} and {@link #measuredTicks} unless a row has fewer. */
    int rowWarmupTicks;
    int rowMeasuredTicks;
    private int done;

    RowRun(int warmupTicks, int measuredTicks, float delta) {
        this.warmupTicks = warmupTicks;
        this.measuredTicks = measuredTicks;
        this.delta = delta;
    }

    @Override
    public final boolean tick() {
        if (scene == null) {
            scene = startRow();
            System.gc(); // the previous row's world is garbage now: collect it before this row is timed
            done = 0;
            rowWarmupTicks = warmupTicksOfRow();
            rowMeasuredTicks = measuredTicksOfRow();
            times = new TickTimes(rowMeasuredTicks);
        }
        long start = System.nanoTime();
        scene.tick(delta);
        long tickNanos = System.nanoTime() - start;
        done++;
        if (done == rowWarmupTicks) {
            warmedUp();
        }
        int lastMeasured = rowWarmupTicks + rowMeasuredTicks;
        if (done > rowWarmupTicks && done <= lastMeasured) {
            times.add(tickNanos);
            measured();
            if (done % 7 == 0) { // sampling walks every NPC: not every tick (7: no period hides in it), never inside one
                sample();
            }
        }
        if (done == lastMeasured) {
            measuredEnded();
        }
        if (done >= lastMeasured && !needsMoreTicks()) {
            endRow();
            scene.dispose();
            scene = null;
        }
        return finished();
    }

    /** The next row's scene, its per-row sums reset. */
    abstract S startRow();

    /** The warm-up ticks of the row {@link #startRow} just made: all of them unless it says fewer. */
    int warmupTicksOfRow() {
        return warmupTicks;
    }

    /** The measured ticks of the row {@link #startRow} just made: all of them unless it says fewer. */
    int measuredTicksOfRow() {
        return measuredTicks;
    }

    /** The row's last warm-up tick ran. */
    void warmedUp() {
    }

    /** The row's last measured tick ran; ticks that {@link #needsMoreTicks} asks for may follow. */
    void measuredEnded() {
    }

    /**
     * After the measured ticks: true while the row needs another tick, neither timed nor sampled,
     * before it ends; none unless a subclass says so.
     */
    boolean needsMoreTicks() {
        return false;
    }

    /** A measured tick ran: add what it cost. */
    void measured() {
    }

    /** Adds what the scene shows now to the row's sums. */
    abstract void sample();

    /** The row's last tick ran: keep the row, from the scene before it is disposed of. */
    abstract void endRow();

    /** True once every row is kept. */
    abstract boolean finished();
}
