package io.github.ecstimeslice.demo.bench;

import com.artemis.BaseSystem;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.facing.FaceTargetSystem;
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
 * Framework overhead: one tick of 100,000 NPCs with 10,000 facing decisions, decided by a
 * FaceTargetSystem under each policy, or by a hand-written round-robin walker doing the same atan2
 * work. Time per tick (batch starts included, every 10th tick).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
public class OverheadBenchmark extends WorldTickBenchmark {

    @Param({"walker", "AIAO", "SIAO", "SISO", "AISO"})
    public String decider;

    @Param({"100000"})
    public int npcs;

    @Param({"10000"})
    public int jobsPerTick;

    @Setup
    public void setUp() {
        BaseSystem system = decider.equals("walker")
                ? new RoundRobinFacingSystem(jobsPerTick)
                : new FaceTargetSystem(IoPolicy.valueOf(decider), Budget.jobsPerTick(jobsPerTick));
        world = FacingWorlds.create(npcs, false, system);
        warmUp(3 * npcs / jobsPerTick + 10);
    }
}
