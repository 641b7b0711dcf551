package io.github.ecstimeslice.spread;

import com.artemis.BaseSystem;
import com.artemis.SystemInvocationStrategy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs whole systems less often: the systems marked every-tick run each tick, the spread ones take
 * turns in N groups, one group a tick, so each runs once every N ticks (CPU time slicing as an
 * artemis invocation strategy). Register it with {@code WorldConfigurationBuilder.register}:
 * <pre>{@code
 * SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2)
 *         .everyTick(InputSystem.class, MovementSystem.class, RenderSystem.class)
 *         .spread(PerceptionSystem.class, TargetingSystem.class, AmbientSystem.class).build();
 * }</pre>
 *
 * <p><b>Marks.</b>
 * <ul>
 * <li>A system is named by its exact class (no subclasses). {@code spread} systems are measured and
 *     balanced; {@code inGroup} systems stay in the group given (a fixed schedule).</li>
 * <li>A system not marked runs every tick, as do artemis's managers: registering the strategy
 *     changes nothing until a system is spread.</li>
 * <li>Group {@code g} runs in the ticks whose number, counted from the world's first
 *     {@code process()}, is {@code g} modulo N.</li>
 * </ul>
 *
 * <p><b>Order, enabling, entity states</b>, as artemis's default {@code InvocationStrategy}:
 * <ul>
 * <li>systems run in the world's order; a disabled one ({@code isEnabled()} false when its place
 *     comes) is skipped, as is a spread one out of its turn, with no entity state update;</li>
 * <li>the entity states are updated before each system that runs and once after the last: what one
 *     system changes, the next one sees.</li>
 * </ul>
 *
 * <p><b>Delta.</b>
 * <ul>
 * <li>Every-tick systems see the tick's {@code world.delta}; a spread system, the game time since
 *     its last run (the first tick, for its first), less ticks spent disabled, set back after it.</li>
 * <li>A spread system whose {@code checkProcessing()} declines its turn loses that time, as a
 *     declined tick does with the default strategy.</li>
 * </ul>
 *
 * <p><b>Balancing.</b>
 * <ul>
 * <li>Each spread run is timed with {@link System#nanoTime()}; a system's cost is smoothed over
 *     about four seconds of game time; a disabled one costs 0. A new one starts in the smallest group.</li>
 * <li>At each cycle's start the strategy makes two plans, the present groups and a fresh
 *     most-expensive-first placement, each improved by moving or swapping one system at a time
 *     while the sum of squared group costs falls. It takes the one with the narrower gap between
 *     its dearest and cheapest groups, if that narrows the present gap by more than the hysteresis
 *     (default {@value #DEFAULT_HYSTERESIS} of the dearest group's cost) and makes that group no
 *     dearer.</li>
 * <li>After a move at game time t the groups hold until t + min(hold, t) (default hold
 *     {@value #DEFAULT_HOLD_SECONDS} s): the first plans follow the first measurements, then the
 *     groups move at most once a hold.</li>
 * <li>Given-group systems count in their groups' costs and never move. A move takes effect at a
 *     cycle's start: a moved system still runs once a cycle, its delta the time since its last run.</li>
 * <li>{@link #followSchedule} records the moves, or plays them back in place of balancing.</li>
 * </ul>
 * <p><b>Costs.</b> A tick: O(systems), two clock reads a spread run, no allocation. A rebalance,
 * once a cycle: O(S² + (2S + N) × S × (S + N)) for S spread systems. A strategy serves one world.
 */
public final class SpreadInvocationStrategy extends SystemInvocationStrategy {

    /** What {@link #groupOf(Class)} answers for a system that runs every tick. */
    public static final int EVERY_TICK = -1;
    /** The most ticks a cycle may have. */
    public static final int MOST_TICKS = 1024;
    /** The hysteresis unless told otherwise: a new plan must narrow the groups' gap by 5% of the most expensive group's cost. */
    public static final double DEFAULT_HYSTERESIS = 0.05;
    /** The hold unless told otherwise: after a move, no other for 10 seconds of game time (less early in a game). */
    public static final double DEFAULT_HOLD_SECONDS = 10;

    /** The mark of a balanced system in {@link #markedGroups}; {@link #EVERY_TICK} and group numbers are the others. */
    private static final int BALANCED = -2;

    private final int ticks;
    private final Class<?>[] markedTypes;
    private final int[] markedGroups;
    private final double hysteresis;
    private final double holdSeconds;
    private final RunClock clock;
    private final SystemRunHooks[] hooks;

    /** Set at initialize: the systems; per system, its slot or -1; per slot, game seconds since its last run. */
    private BaseSystem[] order;
    private int[] slotOf;
    private double[] sinceLastRun;
    private SpreadGroups groups;
    /** The group that runs in the next tick. */
    private int nextGroup;
    /** Game time since the world's first tick: the sum of the ticks' deltas. */
    private double gameSeconds;

    private SpreadInvocationStrategy(Builder builder) {
        ticks = builder.ticks;
        markedTypes = builder.types.toArray(new Class<?>[0]);
        markedGroups = new int[markedTypes.length];
        for (int i = 0; i < markedGroups.length; i++) {
            markedGroups[i] = builder.groups.get(i);
        }
        hysteresis = builder.hysteresis;
        holdSeconds = builder.holdSeconds;
        clock = builder.clock;
        hooks = builder.hooks.toArray(new SystemRunHooks[0]);
    }

    /**
     * Starts a strategy whose spread systems take turns over {@code ticks} ticks (1: every system
     * runs every tick).
     *
     * @param ticks N, the ticks of a cycle and the number of groups, 1 to {@value #MOST_TICKS}
     * @throws IllegalArgumentException if {@code ticks} is out of that range
     */
    public static Builder spreadOver(int ticks) {
        if (ticks < 1 || ticks > MOST_TICKS) {
            throw new IllegalArgumentException("ticks to spread over must be 1 to " + MOST_TICKS + ", was " + ticks);
        }
        return new Builder(ticks);
    }

    /** Finds each marked system in the world; called by artemis as the world is made. */
    @Override
    protected void initialize() {
        if (order != null) {
            throw new IllegalStateException("a SpreadInvocationStrategy serves one world; build one for each");
        }
        int count = systems.size();
        BaseSystem[] found = new BaseSystem[count];
        int[] marks = new int[count];
        for (int i = 0; i < count; i++) {
            found[i] = systems.get(i);
            marks[i] = EVERY_TICK;
        }
        for (int m = 0; m < markedTypes.length; m++) {
            int at = indexOf(found, markedTypes[m]);
            if (at < 0) {
                throw new IllegalArgumentException(markedTypes[m].getName() + " is marked " + markName(markedGroups[m])
                        + " but the world has no system of that class");
            }
            marks[at] = markedGroups[m];
        }
        int[] slots = new int[count];
        int[] given = new int[count];
        int spread = 0;
        for (int i = 0; i < count; i++) {
            given[spread] = marks[i] == BALANCED ? -1 : marks[i];
            slots[i] = marks[i] == EVERY_TICK ? -1 : spread++;
        }
        groups = new SpreadGroups(ticks, Arrays.copyOf(given, spread), hysteresis, holdSeconds);
        sinceLastRun = new double[spread];
        slotOf = slots;
        order = found;
    }

    /** Runs one tick: the every-tick systems and this tick's group, in the world's order. */
    @Override
    protected void process() {
        int group = nextGroup;
        nextGroup = group + 1 == ticks ? 0 : group + 1;
        float tickDelta = world.delta;
        if (group == 0) {
            groups.rebalance(gameSeconds);
        }
        gameSeconds += tickDelta;
        for (int i = 0; i < order.length; i++) {
            int slot = slotOf[i];
            if (disabled.get(i)) {
                if (slot >= 0) {
                    sinceLastRun[slot] = 0;
                    groups.rest(slot);
                }
                continue;
            }
            if (slot < 0) {
                updateEntityStates();
                run(order[i], false);
                continue;
            }
            sinceLastRun[slot] += tickDelta;
            if (groups.groupOf(slot) == group) {
                updateEntityStates();
                runSpread(order[i], slot);
            }
        }
        updateEntityStates();
    }

    /** Runs a spread system with the time since its last run as {@code world.delta}, and times it. */
    private void runSpread(BaseSystem system, int slot) {
        float delta = world.delta;
        double seconds = sinceLastRun[slot];
        world.delta = (float) seconds;
        sinceLastRun[slot] = 0;
        try {
            groups.record(slot, run(system, true), seconds);
        } finally {
            world.delta = delta;
        }
    }

    /** Runs {@code system} between the game's hooks; returns the nanoseconds its run took if {@code timed}. */
    private long run(BaseSystem system, boolean timed) {
        for (SystemRunHooks hook : hooks) {
            hook.beforeRun(system, world);
        }
        long start = timed ? clock.nanos() : 0;
        try {
            system.process();
            return timed ? clock.nanos() - start : 0;
        } finally {
            for (int h = hooks.length - 1; h >= 0; h--) {
                hooks[h].afterRun(system, world);
            }
        }
    }

    /** N: the ticks of a cycle, and the number of groups. */
    public int ticks() {
        return ticks;
    }

    /**
     * The group the world's system of class {@code type} runs in now, 0 to N - 1, or {@link #EVERY_TICK}. O(systems).
     *
     * @throws IllegalArgumentException if the world has no system of that exact class
     * @throws IllegalStateException before the strategy is registered with a world
     */
    public int groupOf(Class<? extends BaseSystem> type) {
        int slot = slotOf[indexOrThrow(type)];
        return slot < 0 ? EVERY_TICK : groups.groupOf(slot);
    }

    /**
     * The measured cost of a run of the world's spread system of class {@code type}, smoothed, in
     * milliseconds: 0 before its first run and while it is disabled. O(systems).
     *
     * @throws IllegalArgumentException if the world has no system of that exact class, or it runs every tick
     * @throws IllegalStateException before the strategy is registered with a world
     */
    public double runMillis(Class<? extends BaseSystem> type) {
        int slot = slotOf[indexOrThrow(type)];
        if (slot < 0) {
            throw new IllegalArgumentException(type.getName() + " runs every tick; only spread systems are measured");
        }
        return groups.costOf(slot) / 1e6;
    }

    /**
     * The measured cost of group {@code group}: the smoothed costs of its systems' runs, summed, in
     * milliseconds. O(spread systems).
     *
     * @throws IllegalArgumentException if {@code group} is not 0 to N - 1
     * @throws IllegalStateException before the strategy is registered with a world
     */
    public double groupMillis(int group) {
        checkRegistered();
        if (group < 0 || group >= ticks) {
            throw new IllegalArgumentException("group must be 0 to " + (ticks - 1) + ", was " + group);
        }
        return groups.costOfGroup(group) / 1e6;
    }

    /**
     * Records each cycle's moves to {@code log}, or plays them back from it instead of balancing.
     * @throws IllegalArgumentException if {@code log} is null
     * @throws IllegalStateException before the strategy is registered with a world
     */
    public void followSchedule(ScheduleLog log) {
        checkRegistered();
        if (log == null) {
            throw new IllegalArgumentException("the schedule log must not be null");
        }
        groups.schedule = log;
    }

    /** Systems moved from one group to another by balancing since the world began. */
    public long moves() {
        return groups == null ? 0 : groups.moves();
    }

    private int indexOrThrow(Class<? extends BaseSystem> type) {
        checkRegistered();
        int at = type == null ? -1 : indexOf(order, type);
        if (at < 0) {
            throw new IllegalArgumentException("the world has no system of class " + (type == null ? null : type.getName()));
        }
        return at;
    }

    private void checkRegistered() {
        if (order == null) {
            throw new IllegalStateException("the strategy is not registered with a world yet");
        }
    }

    private static int indexOf(BaseSystem[] systems, Class<?> type) {
        for (int i = 0; i < systems.length; i++) {
            if (systems[i].getClass() == type) {
                return i;
            }
        }
        return -1;
    }

    private static String markName(int mark) {
        return mark == EVERY_TICK ? "every tick" : mark == BALANCED ? "spread" : "in group " + mark;
    }

    /**
     * Which systems run every tick and which take turns; see {@link SpreadInvocationStrategy}. Each
     * system class may be marked once. Not thread-safe; {@link #build()} may be called more than
     * once, for several worlds.
     */
    public static final class Builder {

        private final int ticks;
        private final List<Class<?>> types = new ArrayList<Class<?>>();
        private final List<Integer> groups = new ArrayList<Integer>();
        private double hysteresis = DEFAULT_HYSTERESIS;
        private double holdSeconds = DEFAULT_HOLD_SECONDS;
        private final List<SystemRunHooks> hooks = new ArrayList<SystemRunHooks>();
        private RunClock clock = RunClock.SYSTEM;

        private Builder(int ticks) {
            this.ticks = ticks;
        }

        /**
         * Marks systems that run every tick, as unmarked ones do; marking them says so, and checks
         * that the world has them.
         *
         * @throws IllegalArgumentException if a class is null or already marked
         */
        @SafeVarargs
        public final Builder everyTick(Class<? extends BaseSystem>... types) {
            return markAll(EVERY_TICK, types);
        }

        /**
         * Marks systems that take turns, each in the group that balancing gives it.
         *
         * @throws IllegalArgumentException if a class is null or already marked
         */
        @SafeVarargs
        public final Builder spread(Class<? extends BaseSystem>... types) {
            return markAll(BALANCED, types);
        }

        /**
         * Marks systems that take turns in group {@code group}, never moved: they run in the ticks
         * whose number is {@code group} modulo N.
         *
         * @throws IllegalArgumentException if {@code group} is not 0 to N - 1, or a class is null or already marked
         */
        @SafeVarargs
        public final Builder inGroup(int group, Class<? extends BaseSystem>... types) {
            if (group < 0 || group >= ticks) {
                throw new IllegalArgumentException("group must be 0 to " + (ticks - 1) + " when spread over "
                        + ticks + " ticks, was " + group);
            }
            return markAll(group, types);
        }

        /**
         * The hysteresis, a fraction of the dearest group's cost (see the class documentation):
         * higher tolerates more noise, lower balances closer.
         *
         * @throws IllegalArgumentException if {@code fraction} is NaN or not in [0, 1)
         */
        public Builder hysteresis(double fraction) {
            if (!(fraction >= 0 && fraction < 1)) {
                throw new IllegalArgumentException("hysteresis must be at least 0 and below 1, was " + fraction);
            }
            hysteresis = fraction;
            return this;
        }

        /**
         * The hold after a move, in game seconds (see the class documentation); 0: none.
         *
         * @throws IllegalArgumentException if {@code seconds} is NaN, infinite or below 0
         */
        public Builder holdSeconds(double seconds) {
            if (!(seconds >= 0 && seconds < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("hold seconds must be at least 0 and finite, was " + seconds);
            }
            holdSeconds = seconds;
            return this;
        }

        /**
         * Runs {@code hooks} around each system the strategy runs: the game's own per-system work
         * (a timer, a profiler), kept beside the spread strategy; see {@link SystemRunHooks}.
         *
         * @throws IllegalArgumentException if {@code hooks} is null
         */
        public Builder aroundEachRun(SystemRunHooks hooks) {
            if (hooks == null) {
                throw new IllegalArgumentException("the hooks to run around each system must not be null");
            }
            this.hooks.add(hooks);
            return this;
        }

        /** Times the runs with {@code clock} instead of {@link System#nanoTime()}: for tests. */
        Builder clock(RunClock clock) {
            this.clock = clock;
            return this;
        }

        /** A strategy marked so far; register it with one world. */
        public SpreadInvocationStrategy build() {
            return new SpreadInvocationStrategy(this);
        }

        /** Marks each of {@code types}, or none if one is refused. */
        private Builder markAll(int mark, Class<?>[] types) {
            if (types == null) {
                throw new IllegalArgumentException("system classes must not be null");
            }
            int first = this.types.size();
            for (Class<?> type : types) {
                mark(mark, type, first);
            }
            return this;
        }

        /** Marks {@code type}, or takes back the marks of this call from {@code first} on and refuses it. */
        private void mark(int mark, Class<?> type, int first) {
            int earlier = type == null ? -1 : types.indexOf(type);
            if (type == null || earlier >= 0) {
                String was = earlier >= 0 ? markName(groups.get(earlier)) : null;
                while (types.size() > first) {
                    types.remove(types.size() - 1);
                    groups.remove(groups.size() - 1);
                }
                throw new IllegalArgumentException(type == null
                        ? "a system class to mark " + markName(mark) + " was null"
                        : type.getName() + " is already marked " + was + "; a system is marked once, was marked again "
                                + markName(mark));
            }
            types.add(type);
            groups.add(mark);
        }
    }
}
