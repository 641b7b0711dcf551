package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What every benchmark here measures: one {@code world.process()}, a tick, of a world its subclass
 * builds (and warms up) in a {@code @Setup} method.
 */
@State(Scope.Thread)
public abstract class WorldTickBenchmark {

    protected World world;

    /** Runs {@code ticks} ticks, so that slots, histories and the JIT are warm. */
    protected void warmUp(int ticks) {
        for (int i = 0; i < ticks; i++) {
            world.process();
        }
    }

    @TearDown
    public void tearDown() {
        world.dispose();
    }

    @Benchmark
    public void tick() {
        world.process();
    }
}
