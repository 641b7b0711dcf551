package io.github.ecstimeslice.demo.bench;

import com.artemis.BaseSystem;

import java.util.Random;

/**
 * {@link SpreadBalance}'s ten systems: a game's less urgent ones (perception, targeting, ...), each
 * doing a fixed amount of real work a run (steps of a random-number generator, which the JIT can
 * neither skip nor fold), of a cost drawn at random once. Artemis takes one system per class,
 * hence a class each. A run allocates nothing.
 */
final class RandomCostSystems {

    /** A system whose run takes {@link #steps} steps of work. */
    abstract static class FixedWork extends BaseSystem {
        /** The cost this system was given, in milliseconds. */
        final double targetMillis;
        private final long steps;
        private long state;

        FixedWork(double targetMillis, double stepsPerMilli) {
            this.targetMillis = targetMillis;
            this.steps = Math.max(1, Math.round(targetMillis * stepsPerMilli));
            this.state = steps;
        }

        @Override
        protected final void processSystem() {
            state = work(state, steps);
        }
    }

    static final class Perception extends FixedWork {
        Perception(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Targeting extends FixedWork {
        Targeting(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Pathing extends FixedWork {
        Pathing(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Ambient extends FixedWork {
        Ambient(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Crowd extends FixedWork {
        Crowd(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Morale extends FixedWork {
        Morale(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Patrol extends FixedWork {
        Patrol(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Weather extends FixedWork {
        Weather(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Economy extends FixedWork {
        Economy(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    static final class Gossip extends FixedWork {
        Gossip(double millis, double perMilli) {
            super(millis, perMilli);
        }
    }

    /** What the calibration's results go to, so the JIT keeps the work. */
    static volatile long sink;

    private RandomCostSystems() {
    }

    /**
     * The ten systems, each of a cost drawn from {@code seed} between {@code least} and {@code most}
     * milliseconds, at {@code stepsPerMilli} ({@link #stepsPerMilli()}).
     */
    static FixedWork[] ten(long seed, double least, double most, double stepsPerMilli) {
        Random random = new Random(seed);
        double[] ms = new double[10];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = least + random.nextDouble() * (most - least);
        }
        double k = stepsPerMilli;
        return new FixedWork[]{new Perception(ms[0], k), new Targeting(ms[1], k), new Pathing(ms[2], k),
                new Ambient(ms[3], k), new Crowd(ms[4], k), new Morale(ms[5], k), new Patrol(ms[6], k),
                new Weather(ms[7], k), new Economy(ms[8], k), new Gossip(ms[9], k)};
    }

    /** The classes of {@code systems}, to mark them for a strategy. */
    @SuppressWarnings("unchecked")
    static Class<? extends BaseSystem>[] classesOf(FixedWork[] systems) {
        Class<? extends BaseSystem>[] classes = new Class[systems.length];
        for (int i = 0; i < systems.length; i++) {
            classes[i] = systems[i].getClass();
        }
        return classes;
    }

    /**
     * Steps of work a millisecond on this machine now: the median of 21 timed runs of a million
     * steps, after half a second or so of warming the work up. Takes about a second.
     */
    static double stepsPerMilli() {
        long state = 1;
        for (int i = 0; i < 300; i++) {
            state = work(state, 1_000_000);
        }
        long[] nanos = new long[21];
        for (int i = 0; i < nanos.length; i++) {
            long start = System.nanoTime();
            state = work(state, 1_000_000);
            nanos[i] = System.nanoTime() - start;
        }
        sink = state;
        java.util.Arrays.sort(nanos);
        return 1_000_000 / (nanos[nanos.length / 2] / 1e6);
    }

    /** {@code steps} steps of a 64-bit linear congruential generator and an xorshift from {@code state}. */
    static long work(long state, long steps) {
        long x = state;
        for (long i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        return x;
    }
}
