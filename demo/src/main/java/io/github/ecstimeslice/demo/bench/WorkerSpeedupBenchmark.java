package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.demo.scene.HeavyJobSystem;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Worker threads: a tick of 200 heavy jobs (about 20 µs each) on the world's thread, on workers
 * joined in the same tick, and on workers finished in the next tick (where the world's thread
 * only starts and finishes them). The speedup is WORLD_THREAD's score over the others'.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WorkerSpeedupBenchmark extends WorldTickBenchmark {

    @Param({"WORLD_THREAD", "WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    public Threading threading;

    @Param({"2000"})
    public int iterations;

    @Setup
    public void setUp() {
        HeavyJobSystem system = new HeavyJobSystem(200, iterations);
        system.setThreading(threading);
        world = FacingWorlds.create(10_000, false, system);
        warmUp(20);
    }
}
