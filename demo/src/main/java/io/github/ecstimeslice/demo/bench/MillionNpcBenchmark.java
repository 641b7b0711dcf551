package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

import java.util.concurrent.TimeUnit;

/**
 * Throughput: a whole tick of the facing kit with 1,000,000 NPCs: 100,000 AIAO decisions (10% a
 * tick) and the turn animation of every NPC, each on the world's thread or on workers, with the
 * decision system's default history of 1 decision per NPC or with none. Ticks per second is
 * 1 / the score.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(jvmArgsAppend = "-Xmx4g") // room for its large worlds
public class MillionNpcBenchmark extends WorldTickBenchmark {

    @Param({"WORLD_THREAD", "WORKERS_SAME_TICK", "WORKERS_NEXT_TICK"})
    public Threading threading;

    @Param({"WORLD_THREAD", "WORKERS_SAME_TICK"})
    public Threading animation;

    /** The decisions kept per NPC: the default 2, or none (decisions only reach DesiredOrientation). */
    @Param({"2", "0"})
    public int history;

    @Setup
    public void setUp() {
        FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(100_000), history);
        decisions.setThreading(threading);
        TurnAnimationSystem turns = new TurnAnimationSystem();
        turns.setThreading(animation);
        world = FacingWorlds.create(1_000_000, true, decisions, turns);
        warmUp(25);
    }
}
