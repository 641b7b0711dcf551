package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.TickTimes;
import io.github.ecstimeslice.demo.scene.TickedScene;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A comparison whose contenders are ticked in the order of a {@link RoundSchedule}: each built,
 * warmed up in turn with the others, then measured in {@link #rounds} rounds of
 * {@link #spanTicks} ticks each, the contenders in turn, every measured tick timed and every 7th
 * of a contender's measured ticks sampled (7: no period hides in it; sampling walks every NPC, so
 * never inside a timed tick). A contender's figures of a round come from its span's ticks; the
 * comparison reports each figure's median over the rounds with its range ({@link Spread}).
 * Subclasses say what a contender is, what it keeps, and print the table.
 */
abstract class RoundsRun<S extends TickedScene> implements RunMode {

    /** Rounds of a comparison (fewer only if it measures fewer ticks): enough for {@link CompareVerdict}. */
    static final int ROUNDS = CompareVerdict.ROUNDS_TO_TELL;

    final int warmupTicks;
    final int rounds;
    final int spanTicks;
    final float delta;
    final RoundSchedule schedule;
    private final PrintStream out;
    private final List<S> scenes = new ArrayList<>();
    private final List<TickTimes> times = new ArrayList<>();
    private final int[] measured;
    private final boolean[] warm;
    /** A step to run again: a contender's extra ticks, while it asks for them. */
    private RoundSchedule.Step again;

    /**
     * {@code contenders}, each warmed up {@code warmupTicks} ticks, then measured
     * {@code measuredTicks} ticks in {@link #ROUNDS} rounds (as many whole spans as fit; one tick a
     * round for fewer ticks), each tick {@code delta} seconds of game time; progress goes to {@code out}.
     */
    RoundsRun(int contenders, int warmupTicks, int measuredTicks, float delta, PrintStream out) {
        this.warmupTicks = warmupTicks;
        this.rounds = Math.max(1, Math.min(ROUNDS, measuredTicks));
        this.spanTicks = Math.max(1, measuredTicks / rounds);
        this.delta = delta;
        this.out = out;
        this.schedule = new RoundSchedule(contenders, warmupTicks, rounds, spanTicks);
        this.measured = new int[contenders];
        this.warm = new boolean[contenders];
        for (int c = 0; c < contenders; c++) {
            scenes.add(null);
            times.add(null);
        }
    }

    @Override
    public final boolean tick() {
        RoundSchedule.Step step = again != null ? again : schedule.next();
        again = null;
        if (step == null) {
            return true;
        }
        int c = step.contender();
        switch (step.kind()) {
            case BUILD -> {
                scenes.set(c, build(c));
                times.set(c, new TickTimes(measuredTicksOf(c)));
            }
            case WARM -> scenes.get(c).tick(delta);
            case SETTLE -> System.gc(); // the worlds' objects packed alike before any tick is timed
            case MEASURE -> measure(step);
            case EXTRA -> {
                if (needsMoreTicks(c, scenes.get(c))) {
                    scenes.get(c).tick(delta);
                    again = step;
                }
            }
            case END -> {
                ended(c, scenes.get(c));
                scenes.get(c).dispose();
                scenes.set(c, null);
                System.gc(); // its world is garbage now: collected before any other tick is timed
            }
        }
        return false;
    }

    private void measure(RoundSchedule.Step step) {
        int c = step.contender();
        S scene = scenes.get(c);
        if (!warm[c]) {
            warm[c] = true;
            warmedUp(c, scene);
        }
        if (step.tick() == 0) {
            spanStarting(c, step.round(), scene);
        }
        long start = System.nanoTime();
        scene.tick(delta);
        times.get(c).add(System.nanoTime() - start);
        measured(c, step.round(), scene);
        if (++measured[c] % 7 == 0) {
            sample(c, scene);
        }
        if (step.tick() == spanOf(c) - 1) {
            spanEnded(c, step.round(), scene);
            int[] order = schedule.order(step.round());
            if (c == order[order.length - 1] || schedule.isAlone(c)) {
                out.println(progress(step.round(), c));
            }
        }
    }

    /** The line after a round, or after a contender measured alone. */
    private String progress(int round, int contender) {
        if (schedule.isAlone(contender)) {
            return "  measured " + name(contender) + ", alone";
        }
        List<String> names = new ArrayList<>();
        for (int c : schedule.order(round)) {
            names.add(name(c));
        }
        return String.format(Locale.ROOT, "  round %d of %d measured: %s", round + 1, rounds, String.join(", ", names));
    }

    /** The ticks of one span of {@code contender}: {@link #spanTicks}, or its own if it runs alone. */
    int spanOf(int contender) {
        return schedule.isAlone(contender) ? schedule.aloneMeasured(contender) : spanTicks;
    }

    private int measuredTicksOf(int contender) {
        return schedule.isAlone(contender) ? schedule.aloneMeasured(contender) : rounds * spanTicks;
    }

    /** The rounds {@code contender} is measured in: 1 if it runs alone. */
    int roundsOf(int contender) {
        return schedule.isAlone(contender) ? 1 : rounds;
    }

    /** Every measured tick of {@code contender}, round after round. */
    TickTimes times(int contender) {
        return times.get(contender);
    }

    /** The measured ticks of {@code contender} in {@code round}. */
    TickTimes roundTimes(int contender, int round) {
        int span = spanOf(contender);
        return times.get(contender).slice(round * span, (round + 1) * span);
    }

    /** {@code figure} of each round's ticks of {@code contender}, as a median and a range. */
    Spread spreadOf(int contender, ToDoubleFunction<TickTimes> figure) {
        double[] perRound = new double[roundsOf(contender)];
        for (int round = 0; round < perRound.length; round++) {
            perRound[round] = figure.applyAsDouble(roundTimes(contender, round));
        }
        return Spread.of(perRound);
    }

    /** The game seconds of one span of {@code contender}. */
    double spanSeconds(int contender) {
        return spanOf(contender) * (double) delta;
    }

    /** The scene of {@code contender}, between its build and its end. */
    S scene(int contender) {
        return scenes.get(contender);
    }

    /** Builds the scene of {@code contender}. */
    abstract S build(int contender);

    /** What {@code contender} is called in the progress lines and the table. */
    abstract String name(int contender);

    /** {@code contender}'s warm-up ended: its first measured tick is next. */
    void warmedUp(int contender, S scene) {
    }

    /** {@code contender}'s span of {@code round} starts with its next tick. */
    void spanStarting(int contender, int round, S scene) {
    }

    /** A measured tick of {@code contender} in {@code round} ran: add what it cost. */
    void measured(int contender, int round, S scene) {
    }

    /** Adds what {@code contender}'s scene shows now to its sums. */
    void sample(int contender, S scene) {
    }

    /** {@code contender}'s span of {@code round} ended. */
    void spanEnded(int contender, int round, S scene) {
    }

    /** After the rounds: true while {@code contender} needs another tick, neither timed nor sampled. */
    boolean needsMoreTicks(int contender, S scene) {
        return false;
    }

    /** {@code contender}'s last tick ran: keep what it needs from the scene before it is disposed of. */
    void ended(int contender, S scene) {
    }
}
