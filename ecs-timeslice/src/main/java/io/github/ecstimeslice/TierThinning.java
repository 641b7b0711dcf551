package io.github.ecstimeslice;

import com.artemis.utils.IntBag;

import java.util.Arrays;

/**
 * Thins a {@link ParallelIteratingSystem}'s work by significance tier: an entity in a tier of
 * period k is processed in one of every k ticks, on the ticks where (tick + a hash of its id) is a
 * multiple of k, so a tier's entities spread over the ticks. Its tier is asked each time it is
 * processed, and it is due again at the next such tick of its tier then, at most k ticks later, so
 * none waits longer than the longest period however it moves. The game time since an entity was
 * last processed is kept for {@code process} to use, and for one turn more once the tiers are
 * switched off: that turn gives each entity the time it was not processed for.
 *
 * <p>The entities wait in a {@link TierDueWheel} by the tick they are due in, so a tick reads the ids
 * due (ascending) and a bit per entity id, not every entity: {@link #collect} runs on the world's
 * thread, then {@link #process} on whichever threads process. Per entity id: the tick it is due in
 * and the game time it was last processed at (12 bytes), plus the wheel's bits. Its owner reads the
 * fields directly.
 */
final class TierThinning {

    /** The longest tick period: the wheel then reaches every due tick without waiting ids. */
    static final int MAX_PERIOD = TierDueWheel.MAX_BUCKETS / 2;

    int[] periods = {1};
    /**
     * The index of the system's next turn, and the game time at the end of its last; during a
     * turn, this turn's index and the game time at its end.
     */
    int tick;
    double seconds;
    /** True during a turn. */
    private boolean inTurn;
    /** Periods set since the last turn started, used from the next; null if none were. */
    private int[] pendingPeriods;
    /**
     * True while the time each entity was last processed at is kept: with tiers, and until the end
     * of {@link #catchUpTurn} once they are switched off.
     */
    boolean keepsTimes;
    /** The first turn without tiers, after tiers were switched off: its entity times are the catch-up. */
    private int catchUpTurn;
    /** This turn's due entities, ascending: {@code due[0, dueCount)}. */
    int[] due = new int[0];
    int dueCount;
    /** With more than one tier: the subscribed entities by the tick they are due in; else null. */
    private TierDueWheel wheel;
    /** Per entity id: the tick it is due in next. */
    private int[] nextDue = new int[0];
    /** Per entity id: the game time at the end of the turn it was last processed in. */
    private double[] lastSeconds = new double[0];

    /** True if there is more than one tier: only due entities are processed. */
    boolean tiered() {
        return wheel != null;
    }

    /**
     * Uses {@code next} (checked) from the next turn on, whenever it is set: the turn's start
     * switches for the entities subscribed then. Not at once: while artemis tells the
     * subscription's listeners of a change, its entities are still the old ones.
     */
    void use(int[] next) {
        pendingPeriods = next;
    }

    /**
     * Switches to {@code next} for the {@code subscribed} entities, between turns: periods other
     * than the current ones make each entity due in the next turn, keeping the time it was last
     * processed at (the end of the last turn, if every entity was processed every turn until now).
     */
    private void switchTo(int[] next, IntBag subscribed) {
        if (Arrays.equals(next, periods)) {
            return;
        }
        boolean keptTimes = keepsTimes;
        boolean wasTiered = tiered();
        periods = next;
        wheel = next.length > 1 ? new TierDueWheel(longest(next) + 1, nextDue.length) : null;
        if (wheel == null) {
            if (wasTiered) {
                catchUpTurn = tick; // every entity is processed then, given its time since its last turn
            }
            return;
        }
        keepsTimes = true;
        int[] ids = subscribed.getData();
        for (int i = subscribed.size() - 1; i >= 0; i--) { // the highest id first: one growth
            double last = keptTimes && ids[i] < lastSeconds.length ? lastSeconds[ids[i]] : seconds;
            joined(ids[i]);
            lastSeconds[ids[i]] = last;
        }
    }

    /** The periods set last: those the next turn uses. */
    int[] latestPeriods() {
        return pendingPeriods != null ? pendingPeriods : periods;
    }

    /** The index of the next turn: this tick's, between turns. */
    private int nextTurn() {
        return inTurn ? tick + 1 : tick;
    }

    /** The entity joined: due in the next turn, as if processed at the end of the last. */
    void joined(int entityId) {
        if (entityId >= nextDue.length) {
            int grown = Math.max(entityId + 1, nextDue.length + (nextDue.length >> 1));
            nextDue = Arrays.copyOf(nextDue, grown);
            lastSeconds = Arrays.copyOf(lastSeconds, grown);
            due = Arrays.copyOf(due, grown);
            if (wheel != null) {
                wheel.ensureIds(grown);
            }
        }
        lastSeconds[entityId] = seconds;
        if (wheel != null) {
            int turn = nextTurn();
            nextDue[entityId] = turn;
            wheel.file(entityId, turn, tick);
        }
    }

