package io.github.ecstimeslice;

import com.artemis.World;

/**
 * A profile trap: the game ticks its world through it ({@link #process(World)} for
 * {@code world.process()}), and the first tick that takes longer than a threshold, whole or in one
 * system's turn, is kept for the game to look at: its spans in the {@link JobTimeline} (every job
 * of every attached system, the turns, the batch starts), its wall time, and what of it was spent
 * outside the timesliced systems. The game then pauses, prints {@link #culprits}, writes the
 * tick's timeline ({@link TraceEvents}), or goes on.
 *
 * <ul>
 *   <li>Fires once, on the first tick past a threshold, never before; {@link #reset()} arms it again.</li>
 *   <li>{@link #holdingGameTime()}: once fired, later ticks run with a {@code world.delta} of 0, so
 *   no game time passes for any system until the game resets the trap.</li>
 *   <li>Allocation-free per tick; reading a fired tick allocates its strings.</li>
 *   <li>The fired tick's spans stay in the timeline until {@code capacity} more are recorded:
 *   read them before ticking on, or give the timeline room.</li>
 * </ul>
 */
public final class TickTrap {

    private final JobTimeline timeline;
    private final long tickNanos;
    private TimeslicedSystem<?, ?>[] watched = new TimeslicedSystem<?, ?>[0];
    private long[] turnNanos = new long[0];
    private boolean holdGameTime;
    private long ticks;
    private boolean fired;
    private long firedTick;
    private long firstSpan;
    private long endSpan;
    private long firedNanos;
    private long insideNanos;
    private String why;
    /** The fired tick's turns and batch starts, a line each, with each system's budget and figures as they stood then. */
    private String turns;

    /**
     * A trap for any tick longer than {@code tickMillis}, whose record is {@code timeline}'s spans
     * (attach it to the systems with {@link DecisionStats#setJobTimeline}).
     *
     * @throws IllegalArgumentException if {@code timeline} is null or {@code tickMillis} is not above 0
     */
    public TickTrap(JobTimeline timeline, double tickMillis) {
        if (timeline == null) {
            throw new IllegalArgumentException("the trap needs the timeline its systems record into, was null");
        }
        this.timeline = timeline;
        this.tickNanos = nanos("tick", tickMillis);
    }

    private static long nanos(String what, double millis) {
        if (!(millis > 0 && millis < 1e9)) {
            throw new IllegalArgumentException("a " + what + " threshold must be above 0 ms and finite, was " + millis);
        }
        return (long) (millis * 1e6);
    }

    /**
     * Also fires on a tick in which {@code system}'s turn takes longer than {@code turnMillis}.
     *
     * @throws IllegalArgumentException if {@code system} is null or {@code turnMillis} is not above 0
     */
    public TickTrap turnsOf(TimeslicedSystem<?, ?> system, double turnMillis) {
        if (system == null) {
            throw new IllegalArgumentException("the system whose turns to trap must not be null");
        }
        long limit = nanos("turn", turnMillis);
        TimeslicedSystem<?, ?>[] systems = new TimeslicedSystem<?, ?>[watched.length + 1];
        long[] limits = new long[turnNanos.length + 1];
        System.arraycopy(watched, 0, systems, 0, watched.length);
        System.arraycopy(turnNanos, 0, limits, 0, turnNanos.length);
        systems[watched.length] = system;
        limits[turnNanos.length] = limit;
        watched = systems;
        turnNanos = limits;
        return this;
    }

    /** Once fired, later ticks run with a {@code world.delta} of 0 until {@link #reset()}. */
    public TickTrap holdingGameTime() {
        holdGameTime = true;
        return this;
    }

    /**
     * Runs {@code world.process()}, timed, and checks the thresholds.
     *
     * @return true if this tick fired the trap
     */
    public boolean process(World world) {
        if (fired && holdGameTime) {
            world.setDelta(0);
        }
        long from = timeline.next();
        long start = System.nanoTime();
        world.process();
        long end = System.nanoTime();
        timeline.recordTick(ticks, start, end);
        long to = timeline.next();
        ticks++;
        if (fired) {
            return false;
        }
        boolean tickPast = end - start > tickNanos;
        if (!tickPast && watched.length == 0) {
            return false; // no turn to check: the tick's spans are looked at only when it fires
        }
        long inside = 0;
        String turnPast = null;
        for (long span = Math.max(from, timeline.oldest()); span < to; span++) {
            if (timeline.kind(span) != JobTimeline.Kind.TURN) {
                continue;
            }
            long took = timeline.endNanos(span) - timeline.startNanos(span);
            inside += took;
            for (int i = 0; i < watched.length && turnPast == null; i++) {
                if (watched[i] == timeline.system(span) && took > turnNanos[i]) {
                    turnPast = "the turn of " + watched[i].getClass().getSimpleName() + " took " + millis(took)
                            + " ms, past " + millis(turnNanos[i]) + " ms";
                }
            }
        }
        if (!tickPast && turnPast == null) {
            return false;
        }
        fired = true;
        firedTick = ticks - 1;
        firstSpan = from;
        endSpan = to;
        firedNanos = end - start;
        insideNanos = inside;
        why = turnPast != null ? turnPast : "the tick took " + millis(end - start) + " ms, past " + millis(tickNanos) + " ms";
        turns = turnLines(from, to);
        return true;
    }

