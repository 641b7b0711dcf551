package io.github.ecstimeslice.demo.bench;

import com.artemis.World;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * What every JMH benchmark here measures: one {@code world.process()}, a tick, of a world its
 * subclass builds (and warms up) in a {@code @Setup} method. The settings below are every
 * benchmark's (JMH annotations are inherited); a subclass annotates only what it does otherwise:
 * mean microseconds a tick, 3 warm-up and 5 measured iterations of a second, one fork.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
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
