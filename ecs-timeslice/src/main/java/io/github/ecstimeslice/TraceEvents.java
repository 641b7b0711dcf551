package io.github.ecstimeslice;

import java.io.IOException;

/**
 * Writes a {@link JobTimeline}'s spans as Chrome trace-event JSON, which Perfetto
 * (ui.perfetto.dev) and chrome://tracing open: threads as tracks (the world's thread named
 * {@code world}), each job a slice named by its system and entity ({@code FaceTargetSystem entity
 * 4812}, the id also in its args with its tick and its input, run and save microseconds), each
 * turn and tick a slice around them, each batch start a slice of its own. For a {@link TickTrap}'s
 * tick, {@code TraceEvents.write(timeline, trap, out)} adds a global marker naming why it fired.
 */
public final class TraceEvents {

    private TraceEvents() {
    }

    /**
     * Writes spans {@code from} (inclusive) to {@code to} (exclusive), those the timeline still
     * keeps, as one JSON object to {@code out}. Times are microseconds from the first span's start.
     *
     * @throws IOException if {@code out} fails
     * @throws IllegalArgumentException if {@code timeline} or {@code out} is null
     */
    public static void write(JobTimeline timeline, long from, long to, Appendable out) throws IOException {
        write(timeline, from, to, null, out);
    }

    /**
     * Writes the tick {@code trap} fired on, as {@link #write(JobTimeline, long, long, Appendable)}
     * its spans, with a global marker at the tick's start named {@code trap: } and why it fired.
     *
     * @throws IOException if {@code out} fails
     * @throws IllegalArgumentException if an argument is null
     * @throws IllegalStateException if the trap has not fired
     */
    public static void write(JobTimeline timeline, TickTrap trap, Appendable out) throws IOException {
        if (trap == null) {
            throw new IllegalArgumentException("the trap must not be null");
        }
        if (!trap.fired()) {
            throw new IllegalStateException("the trap has not fired: no tick to write");
        }
        write(timeline, trap.firstSpan(), trap.endSpan(), "trap: " + trap.why(), out);
    }

    private static void write(JobTimeline timeline, long from, long to, String marker, Appendable out) throws IOException {
        if (timeline == null || out == null) {
            throw new IllegalArgumentException("the timeline and where to write must not be null");
        }
        long first = Math.max(from, timeline.oldest());
        long last = Math.min(to, timeline.next());
        long origin = Long.MAX_VALUE;
        long worldThread = -1;
        for (long span = first; span < last; span++) {
            origin = Math.min(origin, timeline.startNanos(span));
            if (timeline.kind(span) == JobTimeline.Kind.TURN || timeline.kind(span) == JobTimeline.Kind.TICK) {
                worldThread = timeline.thread(span);
            }
        }
        out.append("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
        boolean written = false;
        long[] named = new long[8];
        int namedCount = 0;
        for (long span = first; span < last; span++) { // a name for each thread, once
            long thread = timeline.thread(span);
            boolean seen = false;
            for (int i = 0; i < namedCount && !seen; i++) {
                seen = named[i] == thread;
            }
            if (seen) {
                continue;
            }
            if (namedCount == named.length) {
                long[] grown = new long[named.length * 2];
                System.arraycopy(named, 0, grown, 0, namedCount);
                named = grown;
            }
            named[namedCount++] = thread;
            written = separate(out, written);
            out.append("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":").append(String.valueOf(thread))
                    .append(",\"args\":{\"name\":\"").append(thread == worldThread ? "world" : "worker " + thread)
                    .append("\"}}");
        }
        for (long span = first; span < last; span++) {
            written = separate(out, written);
            event(timeline, span, origin, out);
        }
        if (marker != null && first < last) {
            separate(out, written);
            out.append("{\"ph\":\"i\",\"s\":\"g\",\"cat\":\"trap\",\"name\":\"").append(marker.replace("\"", "'"))
                    .append("\",\"pid\":1,\"tid\":").append(String.valueOf(worldThread < 0 ? 1 : worldThread))
                    .append(",\"ts\":0.000}");
        }
        out.append("\n]}\n");
    }

    private static void event(JobTimeline timeline, long span, long origin, Appendable out) throws IOException {
        JobTimeline.Kind kind = timeline.kind(span);
        TimeslicedSystem<?, ?> system = timeline.system(span);
        String name = system == null ? "" : system.getClass().getSimpleName();
        long start = timeline.startNanos(span);
        long end = timeline.endNanos(span);
        boolean job = kind == JobTimeline.Kind.BATCH_JOB || kind == JobTimeline.Kind.URGENT_JOB;
        String label = job ? name + " entity " + timeline.entity(span)
                : kind == JobTimeline.Kind.TURN ? name + " turn"
                : kind == JobTimeline.Kind.BATCH_START ? name + " batch start"
                : "tick " + timeline.tick(span);
        String category = kind == JobTimeline.Kind.BATCH_JOB ? "batch" : kind == JobTimeline.Kind.URGENT_JOB ? "urgent"
                : kind == JobTimeline.Kind.TURN ? "turn" : kind == JobTimeline.Kind.BATCH_START ? "batch start" : "tick";
        out.append("{\"ph\":\"").append(kind == JobTimeline.Kind.BATCH_START && start == end ? "i" : "X")
                .append("\",\"cat\":\"").append(category).append("\",\"name\":\"").append(label)
                .append("\",\"pid\":1,\"tid\":").append(String.valueOf(timeline.thread(span)))
                .append(",\"ts\":").append(micros(start - origin));
        if (kind == JobTimeline.Kind.BATCH_START && start == end) {
            out.append(",\"s\":\"t\"");
        } else {
            out.append(",\"dur\":").append(micros(end - start));
        }
        out.append(",\"args\":{\"tick\":").append(String.valueOf(timeline.tick(span)));
        if (job) {
            out.append(",\"entity\":").append(String.valueOf(timeline.entity(span)))
                    .append(",\"input_us\":").append(micros(timeline.inputEndNanos(span) - start))
                    .append(",\"run_us\":").append(micros(timeline.runEndNanos(span) - timeline.inputEndNanos(span)))
                    .append(",\"save_us\":").append(micros(end - timeline.runEndNanos(span)));
        }
        out.append("}}");
    }

    /** Nanoseconds as microseconds with three decimals, without {@code String.format} (GWT has none). */
    private static String micros(long nanos) {
        long whole = nanos / 1000;
        long rest = Math.abs(nanos % 1000);
        return (nanos < 0 && whole == 0 ? "-" : "") + whole + "." + (rest < 10 ? "00" : rest < 100 ? "0" : "") + rest;
    }

    private static boolean separate(Appendable out, boolean written) throws IOException {
        if (written) {
            out.append(",\n");
        }
        return true;
    }
}
