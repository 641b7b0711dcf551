package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Framework overhead: one tick of 100,000 NPCs with 10,000 facing decisions, decided by a
 * FaceTargetSystem under each policy (with its default history of 1 decision per NPC, and with
 * none: {@code -nohistory}, the walker's work), or by a hand-written round-robin walker doing the
 * same atan2 work (also one that keeps each NPC's latest decision). Time per tick (batch starts included,
 * every 10th tick). Each case runs in its own fork, minutes apart: on a noisy machine compare
 * them with {@link SideBySide}, which interleaves them tick by tick.
 */
@Fork(jvmArgsAppend = "-Xmx4g") // room for its large worlds
public class OverheadBenchmark extends WorldTickBenchmark {

    @Param({"walker", "walker+record", "AIAO", "SIAO", "SISO", "AISO",
            "AIAO-nohistory", "SIAO-nohistory", "SISO-nohistory", "AISO-nohistory", "AIAO-nohistory+record"})
    public String decider;

    @Param({"100000"})
    public int npcs;

    @Param({"10000"})
    public int jobsPerTick;

    @Setup
    public void setUp() {
        world = FacingWorlds.create(npcs, false, FacingWorlds.decider(decider, npcs, jobsPerTick));
        warmUp(3 * npcs / jobsPerTick + 10);
    }
}
