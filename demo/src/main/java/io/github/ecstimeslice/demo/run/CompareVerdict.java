package io.github.ecstimeslice.demo.run;

import java.util.Locale;

/**
 * A comparison's verdict on one figure of two contenders, in words: which one's median over the
 * rounds is lower, and whether their ranges over the rounds are apart (a clear difference) or
 * overlap (none on this machine; then, if one was lower in most rounds, each against the
 * other's of the same round, in how many). Two contenders alike in every way but the noise have ranges apart in 2
 * of the 252 ways five rounds each can fall, under 1%; with fewer rounds, more often, so fewer
 * than {@value #ROUNDS_TO_TELL} rounds give no verdict.
 */
final class CompareVerdict {

    /** The rounds a verdict needs. */
    static final int ROUNDS_TO_TELL = 5;

    private CompareVerdict() {
    }

    /**
     * The sentence on {@code figure} ("p99 tick") of contender {@code a} against {@code b}, each
     * value written with {@code format} ("%.3f") and followed by {@code unit} ("ms"): "p99 tick:
     * AIAO 1.051 (0.980 to 1.200) ms against interval 3.639 (3.400 to 3.900) ms over 5 rounds:
     * AIAO was lower in every round, a clear difference."
     */
    static String of(String figure, String format, String unit, String a, Spread ofA, String b, Spread ofB) {
        int rounds = Math.min(ofA.rounds(), ofB.rounds());
        String values = String.format(Locale.ROOT, "%s: %s %s %s against %s %s %s over %d round%s", figure, a,
                ofA.text(format), unit, b, ofB.text(format), unit, rounds, rounds == 1 ? "" : "s");
        if (rounds < ROUNDS_TO_TELL) {
            return values + ": too few to tell a difference from the machine's noise.";
        }
        if (ofA.overlaps(ofB)) {
            int below = ofA.roundsBelow(ofB);
            int above = ofB.roundsBelow(ofA);
            int most = Math.max(below, above);
            String byRound = 2 * most <= rounds ? "" : String.format(Locale.ROOT, ", though %s was %s in %s", a,
                    below > above ? "lower" : "higher", most == rounds ? "every round"
                            : most + " of the " + rounds + " rounds");
            return values + ": the ranges overlap, so no clear difference on this machine" + byRound + ".";
        }
        return values + String.format(Locale.ROOT, ": %s was %s in every round, a clear difference.", a,
                ofA.max() < ofB.min() ? "lower" : "higher");
    }
}
