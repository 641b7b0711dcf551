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

        /** Each run's work varies by up to this fraction either way, at random; 0: fixed. */
        private double vary;
        /** If above 0, the mean work also rises and falls by {@link #vary} over this many seconds of game time. */
        private double driftSeconds;
        private double elapsed;
        private long noise;

        FixedWork(double targetMillis, double stepsPerMilli) {
            this.targetMillis = targetMillis;
            this.steps = Math.max(1, Math.round(targetMillis * stepsPerMilli));
            this.state = steps;
        }

        /** Makes each run's work vary by up to {@code fraction} either way (seeded), and drift over {@code driftSeconds} if above 0. */
        void vary(double fraction, double driftSeconds, long seed) {
            this.vary = fraction;
            this.driftSeconds = driftSeconds;
            this.noise = seed * 0x9E3779B97F4A7C15L | 1;
        }

        @Override
        protected final void processSystem() {
            state = work(state, vary == 0 ? steps : Math.max(1, Math.round(steps * varied())));
        }

        /** This run's factor on the mean work: a drift, if any, times a uniform draw within {@link #vary}. */
        private double varied() {
            elapsed += world.delta;
            double drift = driftSeconds > 0 ? 1 + vary * Math.sin(2 * Math.PI * elapsed / driftSeconds) : 1;
            noise ^= noise << 13;
            noise ^= noise >>> 7;
            noise ^= noise << 17;
            double uniform = (noise >>> 11) * 0x1.0p-53;
            return drift * (1 + vary * (2 * uniform - 1));
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
