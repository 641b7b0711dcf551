package io.github.ecstimeslice.demo.run;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The order in which a comparison ticks its contenders, one step at a time: each contender is
 * built, then they are warmed up in turn, a tick each, then measured in rounds, each contender
 * ticked for a span of ticks in turn, so a slow spell of a shared machine hits all of them alike
 * and each round gives every contender a figure. Every other round goes backwards, so no
 * contender always follows the same other. Then each gets its extra, untimed ticks, if it asks,
 * and its end.
 *
 * <p>A late contender is built and warmed up after the others' warm-up (its settings come from
 * theirs: the interval system's rate from AIAO's), then measured in the rounds like the others.
 * A contender alone is built, warmed up and measured in one span before any other is built (the
 * paths scene's every-agent-every-tick spike, whose ticks take seconds).
 */
final class RoundSchedule {

    /** What a step does: build a contender, tick it (warming up, measured, extra), collect garbage, end it. */
    enum Kind { BUILD, WARM, SETTLE, MEASURE, EXTRA, END }

    /** One step: its kind, the contender, and for a measured tick its round and its tick in the span. */
    record Step(Kind kind, int contender, int round, int tick) {
    }

    /** A run of steps: {@code ticks} ticks of each of {@code contenders} in turn, or one step each. */
    private record Segment(Kind kind, int[] contenders, int round, int ticks) {
    }

    private final int contenders;
    private final int warmupTicks;
    private final int rounds;
    private final int spanTicks;
    private final boolean[] late;
    private final boolean[] alone;
    private final int[] aloneWarmup;
    private final int[] aloneMeasured;
    private boolean backwards = true;
    private List<Segment> segments;
    private int segment;
    private int position;

    /**
     * {@code contenders}, each warmed up {@code warmupTicks} ticks, then measured in {@code rounds}
     * rounds of {@code spanTicks} ticks each.
     */
    RoundSchedule(int contenders, int warmupTicks, int rounds, int spanTicks) {
        this.contenders = contenders;
        this.warmupTicks = warmupTicks;
        this.rounds = rounds;
        this.spanTicks = spanTicks;
        late = new boolean[contenders];
        alone = new boolean[contenders];
        aloneWarmup = new int[contenders];
        aloneMeasured = new int[contenders];
    }

    /** Builds and warms up {@code contender} after the others' warm-up; returns this. */
    RoundSchedule late(int contender) {
        late[contender] = true;
        return this;
    }

    /**
     * Runs {@code contender} alone before any other is built: {@code warmup} ticks, then one span of
     * {@code measured} ticks, round 0. Returns this.
     */
    RoundSchedule alone(int contender, int warmup, int measured) {
        alone[contender] = true;
        aloneWarmup[contender] = warmup;
        aloneMeasured[contender] = measured;
        return this;
    }

    /** True if {@code contender} runs alone, before the others. */
    boolean isAlone(int contender) {
        return alone[contender];
    }

    /** The measured ticks of {@code contender} alone (its one span); 0 if it is measured in the rounds. */
    int aloneMeasured(int contender) {
        return aloneMeasured[contender];
    }

    /** Keeps the contenders' order in every round (a contender that follows another's figures); returns this. */
    RoundSchedule sameOrderEachRound() {
        backwards = false;
        return this;
    }

    /** The contenders in the rounds, in the order of round {@code round}. */
    int[] order(int round) {
        int[] inRounds = inRounds();
        if (backwards && round % 2 == 1) {
            for (int i = 0, j = inRounds.length - 1; i < j; i++, j--) {
                int swap = inRounds[i];
                inRounds[i] = inRounds[j];
                inRounds[j] = swap;
            }
        }
        return inRounds;
    }

    /** The next step, or null when every step is done. */
    Step next() {
        if (segments == null) {
            segments = plan();
        }
        while (segment < segments.size()) {
            Segment s = segments.get(segment);
            int steps = s.contenders().length * s.ticks();
            if (position < steps) {
                int at = position++;
                int contender = s.contenders()[at % s.contenders().length];
                return new Step(s.kind(), contender, s.round(), at / s.contenders().length);
            }
            segment++;
            position = 0;
        }
        return null;
    }

    private List<Segment> plan() {
        List<Segment> plan = new ArrayList<>();
        for (int c = 0; c < contenders; c++) {
            if (alone[c]) {
                int[] one = {c};
                plan.add(new Segment(Kind.BUILD, one, 0, 1));
                plan.add(new Segment(Kind.WARM, one, 0, aloneWarmup[c]));
                plan.add(new Segment(Kind.MEASURE, one, 0, aloneMeasured[c]));
                plan.add(new Segment(Kind.EXTRA, one, 0, 1));
                plan.add(new Segment(Kind.END, one, 0, 1));
            }
        }
        for (boolean lateOnes : new boolean[]{false, true}) {
            int[] group = IntStream.range(0, contenders).filter(c -> !alone[c] && late[c] == lateOnes).toArray();
            if (group.length > 0) {
                plan.add(new Segment(Kind.BUILD, group, 0, 1));
                plan.add(new Segment(Kind.WARM, group, 0, warmupTicks));
            }
        }
        int[] inRounds = inRounds();
        if (inRounds.length == 0) {
            return plan;
        }
        plan.add(new Segment(Kind.SETTLE, new int[]{inRounds[0]}, 0, 1));
        for (int round = 0; round < rounds; round++) {
            for (int contender : order(round)) {
                plan.add(new Segment(Kind.MEASURE, new int[]{contender}, round, spanTicks));
            }
        }
        plan.add(new Segment(Kind.EXTRA, inRounds, 0, 1));
        plan.add(new Segment(Kind.END, inRounds, 0, 1));
        return plan;
    }

    /** The contenders measured in the rounds (all but those alone), in index order. */
    private int[] inRounds() {
        return IntStream.range(0, contenders).filter(c -> !alone[c]).toArray();
    }
}
