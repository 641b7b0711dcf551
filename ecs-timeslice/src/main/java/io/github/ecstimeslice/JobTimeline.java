package io.github.ecstimeslice;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A rolling record of what timesliced systems did, span by span: each job (its system, entity,
 * kind, thread, tick, and when its input, run and save phases ended), each system's turn, and each
 * tick a {@link TickTrap} timed. Attach it to systems with
 * {@link DecisionStats#setJobTimeline}; one timeline may serve every system of a world. Holds the
 * latest {@link #capacity()} spans, the oldest written over.
 *
 * <ul>
 *   <li>Recorded from any thread (workers write their jobs' spans), allocation-free; read it on
 *   the world's thread between ticks. Under {@link Threading#WORKERS_NEXT_TICK} the spans of jobs
 *   still in flight may be incomplete until the next turn finishes them.</li>
 *   <li>A span is addressed by its sequence number, from {@link #oldest()} to {@link #next()}
 *   (exclusive); the getters take that number.</li>
 *   <li>Times are {@code System.nanoTime()} values. Input is read on the world's thread (as the
 *   job starts with async input, at the batch's start with sync input: then the job's own span
 *   shows no input phase); a job on workers shows its run alone, its save on the world's thread
 *   after.</li>
 *   <li>Attached, a system's jobs on the world's thread run in a timed loop, three clock reads a
 *   job more; nothing attached, nothing is timed.</li>
 * </ul>
 */
public final class JobTimeline {

    /** What a span is. */
    public enum Kind {
        /** A job of a batch. */
        BATCH_JOB,
        /** An urgent job ({@link TimeslicedSystem#decideSoon}). */
        URGENT_JOB,
        /** A system's whole turn, on the world's thread; entity -1. */
        TURN,
        /** A batch's start within a turn: its saves (sync output) and reads (sync input); entity -1. */
        BATCH_START,
        /** A whole {@code world.process()} a {@link TickTrap} timed; system null, entity -1. */
        TICK
    }

    private static final Kind[] KINDS = Kind.values();
    /** Longs a span takes, side by side: what, thread, tick, start, the input and run phases (two ints), end. */
    private static final int STRIDE = 6;

    private final int capacity;
    /** {@code capacity - 1}: the capacity is a power of two, so a span's place is its number masked. */
    private final long mask;
    private final AtomicLong next = new AtomicLong();
    private final long[] spans;
    /** The systems attached, by the index their spans carry; index 0 is none (a tick). */
    private TimeslicedSystem<?, ?>[] attached = new TimeslicedSystem<?, ?>[1];
    private int attachedCount = 1;

    /**
     * @param capacity how many spans the timeline keeps at least, 1 to 2^24, rounded up to a power of two
     * @throws IllegalArgumentException if {@code capacity} is out of that range
     */
    public JobTimeline(int capacity) {
        if (capacity < 1 || capacity > 1 << 24) {
            throw new IllegalArgumentException("a timeline keeps 1 to " + (1 << 24) + " spans, was " + capacity);
        }
        int rounded = Integer.highestOneBit(capacity) == capacity ? capacity : Integer.highestOneBit(capacity) << 1;
        this.capacity = rounded;
        mask = rounded - 1;
        spans = new long[rounded * STRIDE];
    }

    /** The index {@code system}'s spans carry, given at its first attachment; on the world's thread. */
    synchronized int indexOf(TimeslicedSystem<?, ?> system) {
        for (int i = 1; i < attachedCount; i++) {
            if (attached[i] == system) {
                return i;
            }
        }
        if (attachedCount == attached.length) {
            TimeslicedSystem<?, ?>[] grown = new TimeslicedSystem<?, ?>[attached.length * 2];
            System.arraycopy(attached, 0, grown, 0, attachedCount);
            attached = grown;
        }
        attached[attachedCount] = system;
        return attachedCount++;
    }

    /** Records a span; from any thread. Phases longer than 2^31 ns are kept as that. */
    void record(int system, int entity, Kind kind, long tick, long start, long inputEnd, long runEnd, long end) {
        int at = (int) (next.getAndIncrement() & mask) * STRIDE;
        long[] s = spans;
        s[at] = (long) entity << 32 | (long) system << 8 | kind.ordinal();
        s[at + 1] = Platform.threadId();
        s[at + 2] = tick;
        s[at + 3] = start;
        s[at + 4] = (long) nanosInt(inputEnd - start) << 32 | nanosInt(runEnd - inputEnd);
        s[at + 5] = end;
    }

    private static int nanosInt(long nanos) {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, nanos));
    }

    /**
     * Records a whole tick the game timed itself ({@code world.process()} from {@code startNanos}
     * to {@code endNanos}, {@code System.nanoTime()} values), as a {@link TickTrap} does for its
     * ticks: a slice around the tick's turns and jobs in {@link TraceEvents}.
     */
    public void recordTick(long tick, long startNanos, long endNanos) {
        record(0, -1, Kind.TICK, tick, startNanos, startNanos, endNanos, endNanos);
    }

    /** How many spans the timeline keeps: the capacity asked for, rounded up to a power of two. */
    public int capacity() {
        return capacity;
    }

    /** The sequence number the next span will get: spans recorded so far. */
    public long next() {
        return next.get();
    }

    /** The sequence number of the oldest span kept. */
    public long oldest() {
        return Math.max(0, next.get() - capacity);
    }

    /** Forgets every span (the systems stay attached). Between ticks, with no job in flight. */
    public void clear() {
        next.set(0);
    }

    private int at(long span) {
        if (span < oldest() || span >= next.get()) {
            throw new IllegalArgumentException("span " + span + " is not kept: the timeline holds " + oldest()
                    + " to " + (next.get() - 1));
        }
        return (int) (span & mask) * STRIDE;
    }

    /** The span's system, or null for a tick. */
    public TimeslicedSystem<?, ?> system(long span) {
        return attached[(int) (spans[at(span)] >>> 8) & 0xFFFFFF];
    }

    /** The span's entity, or -1 for a turn or a tick. */
    public int entity(long span) {
        return (int) (spans[at(span)] >> 32);
    }

    public Kind kind(long span) {
        return KINDS[(int) spans[at(span)] & 0xFF];
    }

    /** The id of the thread that recorded the span ({@code Thread.getId()}; 1 in a browser). */
    public long thread(long span) {
        return spans[at(span) + 1];
    }

    /** The tick of the span's system ({@link DecisionStats#tick()}), or the trap's tick count for a tick. */
    public long tick(long span) {
        return spans[at(span) + 2];
    }

    public long startNanos(long span) {
        return spans[at(span) + 3];
    }

    /** When the input phase ended: the start for a job whose input was read at its batch's start, or on workers. */
    public long inputEndNanos(long span) {
        int at = at(span);
        return spans[at + 3] + (spans[at + 4] >>> 32);
    }

    /** When the run phase ended; the end for a turn or a tick. */
    public long runEndNanos(long span) {
        int at = at(span);
        return spans[at + 3] + (spans[at + 4] >>> 32) + (spans[at + 4] & 0xFFFFFFFFL);
    }

    public long endNanos(long span) {
        return spans[at(span) + 5];
    }

    /** The span's whole time, in milliseconds. */
    public double millis(long span) {
        int at = at(span);
        return (spans[at + 5] - spans[at + 3]) / 1e6;
    }
}
