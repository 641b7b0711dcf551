package io.github.ecstimeslice.demo.scene;

import com.artemis.utils.BitVector;
import com.artemis.utils.IntBag;

import java.util.function.IntPredicate;

/**
 * How long the NPCs that spawn wait for their first decision: for each, the ticks from the tick it
 * joined to the tick its first decision was saved, 0 when it was decided in the tick it joined
 * (count the join tick as 1 and add one). An NPC that dies before its first decision is counted
 * apart, as is one still waiting when the count is read. {@link Churn} tells it of every death and
 * birth and, at the end of each tick, has it look for the newcomers decided since: O(newcomers
 * waiting) a tick, no allocation once its arrays have grown.
 *
 * <p>Only the newcomers that join while it {@linkplain #count(boolean) counts} are counted (a
 * comparison counts those of its measured ticks, then lets the last of them get their decision).
 * The totals cover every counted newcomer; a live run's report reads and resets the {@code report}
 * tally of the first decisions since its last report.
 */
public final class Newcomers {

    /** The tick each NPC id's newcomer joined. */
    private long[] joinTick = new long[64];
    /** The ids whose newcomer waits for its first decision; of those, the ones counted. */
    private final BitVector waiting = new BitVector();
    private final BitVector counted = new BitVector();
    /** The ids in {@link #list}: waiting, or dead since (taken out at the next check). */
    private final BitVector listed = new BitVector();
    private final IntBag list = new IntBag();
    /** Whether newcomers joining now are counted. */
    private boolean counting = true;

    private long joined;
    private long diedFirst;
    private int waitingCounted;
    private final Tally total = new Tally();
    private final Tally report = new Tally();

    /** The first decisions of counted newcomers: how many, and the ticks they waited, summed and at most. */
    public static final class Tally {
        private long decided;
        private long sumTicks;
        private long maxTicks;

        private void add(long ticks) {
            decided++;
            sumTicks += ticks;
            maxTicks = Math.max(maxTicks, ticks);
        }

        /** How many counted newcomers got their first decision. */
        public long decided() {
            return decided;
        }

        /** Mean ticks from join to first decision; NaN if none was decided. */
        public double meanTicks() {
            return decided == 0 ? Double.NaN : sumTicks / (double) decided;
        }

        /** The most ticks a newcomer waited for its first decision; 0 if none was decided. */
        public long maxTicks() {
            return maxTicks;
        }

        void reset() {
            decided = 0;
            sumTicks = 0;
            maxTicks = 0;
        }
    }

    /** Counts the newcomers that join from now on, or stops counting new ones (those counted stay counted). */
    public void count(boolean on) {
        counting = on;
    }

    /** The NPC {@code id} joined in {@code tick}: it waits for its first decision. */
    void joined(int id, long tick) {
        if (id >= joinTick.length) {
            long[] grown = new long[Math.max(id + 1, joinTick.length * 2)];
            System.arraycopy(joinTick, 0, grown, 0, joinTick.length);
            joinTick = grown;
        }
        joinTick[id] = tick;
        waiting.set(id);
        if (counting) {
            counted.set(id);
            joined++;
            waitingCounted++;
        } else {
            counted.clear(id);
        }
        if (!listed.get(id)) { // an id that died and came back in the same tick is listed once
            listed.set(id);
            list.add(id);
        }
    }

    /** The NPC {@code id} died: if it still waited, it never gets a first decision. */
    void died(int id) {
        if (waiting.get(id)) {
            waiting.clear(id);
            if (counted.get(id)) {
                diedFirst++;
                waitingCounted--;
            }
        }
    }

    /** At the end of {@code tick}: the waiting newcomers that {@code decided} now got their first decision in it. */
    void check(long tick, IntPredicate decided) {
        int[] ids = list.getData();
        int kept = 0;
        for (int i = 0, n = list.size(); i < n; i++) {
            int id = ids[i];
            if (waiting.get(id) && decided.test(id)) {
                waiting.clear(id);
                if (counted.get(id)) {
                    total.add(tick - joinTick[id]);
                    report.add(tick - joinTick[id]);
                    waitingCounted--;
                }
            }
            if (waiting.get(id)) {
                ids[kept++] = id;
            } else {
                listed.clear(id);
            }
        }
        list.setSize(kept);
    }

    /** Counted newcomers: those that joined while counting. */
    public long joined() {
        return joined;
    }

    /** The first decisions of all counted newcomers so far. */
    public Tally total() {
        return total;
    }

    /** The first decisions of counted newcomers since the last {@link #nextReport()}. */
    public Tally report() {
        return report;
    }

    /** Starts the next report's tally. */
    public void nextReport() {
        report.reset();
    }

    /** Counted newcomers that died before their first decision. */
    public long diedFirst() {
        return diedFirst;
    }

    /** Counted newcomers alive and still waiting for their first decision. */
    public int waiting() {
        return waitingCounted;
    }
}
