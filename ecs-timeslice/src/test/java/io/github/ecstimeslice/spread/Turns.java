package io.github.ecstimeslice.spread;

import com.artemis.BaseSystem;
import com.artemis.World;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The tests' systems for {@link SpreadInvocationStrategy}: each notes the ticks it ran in and the
 * {@code world.delta} it saw, and moves a fake clock on by its cost, so balancing sees the costs a
 * test gives. Artemis takes one system per class, hence the many classes.
 */
final class Turns {

    /** The tick being run, the fake clock, and the order systems ran in. */
    int tick = -1;
    long now;
    final List<String> order = new ArrayList<>();

    /** The fake clock: the systems' costs summed. */
    RunClock clock() {
        return () -> now;
    }

    /** Runs one tick with {@code delta}. */
    void tick(World world, float delta) {
        tick++;
        world.setDelta(delta);
        world.process();
    }

    /** Runs {@code ticks} ticks with {@code delta}. */
    void run(World world, int ticks, float delta) {
        for (int i = 0; i < ticks; i++) {
            tick(world, delta);
        }
    }

    /** A system that notes its runs and costs {@link #costNanos} on the fake clock. */
    abstract static class Turn extends BaseSystem {
        final Turns turns;
        long costNanos;
        final List<Integer> ticks = new ArrayList<>();
        final List<Float> deltas = new ArrayList<>();
        /** If set, each run costs up to this fraction more or less, at random. */
        Random wobble;
        double wobbleFraction;
        /** If set, the cost rises and falls by this fraction over this many ticks, as a sine. */
        double driftFraction;
        int driftTicks;

        Turn(Turns turns, long costNanos) {
            this.turns = turns;
            this.costNanos = costNanos;
        }

        @Override
        protected void processSystem() {
            ticks.add(turns.tick);
            deltas.add(world.delta);
            turns.order.add(getClass().getSimpleName() + "@" + turns.tick);
            turns.now += nextCost();
        }

        /** This run's cost. */
        long nextCost() {
            double cost = costAt(turns.tick);
            return wobble == null ? Math.round(cost) : Math.round(cost * (1 + wobbleFraction * (2 * wobble.nextDouble() - 1)));
        }

        /** What a run in {@code tick} costs on average: with a drift, the drift's point in that tick. */
        double costAt(int tick) {
            return driftTicks == 0 ? costNanos : costNanos * (1 + driftFraction * Math.sin(2 * Math.PI * tick / driftTicks));
        }

        /** Makes the cost rise and fall by {@code fraction} over {@code ticks} ticks. */
        void drift(double fraction, int ticks) {
            driftFraction = fraction;
            driftTicks = ticks;
        }

        /** Makes each run cost up to {@code fraction} more or less, at random from {@code seed}. */
        void wobble(double fraction, long seed) {
            wobble = new Random(seed);
            wobbleFraction = fraction;
        }
    }

    static final class Alpha extends Turn {
        Alpha(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Beta extends Turn {
        Beta(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Gamma extends Turn {
        Gamma(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Epsilon extends Turn {
        Epsilon(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Zeta extends Turn {
        Zeta(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Eta extends Turn {
        Eta(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Theta extends Turn {
        Theta(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Iota extends Turn {
        Iota(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Kappa extends Turn {
        Kappa(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    static final class Lambda extends Turn {
        Lambda(Turns turns, long costNanos) {
            super(turns, costNanos);
        }
    }

    /** Ten systems of the given costs, one of each class above, in order. */
    static Turn[] ten(Turns turns, long... costs) {
        return new Turn[] {
            new Alpha(turns, costs[0]), new Beta(turns, costs[1]), new Gamma(turns, costs[2]),
            new Epsilon(turns, costs[3]), new Zeta(turns, costs[4]), new Eta(turns, costs[5]),
            new Theta(turns, costs[6]), new Iota(turns, costs[7]), new Kappa(turns, costs[8]),
            new Lambda(turns, costs[9]),
        };
    }

    /** The classes of {@code systems}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Class<? extends BaseSystem>[] classes(BaseSystem... systems) {
        Class<? extends BaseSystem>[] types = new Class[systems.length];
        for (int i = 0; i < systems.length; i++) {
            types[i] = systems[i].getClass();
        }
        return types;
    }
}
