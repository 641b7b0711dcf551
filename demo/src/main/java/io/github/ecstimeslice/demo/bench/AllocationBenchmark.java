package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.demo.scene.BudgetText;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Allocation: a steady-state tick of the facing kit (10,000 NPCs, about 500 decisions a tick) for
 * every policy and budget; run with {@code -prof gc} and read {@code gc.alloc.rate.norm}, bytes
 * allocated per tick.
 */
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class AllocationBenchmark extends WorldTickBenchmark {

    @Param({"AIAO", "SIAO", "SISO", "AISO"})
    public IoPolicy policy;

    @Param({"jobs:500", "hz:30000", "every:0.333", "ms:0.05"})
    public String budget;

    @Setup
    public void setUp() {
        world = FacingWorlds.create(10_000, true, new FaceTargetSystem(policy, BudgetText.parse(budget)), new TurnAnimationSystem());
        warmUp(200);
    }
}
