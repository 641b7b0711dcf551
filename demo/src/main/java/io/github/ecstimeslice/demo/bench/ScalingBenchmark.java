package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Scaling: the mean tick at a fixed budget of 10,000 AIAO decisions, from 10,000 to 1,000,000
 * NPCs. Only the batch start (copying the keys, once per batch) grows with the NPC count.
 */
@Fork(jvmArgsAppend = "-Xmx4g") // room for its large worlds
public class ScalingBenchmark extends WorldTickBenchmark {

    @Param({"10000", "100000", "1000000"})
    public int npcs;

    @Setup
    public void setUp() {
        world = FacingWorlds.create(npcs, false, new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(10_000)));
        warmUp(2 * npcs / 10_000 + 10);
    }
}
