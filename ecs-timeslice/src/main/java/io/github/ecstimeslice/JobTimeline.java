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

    private final int capacity;
    private final AtomicLong next = new AtomicLong();
    private final int[] systems;
    private final int[] entities;
    private final byte[] kinds;
    private final long[] threads;
    private final long[] ticks;
    private final long[] starts;
    private final long[] inputEnds;
    private final long[] runEnds;
    private final long[] ends;
    /** The systems attached, by the index their spans carry; index 0 is none (a tick). */
    private TimeslicedSystem<?, ?>[] attached = new TimeslicedSystem<?, ?>[1];
    private int attachedCount = 1;

    /**
     * @param capacity how many spans the timeline keeps, 1 to 2^24
     * @throws IllegalArgumentException if {@code capacity} is out of that range
     */
    public JobTimeline(int capacity) {
        if (capacity < 1 || capacity > 1 << 24) {
            throw new IllegalArgumentException("a timeline keeps 1 to " + (1 << 24) + " spans, was " + capacity);
        }
        this.capacity = capacity;
        systems = new int[capacity];
        entities = new int[capacity];
        kinds = new byte[capacity];
        threads = new long[capacity];
        ticks = new long[capacity];
        starts = new long[capacity];
        inputEnds = new long[capacity];
        runEnds = new long[capacity];
        ends = new long[capacity];
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

    /** Records a span; from any thread. */
    void record(int system, int entity, Kind kind, long tick, long start, long inputEnd, long runEnd, long end) {
        int at = (int) (next.getAndIncrement() % capacity);
        systems[at] = system;
        entities[at] = entity;
        kinds[at] = (byte) kind.ordinal();
        threads[at] = Platform.threadId();
        ticks[at] = tick;
        starts[at] = start;
        inputEnds[at] = inputEnd;
        runEnds[at] = runEnd;
        ends[at] = end;
    }

    /**
     * Records a whole tick the game timed itself ({@code world.process()} from {@code startNanos}
     * to {@code endNanos}, {@code System.nanoTime()} values), as a {@link TickTrap} does for its
     * ticks: a slice around the tick's turns and jobs in {@link TraceEvents}.
     */
    public void recordTick(long tick, long startNanos, long endNanos) {
        record(0, -1, Kind.TICK, tick, startNanos, startNanos, endNanos, endNanos);
    }

    /** How many spans the timeline keeps. */
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
        return (int) (span % capacity);
    }

    /** The span's system, or null for a tick. */
    public TimeslicedSystem<?, ?> system(long span) {
        return attached[systems[at(span)]];
    }

    /** The span's entity, or -1 for a turn or a tick. */
    public int entity(long span) {
        return entities[at(span)];
    }

    public Kind kind(long span) {
        return KINDS[kinds[at(span)]];
    }

    /** The id of the thread that recorded the span ({@code Thread.getId()}; 1 in a browser). */
    public long thread(long span) {
        return threads[at(span)];
    }

    /** The tick of the span's system ({@link DecisionStats#tick()}), or the trap's tick count for a tick. */
    public long tick(long span) {
        return ticks[at(span)];
    }

    public long startNanos(long span) {
        return starts[at(span)];
    }

    /** When the input phase ended: the start for a job whose input was read at its batch's start, or on workers. */
    public long inputEndNanos(long span) {
        return inputEnds[at(span)];
    }

    /** When the run phase ended; the end for a turn or a tick. */
    public long runEndNanos(long span) {
        return runEnds[at(span)];
    }

    public long endNanos(long span) {
        return ends[at(span)];
    }

    /** The span's whole time, in milliseconds. */
    public double millis(long span) {
        int at = at(span);
        return (ends[at] - starts[at]) / 1e6;
    }
}
