package io.github.ecstimeslice.demo.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A job timeline for Perfetto or chrome://tracing: which thread ran which jobs in which tick, and
 * the world thread's ticks and decision phases, written as Chrome trace-event JSON; a job is named
 * by its NPC's entity id ({@code npc 4711}, the id also in its args). Records into
 * preallocated arrays from any thread; once they are full, further events are counted and dropped.
 */
public final class JobTrace {

    private final int capacity;
    private final long origin = System.nanoTime();
    private final AtomicInteger next = new AtomicInteger();
    private final long[] startNanos;
    private final long[] endNanos;
    private final long[] threadIds;
    /** The entity of a job, or -1 for a tick, -2 for a decision phase. */
    private final int[] subjects;
    private final long[] ticks;
    private final Map<Long, String> threadNames = new ConcurrentHashMap<>();
    private final AtomicInteger dropped = new AtomicInteger();

    public JobTrace(int capacity) {
        this.capacity = capacity;
        startNanos = new long[capacity];
        endNanos = new long[capacity];
        threadIds = new long[capacity];
        subjects = new int[capacity];
        ticks = new long[capacity];
    }

    /** Records a job for {@code entity} in {@code tick} that ran on this thread from start to end. */
    public void job(int entity, long tick, long start, long end) {
        record(entity, tick, start, end);
    }

    /** Records a whole tick of the world, on the world's thread. */
    public void tick(long tick, long start, long end) {
        record(-1, tick, start, end);
    }

    /** Records the decision system's turn within a tick, on the world's thread. */
    public void decisions(long tick, long start, long end) {
        record(-2, tick, start, end);
    }

    private void record(int subject, long tick, long start, long end) {
        int i = next.getAndIncrement();
        if (i >= capacity) {
            dropped.incrementAndGet();
            return;
        }
        Thread thread = Thread.currentThread();
        long id = thread.getId();
        threadNames.computeIfAbsent(id, k -> thread.getName());
        startNanos[i] = start;
        endNanos[i] = end;
        threadIds[i] = id;
        subjects[i] = subject;
        ticks[i] = tick;
    }

    /** Events recorded (not counting dropped ones). */
    public int size() {
        return Math.min(next.get(), capacity);
    }

    /** Events that did not fit. */
    public int dropped() {
        return dropped.get();
    }

    /** Writes the trace as a Chrome trace-event JSON object. */
    public void write(Path file) throws IOException {
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
            out.write("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
            boolean first = true;
            for (Map.Entry<Long, String> thread : threadNames.entrySet()) {
                first = separate(out, first);
                out.write("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":" + thread.getKey()
                        + ",\"args\":{\"name\":\"" + thread.getValue().replace("\"", "'") + "\"}}");
            }
            for (int i = 0, n = size(); i < n; i++) {
                first = separate(out, first);
                // a job is named by its NPC's entity id, so a slow one leads to its NPC
                String name = subjects[i] == -1 ? "tick " + ticks[i]
                        : subjects[i] == -2 ? "decisions" : "npc " + subjects[i];
                String category = subjects[i] >= 0 ? "job" : "world";
                String entity = subjects[i] >= 0 ? ",\"entity\":" + subjects[i] : "";
                out.write(String.format(Locale.ROOT,
                        "{\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":1,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,"
                                + "\"args\":{\"tick\":%d%s}}",
                        category, name, threadIds[i], (startNanos[i] - origin) / 1000.0,
                        (endNanos[i] - startNanos[i]) / 1000.0, ticks[i], entity));
            }
            out.write("\n]}\n");
        }
    }

    private static boolean separate(Writer out, boolean first) throws IOException {
        if (!first) {
            out.write(",\n");
        }
        return false;
    }
}