    /**
     * The turns and batch starts of spans {@code from} to {@code to}, a line each: time, and for a
     * turn its system's jobs, budget, and with a {@link TurnWatcher} its demand and pressure, read
     * now, as the tick that fired ends.
     */
    private String turnLines(long from, long to) {
        StringBuilder lines = new StringBuilder();
        for (long span = Math.max(from, timeline.oldest()); span < to; span++) {
            JobTimeline.Kind kind = timeline.kind(span);
            if (kind != JobTimeline.Kind.TURN && kind != JobTimeline.Kind.BATCH_START) {
                continue;
            }
            TimeslicedSystem<?, ?> system = timeline.system(span);
            lines.append(kind == JobTimeline.Kind.TURN ? "  turn of " : "  batch start of ")
                    .append(system.getClass().getSimpleName()).append(": ")
                    .append(millis(timeline.endNanos(span) - timeline.startNanos(span))).append(" ms");
            if (kind == JobTimeline.Kind.TURN) {
                DecisionStats stats = system.stats();
                lines.append(", ").append(stats.jobsRunLastTick()).append(" jobs, budget ").append(system.budget());
                TurnSummary turn = stats.turnWatcher != null ? stats.turnSummary : null;
                if (turn != null) {
                    lines.append(", demand ").append(turn.demand()).append(", pressure ")
                            .append(Math.round(turn.pressure() * 100) / 100.0);
                }
            }
            lines.append('\n');
        }
        return lines.toString();
    }

    private static String millis(long nanos) {
        return String.valueOf(Math.round(nanos / 1e4) / 100.0);
    }

    /** True once a tick fired the trap (until {@link #reset()}). */
    public boolean fired() {
        return fired;
    }

    /** Arms the trap again, and lets game time pass again if it was held. */
    public void reset() {
        fired = false;
        why = null;
    }

    /** The fired tick: how many ticks the trap had run before it, from 0. */
    public long firedTick() {
        return fired ? firedTick : -1;
    }

    /** Why it fired, in words: the tick's time, or a system's turn's, against its threshold; null if it has not. */
    public String why() {
        return why;
    }

    /** The first span of the fired tick in the timeline. */
    public long firstSpan() {
        return firstSpan;
    }

    /** The span after the fired tick's last: its {@link JobTimeline.Kind#TICK} span is the one before. */
    public long endSpan() {
        return endSpan;
    }

    /** The fired tick's wall time, in milliseconds. */
    public double tickMillis() {
        return firedNanos / 1e6;
    }

    /** What of the fired tick the timesliced systems' turns did not take, in milliseconds: the game's other systems. */
    public double outsideMillis() {
        return (firedNanos - insideNanos) / 1e6;
    }

    /**
     * The fired tick's {@code top} longest jobs, a line each, longest first: milliseconds, the
     * system, {@code entity N}, batch or urgent, and the thread; then the batch starts and turns,
     * in the tick's order, each turn with its system's jobs and budget (and, watched by a
     * {@link TurnWatcher}, its demand and pressure) as they stood when the tick ended. Allocates.
     *
     * @throws IllegalStateException if the trap has not fired
     */
    public String culprits(int top) {
        if (!fired) {
            throw new IllegalStateException("the trap has not fired");
        }
        StringBuilder lines = new StringBuilder();
        lines.append("tick ").append(firedTick).append(": ").append(why).append("; ").append(millis(firedNanos - insideNanos))
                .append(" ms outside the timesliced systems\n");
        long from = Math.max(firstSpan, timeline.oldest());
        long shownBelow = Long.MAX_VALUE;
        long shownSpan = Long.MAX_VALUE;
        for (int n = 0; n < top; n++) {
            long best = -1;
            long bestNanos = -1;
            for (long span = from; span < endSpan; span++) { // the next longest after those shown
                JobTimeline.Kind kind = timeline.kind(span);
                if (kind != JobTimeline.Kind.BATCH_JOB && kind != JobTimeline.Kind.URGENT_JOB) {
                    continue;
                }
                long took = timeline.endNanos(span) - timeline.startNanos(span);
                boolean after = took < shownBelow || took == shownBelow && span > shownSpan;
                if (after && took > bestNanos) {
                    best = span;
                    bestNanos = took;
                }
            }
            if (best < 0) {
                break;
            }
            shownBelow = bestNanos;
            shownSpan = best;
            lines.append("  ").append(Math.round(bestNanos / 1e3) / 1000.0).append(" ms  ").append(timeline.system(best).getClass().getSimpleName())
                    .append(" entity ").append(timeline.entity(best))
                    .append(timeline.kind(best) == JobTimeline.Kind.URGENT_JOB ? " (urgent job" : " (batch job")
                    .append(", thread ").append(timeline.thread(best)).append(")\n");
        }
        lines.append(turns);
        return lines.toString();
    }
}