    /** All of {@code entities} joined. */
    void joined(IntBag entities) {
        int[] ids = entities.getData();
        for (int i = entities.size() - 1; i >= 0; i--) { // the highest id first: one growth
            joined(ids[i]);
        }
    }

    /** All of {@code entities} left: they wait for no tick. */
    void left(IntBag entities) {
        int[] ids = entities.getData();
        for (int i = 0, s = entities.size(); s > i; i++) {
            int id = ids[i];
            if (id < nextDue.length) {
                wheel.unfile(id, wheel.bucketOf(nextDue[id])); // periods never outreach the wheel
            }
        }
    }

    /** A turn of {@code delta} seconds begins, for the {@code subscribed} entities: with the periods set last. */
    void turnStarted(float delta, IntBag subscribed) {
        if (pendingPeriods != null) {
            switchTo(pendingPeriods, subscribed);
            pendingPeriods = null;
        }
        seconds += delta;
        inTurn = true;
    }

    /**
     * The first tick after {@code now} on the entity's phase for {@code period}: the tick t in
     * (now, now + period] where t + a hash of the id is a multiple of the period. In {@code long}
     * arithmetic, which every platform computes alike (a browser's {@code int} does not wrap).
     */
    static int nextOnPhase(int now, int entityId, int period) {
        long phase = (long) now + ((int) (entityId * 0x9E3779B9L) >>> 1);
        return now + period - ((period & period - 1) == 0 ? (int) phase & period - 1 : PortableMath.floorMod(phase, period));
    }

    /**
     * The turn ended, having processed every entity due or not ({@code processedAll}: a
     * {@code process} threw): a catch-up turn that did not is followed by another, for the time of
     * the entities it left.
     */
    void turnEnded(boolean processedAll) {
        if (keepsTimes && wheel == null && tick >= catchUpTurn) {
            if (processedAll) {
                keepsTimes = false;
            } else {
                catchUpTurn = tick + 1;
            }
        }
        tick++;
        inTurn = false;
    }

    /**
     * On the world's thread: takes this turn's due entities out of the wheel into {@link #due},
     * asks each its tier and files it for its next turn. O(entity ids / 64 + due entities).
     *
     * @return null, or the first tier out of range or {@code tierOf} that threw, as an
     *         {@code IllegalStateException} naming the system, the entity and the value or what it
     *         threw (that entity is processed as tier 0)
     */
    IllegalStateException collect(ParallelIteratingSystem system) {
        IllegalStateException failed = null;
        TierDueWheel waiting = wheel;
        int[] ids = due;
        int now = tick;
        int count = waiting.drain(now, ids);
        for (int i = 0; count > i; i++) {
            int id = ids[i];
            int tier;
            try {
                tier = system.tierOf(id);
            } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
                if (Platform.isFatal(thrown)) {
                    fileForNextTurn(ids, i, count, now); // none of them is processed in this turn
                    throw thrown;
                }
                if (failed == null) {
                    failed = new IllegalStateException(system.getClass().getName() + ".tierOf(" + id + ") failed: "
                            + thrown, thrown);
                }
                tier = 0;
            }
            if (tier < 0 || tier >= periods.length) {
                if (failed == null) {
                    failed = new IllegalStateException(system.getClass().getName() + ".tierOf(" + id
                            + ") returned " + tier + ", not a tier of processEvery" + Arrays.toString(periods)
                            + " (0 to " + (periods.length - 1) + ")");
                }
                tier = 0;
            }
            int next = nextOnPhase(now, id, periods[tier]);
            nextDue[id] = next;
            waiting.file(id, next, now);
        }
        dueCount = count;
        return failed;
    }

    /**
     * Files this turn's drained {@code ids[0, to)} for the turn after {@code now}, unprocessed:
     * those before {@code asked} were filed for their next turn already, the rest for none.
     */
    private void fileForNextTurn(int[] ids, int asked, int to, int now) {
        for (int i = 0; to > i; i++) {
            if (asked > i) {
                wheel.unfile(ids[i], wheel.bucketOf(nextDue[ids[i]]));
            }
            nextDue[ids[i]] = now + 1;
            wheel.file(ids[i], now + 1, now);
        }
        dueCount = 0;
    }

    /**
     * Processes {@code ids[from, to)}, this turn's due entities (or, in a catch-up turn, every
     * subscribed one), noting the time of each as it is processed.
     */
    void process(ParallelIteratingSystem system, int[] ids, int from, int to) {
        double[] last = lastSeconds;
        double at = seconds;
        for (int i = from; to > i; i++) {
            system.process(ids[i]);
            last[ids[i]] = at;
        }
    }

    /** Game seconds since the entity was last processed, up to the end of this turn. */
    float secondsSince(int entityId) {
        return (float) (seconds - lastSeconds[entityId]);
    }

    private static int longest(int[] periods) {
        return periods[periods.length - 1];
    }
}
