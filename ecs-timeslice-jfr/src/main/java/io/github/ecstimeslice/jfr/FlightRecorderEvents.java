package io.github.ecstimeslice.jfr;

import io.github.ecstimeslice.JobTimeline;
import io.github.ecstimeslice.TickTrap;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.TurnSummary;
import io.github.ecstimeslice.TurnWatcher;

/**
 * A timesliced system's turns, batch starts and slow jobs, and a trap's firing, as JDK Flight
 * Recorder events (names beginning {@code io.github.ecstimeslice.}, category {@code ecs-timeslice}),
 * for JDK Mission Control or {@code jfr print}. Desktop JVMs (11 and later) only: the library itself
 * stays free of {@code jdk.jfr}.
 *
 * <ul>
 *   <li>{@link #record(TimeslicedSystem, JobTimeline, double)} makes the system's
 *   {@link TurnWatcher} one that commits a {@code Turn} event each turn, a {@code Batch} event each
 *   batch start, and, given a timeline the system records into, a {@code SlowJob} event for each
 *   of its jobs past the threshold; a watcher the system had is still told, first.</li>
 *   <li>Off (no recording, or the events disabled), a turn costs a check per event type; on, an
 *   event object per event and, with slow jobs, a look at the turn's spans.</li>
 * </ul>
 */
public final class FlightRecorderEvents {

    private FlightRecorderEvents() {
    }

    /**
     * Records {@code system}'s turns and batch starts, and with a {@code timeline} (which the
     * system is given) its jobs longer than {@code slowJobMillis}.
     *
     * @throws IllegalArgumentException if {@code system} is null, or a timeline is given with a
     *                                  threshold not above 0
     */
    public static void record(TimeslicedSystem<?, ?> system, JobTimeline timeline, double slowJobMillis) {
        if (system == null) {
            throw new IllegalArgumentException("the system to record must not be null");
        }
        if (timeline != null && !(slowJobMillis > 0 && slowJobMillis < 1e9)) {
            throw new IllegalArgumentException("a slow job's threshold must be above 0 ms and finite, was " + slowJobMillis);
        }
        if (timeline != null) {
            system.stats().setJobTimeline(timeline);
        }
        system.stats().setTurnWatcher(new Recorder(system.stats().turnWatcher(), timeline,
                (long) (slowJobMillis * 1e6), system.stats().batchesStarted()));
    }

    /** Commits a {@code Trap} event for {@code trap}, which has fired, with the slowest job of its tick. */
    public static void trapFired(TickTrap trap, JobTimeline timeline) {
        TrapEvent event = new TrapEvent();
        if (!event.shouldCommit() || !trap.fired()) {
            return;
        }
        event.why = trap.why();
        event.tickTime = (long) (trap.tickMillis() * 1e6);
        event.outsideTime = (long) (trap.outsideMillis() * 1e6);
        long slowest = -1;
        for (long span = Math.max(trap.firstSpan(), timeline.oldest()); span < trap.endSpan(); span++) {
            boolean job = timeline.kind(span) == JobTimeline.Kind.BATCH_JOB || timeline.kind(span) == JobTimeline.Kind.URGENT_JOB;
            if (job && (slowest < 0 || timeline.millis(span) > timeline.millis(slowest))) {
                slowest = span;
            }
        }
        if (slowest >= 0) {
            event.slowestSystem = timeline.system(slowest).getClass().getName();
            event.slowestEntity = timeline.entity(slowest);
            event.slowestTime = timeline.endNanos(slowest) - timeline.startNanos(slowest);
        }
        event.commit();
    }

    /** The watcher that commits the events, after telling the one the system had. */
    private static final class Recorder implements TurnWatcher {
        private final TurnWatcher before;
        private final JobTimeline timeline;
        private final long slowJobNanos;
        private long batchesSeen;
        private long spansSeen;

        Recorder(TurnWatcher before, JobTimeline timeline, long slowJobNanos, long batchesStarted) {
            this.before = before;
            this.timeline = timeline;
            this.slowJobNanos = slowJobNanos;
            this.batchesSeen = batchesStarted;
        }

        @Override
        public void turnEnded(TimeslicedSystem<?, ?> system, TurnSummary turn) {
            if (before != null) {
                before.turnEnded(system, turn);
            }
            String name = system.getClass().getName();
            TurnEvent event = new TurnEvent();
            if (event.shouldCommit()) {
                event.system = name;
                event.tick = turn.tick();
                event.demand = turn.demand();
                event.jobsRun = turn.jobsRun();
                event.urgentJobs = turn.urgentJobs();
                event.heldBack = turn.heldBack();
                event.pressure = turn.pressure();
                event.quality = turn.quality();
                event.turnTime = (long) (turn.turnMillis() * 1e6);
                event.commit();
            }
            long batches = system.stats().batchesStarted();
            if (batches != batchesSeen) {
                BatchEvent batch = new BatchEvent();
                if (batch.shouldCommit()) {
                    batch.system = name;
                    batch.tick = turn.tick();
                    batch.batch = batches;
                    batch.size = system.stats().batchSize();
                    batch.batchStartTime = (long) (system.stats().lastBatchStartMillis() * 1e6);
                    batch.commit();
                }
            }
            batchesSeen = batches;
            if (timeline != null) {
                slowJobs(system);
            }
        }

        /** Commits a {@code SlowJob} for each job of {@code system} recorded since the last turn past the threshold. */
        private void slowJobs(TimeslicedSystem<?, ?> system) {
            long next = timeline.next();
            for (long span = Math.max(spansSeen, timeline.oldest()); span < next; span++) {
                JobTimeline.Kind kind = timeline.kind(span);
                if ((kind == JobTimeline.Kind.BATCH_JOB || kind == JobTimeline.Kind.URGENT_JOB) && timeline.system(span) == system) {
                    long took = timeline.endNanos(span) - timeline.startNanos(span);
                    if (took > slowJobNanos) {
                        SlowJobEvent event = new SlowJobEvent();
                        if (event.shouldCommit()) {
                            event.system = system.getClass().getName();
                            event.entity = timeline.entity(span);
                            event.urgent = kind == JobTimeline.Kind.URGENT_JOB;
                            event.tick = timeline.tick(span);
                            event.threadId = timeline.thread(span);
                            event.jobTime = took;
                            event.commit();
                        }
                    }
                }
            }
            spansSeen = next;
        }
    }
}
