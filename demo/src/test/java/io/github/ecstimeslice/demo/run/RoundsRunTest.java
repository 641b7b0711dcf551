package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.TickedScene;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A comparison in rounds, driven tick by tick as the demo's render loop drives it. */
class RoundsRunTest {

    /** A scene that only says when it is ticked and disposed of. */
    private record Logged(int id, List<String> log) implements TickedScene {
        @Override
        public void tick(float delta) {
            log.add("tick " + id);
        }

        @Override
        public void dispose() {
            log.add("dispose " + id);
        }
    }

    /** Three contenders, warmed up a tick each, measured 10 ticks: 5 rounds of 2. */
    private static final class ThreeInRounds extends RoundsRun<Logged> {
        final List<String> log = new ArrayList<>();
        final List<String> spans = new ArrayList<>();
        final List<Integer> extraAsked = new ArrayList<>();

        ThreeInRounds(PrintStream out) {
            super(3, 1, 10, 1 / 60f, out);
        }

        @Override
        Logged build(int contender) {
            log.add("build " + contender);
            return new Logged(contender, log);
        }

        @Override
        String name(int contender) {
            return "c" + contender;
        }

        @Override
        void spanEnded(int contender, int round, Logged scene) {
            spans.add(contender + " in round " + round + ": " + roundTimes(contender, round).count() + " ticks");
        }

        @Override
        boolean needsMoreTicks(int contender, Logged scene) {
            extraAsked.add(contender);
            return contender == 2 && extraAsked.stream().filter(c -> c == 2).count() <= 2; // two extra ticks
        }

        @Override
        public void finish() {
        }
    }

    @Test
    void eachContenderIsTickedForASpanInTurnAndEachRoundsFiguresAreItsOwnSpansTicks() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ThreeInRounds run = new ThreeInRounds(new PrintStream(printed, true, StandardCharsets.UTF_8));
        int calls = 0;
        while (!run.tick()) {
            calls++;
        }
        assertEquals(5, run.rounds);
        assertEquals(2, run.spanTicks);
        List<String> expected = new ArrayList<>(List.of("build 0", "build 1", "build 2", "tick 0", "tick 1", "tick 2"));
        for (int[] order : new int[][]{{0, 1, 2}, {2, 1, 0}, {0, 1, 2}, {2, 1, 0}, {0, 1, 2}}) {
            for (int c : order) {
                expected.add("tick " + c);
                expected.add("tick " + c);
            }
        }
        expected.addAll(List.of("tick 2", "tick 2", "dispose 0", "dispose 1", "dispose 2"));
        assertEquals(expected, run.log);
        assertEquals(List.of("0 in round 0: 2 ticks", "1 in round 0: 2 ticks", "2 in round 0: 2 ticks",
                "2 in round 1: 2 ticks", "1 in round 1: 2 ticks", "0 in round 1: 2 ticks",
                "0 in round 2: 2 ticks", "1 in round 2: 2 ticks", "2 in round 2: 2 ticks",
                "2 in round 3: 2 ticks", "1 in round 3: 2 ticks", "0 in round 3: 2 ticks",
                "0 in round 4: 2 ticks", "1 in round 4: 2 ticks", "2 in round 4: 2 ticks"), run.spans);
        assertEquals(10, run.times(1).count(), "every measured tick kept, round after round");
        assertEquals(List.of("  round 1 of 5 measured: c0, c1, c2", "  round 2 of 5 measured: c2, c1, c0",
                        "  round 3 of 5 measured: c0, c1, c2", "  round 4 of 5 measured: c2, c1, c0",
                        "  round 5 of 5 measured: c0, c1, c2"),
                printed.toString(StandardCharsets.UTF_8).lines().toList());
        // a step a call: 3 builds, 3 warm-up ticks, the collection, 30 measured ticks, 5 asks for extra
        // ticks (two of them granted), 3 ends
        assertEquals(3 + 3 + 1 + 30 + 5 + 3, calls);
    }
}
