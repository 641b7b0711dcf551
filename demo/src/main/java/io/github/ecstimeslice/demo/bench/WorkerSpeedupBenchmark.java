package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.demo.scene.HeavyJobSystem;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Worker threads: a tick of 200 heavy jobs (tens of microseconds each) on the world's thread, on workers
 * joined in the same tick, and on workers finished in the next tick (where the world's thread
 * only starts and finishes them). The speedup is WORLD_THREAD's score over the others'.
 */
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
