package io.github.ecstimeslice;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.utils.ImmutableBag;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * What the budgets of a world's timesliced systems decided, tick by tick: recorded from one run,
 * played back in another, so that a run under a time budget can be reproduced decision for
 * decision, and lockstep peers follow a host's budget.
 *
 * <p>Recording ({@link #recordTo}) writes, for each turn of each attached system:
 * <ul>
 * <li>whether a batch started, and then its size and a hash of its entity ids;</li>
 * <li>how many batch jobs ran (jobs handed back unrun not counted);</li>
 * <li>the urgent asks each of the turn's urgent runs took, and whether as a group on workers;</li>
 * <li>the urgent jobs started, the urgent asks left and the batch's position after the turn, which
 *     a changed count moves.</li>
 * </ul>
 * Playing back ({@link #playBackFrom}) replaces each system's budget by those counts: the same
 * entities decide in the same ticks, whatever the machine's speed, the budget's kind or the
 * threading. A turn that disagrees with its record (a batch of another size or other entities, fewer
 * jobs to run than recorded, another system's turn, the end of the recording) throws an
 * {@code IllegalStateException} naming the system, its tick and what differs, before the turn's jobs
 * run.
 *
 * <p>A {@code SpreadInvocationStrategy} keeps its moves in the same stream:
 * {@code strategy.followSchedule(log::follow)}.
 *
 * <p>What the game must record itself: its inputs, its random seeds and its deltas; everything that
 * decides which entities exist, what they join, which tiers they are in and what is asked of
 * {@code decideSoon}. The stream's format is in docs/timing.md, "Record and play back".
 *
 * <p>Rules:
 * <ul>
 * <li>Attach before the systems' first turn to be recorded or played back, to one world.</li>
 * <li>Systems follow the log under any threading. A turn recorded with its batch jobs on
 *     {@link Threading#WORKERS_NEXT_TICK} workers plays back only under that threading on workers,
 *     which finish its jobs in the next turn as recorded; elsewhere it fails its turn.</li>
 * <li>A few bytes a system a turn; no allocation once attached. The log does not close its stream.</li>
 * </ul>
 */
public final class DecisionLog {

    /** The stream's first four bytes, "ETL1": a recording of this format. */
    static final int MAGIC = 0x45544c31;
    static final int BATCH_DUE = 1;
    static final int BATCH_STARTED = 2;
    static final int URGENT = 4;
    /** The turn's batch jobs went to next-tick workers: the count is of those started, not run. */
    static final int NEXT_TICK = 8;
    /** ... under a deadline: the next turn hands back those it kept from starting. */
    static final int HANDS_BACK = 16;
    /** The turn finished jobs an earlier turn left in flight, and kept this many as run. */
    static final int LATE_RUNS = 32;
    /** The turn ran its batch jobs in pieces (a {@link SlicedSystem}): the units it used, and those of the job in progress. */
    static final int PIECES = 64;

    private final boolean records;
    private final LogStream stream;
    private TimeslicedSystem<?, ?>[] systems;

    /** The turn read last in playback: its flags, batch size and hash, urgent and batch jobs. */
    int flags;
    int batchSize;
    int batchHash;
    int urgentCall0;
    int urgentCall1;
    int urgentJobs;
    int urgentLeft;
    int batchJobs;
    int position;
    int lateRuns;
    int work;
    int jobWork;

    private DecisionLog(OutputStream out, InputStream in) {
        records = out != null;
        stream = new LogStream(out, in);
    }

    /**
     * A log that records to {@code out}.
     *
     * @throws IllegalArgumentException if {@code out} is null
     */
    public static DecisionLog recordTo(OutputStream out) {
        if (out == null) {
            throw new IllegalArgumentException("the stream to record to must not be null, was null");
        }
        return new DecisionLog(out, null);
    }

    /**
     * A log that plays back what {@code in} holds, as {@link #recordTo} wrote it. For lockstep, a
     * stream the game appends each of the host's ticks to before the tick runs.
     *
     * @throws IllegalArgumentException if {@code in} is null
     */
    public static DecisionLog playBackFrom(InputStream in) {
        if (in == null) {
            throw new IllegalArgumentException("the stream to play back must not be null, was null");
        }
        return new DecisionLog(null, in);
    }

    /**
     * Attaches every {@link TimeslicedSystem} of {@code world}, in the world's order. Recording, it
     * writes a header naming their classes; playing back, it reads one and checks it.
     *
     * @throws IllegalArgumentException if {@code world} is null
     * @throws IllegalStateException    if this log or one of the systems is attached already, or the
     *                                  recording's header names other systems
     */
    public void attach(World world) {
        if (world == null) {
            throw new IllegalArgumentException("world must not be null, was null");
        }
        if (systems != null) {
            throw new IllegalStateException("a DecisionLog serves one world; make one for each");
        }
        ImmutableBag<BaseSystem> all = world.getSystems();
        int count = 0;
        TimeslicedSystem<?, ?>[] found = new TimeslicedSystem<?, ?>[all.size()];
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i) instanceof TimeslicedSystem) {
                TimeslicedSystem<?, ?> system = (TimeslicedSystem<?, ?>) all.get(i);
                if (system.slicer.log != null) {
                    throw new IllegalStateException(system.getClass().getName() + " follows another DecisionLog");
                }
                found[count++] = system;
            }
        }
        systems = Arrays.copyOf(found, count);
        if (records) {
            writeHeader();
        } else {
            checkHeader();
        }
        for (int i = 0; i < count; i++) {
            systems[i].slicer.log = this;
            systems[i].slicer.logIndex = i;
        }
    }

    /** True if the log plays back; false if it records. */
    public boolean playsBack() {
        return !records;
    }

    /** Bytes written so far, the header included; 0 in playback. */
    public long bytesWritten() {
        return stream.bytes;
    }

    private void writeHeader() {
        stream.writeInt(MAGIC);
        stream.writeCount(systems.length);
        for (TimeslicedSystem<?, ?> system : systems) {
            String name = system.getClass().getName();
            stream.writeCount(name.length());
            for (int c = 0; c < name.length(); c++) {
                stream.writeCount(name.charAt(c));
            }
        }
        stream.flush();
    }

    private void checkHeader() {
        if (stream.readInt() != MAGIC) {
            throw new IllegalStateException("the stream is not a DecisionLog recording: its first bytes differ");
        }
        int count = stream.readCount();
        StringBuilder recorded = new StringBuilder();
        for (int s = 0; s < count; s++) {
            int length = stream.readCount();
            for (int c = 0; c < length; c++) {
                recorded.append((char) stream.readCount());
            }
            recorded.append(s + 1 < count ? ", " : "");
        }
        StringBuilder here = new StringBuilder();
        for (int s = 0; s < systems.length; s++) {
            here.append(systems[s].getClass().getName()).append(s + 1 < systems.length ? ", " : "");
        }
        if (!recorded.toString().equals(here.toString())) {
            throw new IllegalStateException("the recording is of [" + recorded + "], the world has [" + here + "]");
        }
    }

    /**
     * A value of the game's own schedule, kept in the stream between the systems' turns: recording,
     * writes {@code value} and returns it; playing back, returns the value recorded in its place. A
     * {@code SpreadInvocationStrategy} keeps its moves so: {@code strategy.followSchedule(log::follow)}.
     *
     * @throws IllegalArgumentException if {@code value} is below 0
     * @throws IllegalStateException    if the log is not attached yet, or the playback finds a system's
     *                                  turn, the recording's end or damage where the value should be
     */
    public int follow(int value) {
        if (systems == null) {
            throw new IllegalStateException("attach the DecisionLog to a world before it follows a schedule");
        }
        if (value < 0) {
            throw new IllegalArgumentException("a schedule value must be at least 0, was " + value);
        }
        if (records) {
            stream.writeCount(systems.length);
            stream.writeCount(value);
            stream.flush();
            return value;
        }
        stream.reading = null;
        stream.readingTick = -1;
        int tag = stream.readCount();
        if (tag != systems.length) {
            throw new IllegalStateException("playback differs from its recording: a schedule value is asked where the"
                    + " recording has " + (tag >= 0 && tag < systems.length ? "a turn of "
                    + systems[tag].getClass().getName() : "damage"));
        }
        return stream.readCount();
    }

    /**
     * Records the turn {@code turn} just took: its urgent runs, its batch, the batch jobs it ran or
     * left in flight on next-tick workers, and those of an earlier turn it finished.
     */
    void write(Timeslicer<?, ?> turn, int flags) {
        int inFlight = turn.workers != null ? turn.workers.inFlight() : 0; // next-tick jobs: those started, not run
        if (inFlight > 0) {
            flags |= NEXT_TICK | (turn.workers.mayHandBack() ? HANDS_BACK : 0);
        }
        int pieces = turn.sliced != null ? turn.sliced.workThisTurn : -1;
        if (pieces >= 0) {
            flags |= PIECES;
        }
        int batchJobs = batchJobsOf(turn);
        int[] urgentCalls = turn.urgent.calls;
        boolean urgent = (urgentCalls[0] | urgentCalls[1]) != 0;
        Batch batch = turn.batch;
        stream.writeCount(turn.logIndex);
        stream.write(flags | (urgent ? URGENT : 0) | (turn.lateRuns >= 0 ? LATE_RUNS : 0));
        stream.writeCount(batchJobs);
        stream.writeCount(batch.livePosition());
        if (urgent) {
            stream.writeCount(urgentCalls[0]);
            stream.writeCount(urgentCalls[1]);
            stream.writeCount(turn.stats.urgentJobsThisTick);
            stream.writeCount(turn.urgent.servable());
        }
        if (turn.lateRuns >= 0) {
            stream.writeCount(turn.lateRuns);
        }
        if (pieces >= 0) {
            stream.writeCount(pieces);
            stream.writeCount(turn.sliced.jobWork);
        }
        if ((flags & BATCH_STARTED) != 0) {
            stream.writeCount(batch.size);
            stream.writeInt(hashOf(batch.keys, batch.size));
        }
        stream.flush();
    }

    /** Reads the next turn, which must be {@code system}'s (at {@code index}, in its {@code tick}), into the fields. */
    void read(TimeslicedSystem<?, ?> system, int index, long tick) {
        stream.reading = system;
        stream.readingTick = tick;
        int recorded = stream.readCount();
        if (recorded == systems.length) {
            throw mismatch(system, tick, "the recording has a value of the game's schedule here");
        }
        if (recorded < 0 || recorded > systems.length) {
            throw new IllegalStateException("the recording is damaged at " + stream.where() + ": no system " + recorded);
        }
        if (recorded != index) {
            throw mismatch(system, tick, "the recording has a turn of " + systems[recorded].getClass().getName() + " here");
        }
        flags = stream.readCount();
        batchJobs = stream.readCount();
        position = stream.readCount();
        boolean urgent = (flags & URGENT) != 0;
        urgentCall0 = urgent ? stream.readCount() : 0;
        urgentCall1 = urgent ? stream.readCount() : 0;
        urgentJobs = urgent ? stream.readCount() : 0;
        urgentLeft = urgent ? stream.readCount() : 0;
        lateRuns = (flags & LATE_RUNS) != 0 ? stream.readCount() : -1;
        work = (flags & PIECES) != 0 ? stream.readCount() : -1;
        jobWork = (flags & PIECES) != 0 ? stream.readCount() : 0;
        if ((flags & BATCH_STARTED) != 0) {
            batchSize = stream.readCount();
            batchHash = stream.readInt();
        }
    }

    /**
     * Whether a batch is due in the turn read, as recorded: never while the batch is not
     * {@code finished}, and always once it is unless it is empty and a budget {@code mayHold} it.
     */
    boolean due(TimeslicedSystem<?, ?> system, long tick, boolean finished, boolean mayHold) {
        boolean due = (flags & BATCH_DUE) != 0;
        if (due && !finished) {
            throw mismatch(system, tick, "the recording starts a batch, this one has jobs left");
        }
        if (!due && finished && !mayHold) {
            throw mismatch(system, tick, "a batch is due, the recording starts none");
        }
        return due;
    }

    /**
     * Plays back {@code turn}'s jobs as the turn read recorded them, whatever the budget: the same
     * urgent runs (as a group or not), then as many batch jobs, where {@code threading} says and on
     * next-tick workers if they ran there. Checks before that the turn has the asks and jobs, and
     * after that they ran as recorded.
     */
    void play(Timeslicer<?, ?> turn, Threading threading) {
        TimeslicedSystem<?, ?> system = turn.system;
        long tick = turn.stats.tick;
        Batch batch = turn.batch;
        UrgentJobs<?, ?> urgent = turn.urgent;
        int asks = (urgentCall0 >>> 1) + (urgentCall1 >>> 1);
        if (urgent.servable() < asks || batch.size - batch.position < batchJobs) {
            throw mismatch(system, tick, "the recording takes " + asks + " urgent asks and runs " + batchJobs
                    + " batch jobs, this turn has " + urgent.servable() + " and at most " + (batch.size - batch.position));
        }
        boolean nextTick = (flags & NEXT_TICK) != 0;
        if (nextTick && (threading != Threading.WORKERS_NEXT_TICK || turn.workers == null)) { // before any job runs
            throw mismatch(system, tick, "the recording starts its batch jobs on next-tick workers, this playback runs"
                    + " them in the turn: play it back under WORKERS_NEXT_TICK");
        }
        turn.releasedJobs = urgentJobs + batchJobs;
        turn.prepareIfJobsStart(asks > 0 || batchJobs > 0 || work > 0);
        urgent.replay(urgentCall0, turn.turnWorkers);
        urgent.replay(urgentCall1, turn.turnWorkers);
        int urgentRan = turn.stats.urgentJobsThisTick;
        int worked = work;
        if (work >= 0 && turn.sliced == null) {
            throw mismatch(system, tick, "the recording runs jobs in pieces, this system's are whole");
        } else if (work >= 0) {
            worked = turn.sliced.run(work, batchJobs);
        } else if (turn.sliced != null) {
            turn.sliced.cancel(); // as the recorded turn did, which ran its jobs whole
        }
        if (work >= 0) {
            turn.releasedJobs = -1;
        } else if (nextTick) {
            turn.workers.startRecorded(batchJobs, (flags & HANDS_BACK) != 0);
        } else {
            turn.runBatchJobs(batchJobs, turn.onWorkers(threading) ? Threading.WORKERS_SAME_TICK : Threading.WORLD_THREAD);
        }
        if (work < 0 && !batch.policy.syncInput()) {
            readFailedUpTo(turn, tick);
        }
        int batchRan = batchJobsOf(turn);
        int progress = turn.sliced != null ? turn.sliced.jobWork : 0;
        if (urgentRan != urgentJobs || batchRan != batchJobs || worked != work || progress != jobWork
                || batch.livePosition() != position
                || asks > 0 && urgent.servable() != urgentLeft) {
            throw mismatch(system, tick, "the recording runs " + urgentJobs + " urgent and " + batchJobs + " batch jobs"
                    + (work >= 0 ? " in " + work + " units (" + jobWork + " into the job going on)" : "") + ", to slot "
                    + position + " with " + urgentLeft + " asks left; this turn " + urgentRan + " and " + batchRan
                    + (work >= 0 ? " in " + worked + " units (" + progress + ")" : "") + ", to slot "
                    + batch.livePosition() + " with " + urgent.servable());
        }
    }

    /** The batch jobs {@code turn} started: those left on next-tick workers, else those it ran (none an earlier turn's). */
    private static int batchJobsOf(Timeslicer<?, ?> turn) {
        int inFlight = turn.workers != null ? turn.workers.inFlight() : 0;
        return inFlight > 0 ? inFlight : turn.stats.jobsThisTick - turn.stats.urgentJobsThisTick - turn.lateJobs;
    }

    /**
     * The recorded start may have gone on past its last job to input reads that failed, up to the
     * recorded position (its budget allowed more jobs, or a deadline passed in the read): reads
     * each again, which must fail as it did, and drops its slot as the recording did.
     */
    @SuppressWarnings("unchecked")
    private <I, O> void readFailedUpTo(Timeslicer<I, O> turn, long tick) {
        Batch b = turn.batch;
        for (int slot = b.livePosition(); slot < position && slot < b.size; slot = b.livePosition()) {
            try {
                turn.system.setUpInput(b.keys[slot], (I) b.inputs[slot]);
            } catch (Throwable thrown) {
                b.position = slot + 1;
                turn.failures.jobNotRun(b, slot, thrown); // rethrows a VM error
                continue;
            }
            throw mismatch(turn.system, tick, "the recording's start read entity " + b.keys[slot]
                    + "'s input and failed, this one did not");
        }
    }

    /** Checks that the turn read kept {@code runs} of the jobs the last turn left in flight (-1: none were), as recorded. */
    void checkLateRuns(TimeslicedSystem<?, ?> system, long tick, int runs) {
        if (runs != lateRuns) {
            throw mismatch(system, tick, lateRuns < 0 ? "the recording finishes no jobs of the last turn, this turn "
                    + runs : runs < 0 ? "the recording finishes " + lateRuns + " jobs the last turn left on next-tick"
                    + " workers, this playback had none in flight" : "the recording keeps " + lateRuns + " of the jobs"
                    + " the last turn left on next-tick workers, this playback " + runs);
        }
    }

    /** Checks that the {@code batch} just started is the one the turn read recorded: its size and its entities. */
    void checkBatch(TimeslicedSystem<?, ?> system, long tick, Batch batch) {
        if ((flags & BATCH_STARTED) == 0) {
            throw mismatch(system, tick, "a batch starts, the recording's start failed");
        }
        if (batch.size != batchSize || hashOf(batch.keys, batch.size) != batchHash) {
            throw mismatch(system, tick, "the batch starting holds " + batch.size + " entities, " + (batch.size == batchSize
                    ? "others than the recording's" : "the recording's " + batchSize));
        }
    }

    /** What a playback that disagrees with its recording throws. */
    static IllegalStateException mismatch(TimeslicedSystem<?, ?> system, long tick, String what) {
        return new IllegalStateException("playback differs from its recording in tick " + tick + " of "
                + system.getClass().getName() + ": " + what);
    }

    /**
     * The hash of a batch's entity ids that a recording keeps, O(size): in four lanes, so that the
     * multiplications do not wait on each other. Lane j takes ids j, j + 4, ..., and lane 0 also the
     * ids past the last four; each lane is {@code h = 31 h + id}, lane 0 starting at the size.
     */
    static int hashOf(int[] keys, int size) {
        int a = size;
        int b = 0;
        int c = 0;
        int d = 0;
        int i = 0;
        for (; i + 3 < size; i += 4) {
            a = a * 31 + keys[i];
            b = b * 31 + keys[i + 1];
            c = c * 31 + keys[i + 2];
            d = d * 31 + keys[i + 3];
        }
        for (; i < size; i++) {
            a = a * 31 + keys[i];
        }
        return ((a * 31 + b) * 31 + c) * 31 + d;
    }
}
