package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.demo.scene.FacingWorlds;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Flat frames: the distribution of single tick times (JMH sample mode: mean, p50, p99) for
 * 100,000 NPCs deciding at 10,000 a tick (a batch every 10 ticks, so one tick in ten starts a
 * batch), under each policy (and AIAO keeping no history), and for artemis's
 * IntervalIteratingSystem deciding for everyone every 10 ticks: the same average rate, all at
 * once. The hand-written walker (no batches at all) shows how much the machine itself jitters.
 */
@BenchmarkMode(Mode.SampleTime)
@Fork(jvmArgsAppend = "-Xmx4g") // room for its large worlds
public class FlatFramesBenchmark extends WorldTickBenchmark {

    @Param({"walker", "AIAO", "SIAO", "SISO", "AISO", "AIAO-nohistory", "interval"})
    public String decider;

    @Setup
    public void setUp() {
        world = FacingWorlds.create(100_000, false, FacingWorlds.decider(decider, 100_000, 10_000));
        warmUp(40);
    }
}
