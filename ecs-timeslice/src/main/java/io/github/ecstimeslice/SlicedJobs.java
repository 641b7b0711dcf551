package io.github.ecstimeslice;

/**
 * Runs a {@link SlicedSystem}'s batch jobs in pieces on the world's thread: the job in progress
 * goes on, and when it finishes (saved with async output) the batch's next job begins (its input
 * read with async input), until the turn's work or time is used. While a job is in progress the
 * batch's position stays on its slot, so the batch is not over and a drop of its entity finds it.
 * One per sliced system; its owner reads the fields directly.
 */
final class SlicedJobs<I, O> {

    private final SlicedSystem<I, O> system;
    private final Batch batch;
    private final Histories<O> histories;
    private final TickFailures failures;
    private final DecisionStats stats;
    /** The slot whose job began and goes on in a later piece, or -1. */
    int slot = -1;
    /** Units the pieces of this turn used; -1 if the turn ran no pieces (its jobs were whole). */
    int workThisTurn = -1;
    /** Units the job in progress used so far; 0 if none is. */
    int jobWork;

    SlicedJobs(SlicedSystem<I, O> system, Batch batch, Histories<O> histories, TickFailures failures,
               DecisionStats stats) {
        this.system = system;
        this.batch = batch;
        this.histories = histories;
        this.failures = failures;
        this.stats = stats;
    }

    /**
     * True if a turn under {@code allowance} runs pieces: under a work budget anywhere, under a
     * time budget on the world's thread (not {@code onWorkers}). If not, the job going on is
     * cancelled, its slot to start again whole.
     */
    boolean runsPieces(JobAllowance allowance, boolean onWorkers) {
        if (allowance.workBudget() || allowance.timeBudget() && !onWorkers) {
            return true;
        }
        cancel();
        return false;
    }

    /**
     * Runs pieces until {@code units} are used and at least {@code jobs} jobs finished, or the
     * batch has no job left (a playback gives both, as recorded). Returns the units used.
     */
    int run(int units, int jobs) {
        int finished = stats.jobsThisTick;
        workThisTurn = 0;
        while (workThisTurn < units || stats.jobsThisTick - finished < jobs) {
            if (piece(Math.max(1, units - workThisTurn)) < 0) {
                break;
            }
        }
        return workThisTurn;
    }

    /** Runs pieces of at most {@code workPerPiece()} units until {@code deadline} ({@code System.nanoTime()}), one at least. */
    void runUntil(long deadline) {
        int perPiece = system.workPerPiece();
        workThisTurn = 0;
        while (piece(perPiece) >= 0 && deadline - System.nanoTime() > 0) {
            // the clock read after each piece: one piece past the deadline at most
        }
    }

    /**
     * Runs one piece of at most {@code work} units: of the job in progress, or of the batch's next
     * job, which begins. A job that finishes is saved (async output), and the position moves past
     * it. Returns the units used, or -1 if the batch has no job left. With a {@link JobTimeline},
     * each piece is a span of the job's entity.
     */
    private int piece(int work) {
        JobTimeline timeline = stats.timeline;
        if (timeline == null) {
            return untimedPiece(work);
        }
        int entityId = slot >= 0 ? batch.keys[slot] : batch.livePosition() < batch.size ? batch.keys[batch.livePosition()] : -1;
        long start = System.nanoTime();
        int used = untimedPiece(work);
        long end = System.nanoTime();
        if (used >= 0) {
            timeline.record(stats.timelineIndex, entityId, JobTimeline.Kind.BATCH_JOB, stats.tick, start, start, end, end);
        }
        return used;
    }

    /** {@link #piece}, its span not recorded. */
    @SuppressWarnings("unchecked")
    private int untimedPiece(int work) {
        Batch b = batch;
        boolean first = slot < 0;
        if (first) {
            b.skipDropped();
            if (b.finished()) {
                return -1;
            }
            slot = b.position;
            jobWork = 0;
        }
        int entityId = b.keys[slot];
        I input = (I) b.inputs[slot];
        O output;
        try {
            if (first && !b.policy.syncInput()) {
                system.setUpInput(entityId, input);
            }
            output = histories.depth != TimeslicedSystem.NO_HISTORY ? (O) histories.jobOutput(entityId) : (O) b.outputs[slot];
        } catch (Throwable thrown) {
            int failed = slot;
            if (first) {
                end();
                failures.jobNotRun(b, failed, thrown);
            } else {
                cancelAfter(failed, thrown);
            }
            return 0;
        }
        int used;
        try {
            used = system.runJobPiece(entityId, input, output, work, first);
        } catch (Throwable thrown) {
            cancelAfter(slot, thrown);
            stats.jobsThisTick++; // it ran, and failed: its piece counts whole
            workThisTurn += work;
            return work;
        }
        if (used == SlicedSystem.GOES_ON) {
            workThisTurn += work;
            jobWork += work;
            return work;
        }
        int finished = slot;
        end();
        stats.jobsThisTick++;
        if (!b.policy.syncOutput()) {
            histories.saveReportingFailure(finished);
        }
        used = Math.max(0, Math.min(used, work));
        workThisTurn += used;
        return used;
    }

    /** The job in progress ended: the batch goes on past its slot. */
    private void end() {
        batch.position = slot + 1;
        slot = -1;
        jobWork = 0;
        batch.skipDropped();
    }

    /** The job at {@code failed}, which began, failed with {@code thrown}: dropped, cancelled, recorded. */
    private void cancelAfter(int failed, Throwable thrown) {
        end();
        failures.jobFailed(batch, failed, thrown);
        cancelled(failed);
    }

    /** The entity left: its job in progress, if any, is cancelled (its slot is dropped already). */
    void left(int entityId) {
        if (slot >= 0 && batch.keys[slot] == entityId) {
            int dropped = slot;
            slot = -1;
            jobWork = 0; // the position stays: the dropped slot is skipped
            cancelled(dropped);
        }
    }

    /** Cancels the job in progress, if any: its slot starts again from its beginning, whole or in pieces. */
    void cancel() {
        if (slot >= 0) {
            int again = slot;
            slot = -1;
            jobWork = 0;
            cancelled(again);
        }
    }

    /** Tells the system that the job at {@code at} will not finish; what that throws fails the tick. */
    @SuppressWarnings("unchecked")
    private void cancelled(int at) {
        int entityId = batch.keys[at];
        try {
            system.jobCancelled(entityId, (I) batch.inputs[at]);
        } catch (Throwable thrown) {
            if (Platform.isFatal(thrown)) {
                throw (Error) thrown;
            }
            failures.record(entityId, thrown);
        }
    }
}
