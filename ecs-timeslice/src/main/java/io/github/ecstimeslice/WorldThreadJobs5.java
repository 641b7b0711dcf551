// Generated from WorldThreadJobs.java by JobLoopCopiesTest: edit that file, not this one, then run
// mvn -q -pl ecs-timeslice test -Dtest=JobLoopCopiesTest -Djobloops.rewrite=true
package io.github.ecstimeslice;

/**
 * Runs a {@link TimeslicedSystem}'s jobs on the world's thread: for each slot from the batch's
 * position, read the input (async input), run the job, save the output (async output; with sync
 * output it stays in its slot for the batch's end).
 *
 * <p>The loops keep what they use in locals. The job's calls could change any field, so the JIT
 * would read a field again for every job; and on JDK 17 a native call such as {@code Math.atan2}
 * fences memory, so each such dependent read is paid in full. For the same reason a system with
 * no history and async output has a loop of its own ({@link #runPublishing}): in the saving loop,
 * the store's locals live across the job's calls.
 *
 * <p>Seven copies of this file sit beside it, the class's name numbered 1 to 7, so that each system
 * class runs its jobs in code of its own ({@link JobLoops}). Edit this file alone, then rewrite
 * them as {@code JobLoopCopiesTest} says. The class's name may appear here only as its own.
 */
final class WorldThreadJobs5<I, O> implements JobLoop {

    private final TimeslicedSystem<I, O> system;
    private final Batch batch;
    private final Histories<O> histories;
    private final TickFailures failures;
    private final DecisionStats stats;
    /** The input of every job with async input: read right before its job, so one object serves all. */
    private I sharedInput;
    /** With no history and async output, the output of every job: published as soon as it is written. */
    private O sharedOutput;

    WorldThreadJobs5(TimeslicedSystem<I, O> system, Batch batch, Histories<O> histories, TickFailures failures,
                    DecisionStats stats) {
        this.system = system;
        this.batch = batch;
        this.histories = histories;
        this.failures = failures;
        this.stats = stats;
        // both set here, in this order, whatever the system: a browser's engine then sees one shape
        // of loop in every system's turn (GWT leaves an unset field to the prototype)
        this.sharedInput = null;
        this.sharedOutput = null;
    }

    @Override
    public void makeSharedObjects() {
        if (sharedInput == null) {
            sharedInput = system.newInput();
        }
        if (sharedOutput == null && histories.depth == TimeslicedSystem.NO_HISTORY) {
            sharedOutput = system.newOutput();
        }
    }

    @SuppressWarnings("unchecked")
    @Override
    public void readInputs() {
        Batch b = batch;
        int[] keys = b.keys;
        Object[] inputs = b.inputs;
        for (int slot = 0, s = b.size; s > slot; slot++) {
            try {
                system.setUpInput(keys[slot], (I) inputs[slot]);
            } catch (Throwable thrown) {
                if (Platform.isFatal(thrown)) { // it leaves at once: no job may run on an old input
                    for (int unread = slot + 1; s > unread; unread++) {
                        failures.dropUnrun(b, unread);
                    }
                }
                failures.jobNotRun(b, slot, thrown);
            }
        }
    }

    /** Jobs that cost this much on average, or more, read the clock after every job. */
    static final long CLOCK_EVERY_JOB_NANOS = 1_000;

    /**
     * Runs jobs until {@code nanos} of wall-clock time are spent, at least one. Jobs of a
     * microsecond or more (a path search) read the clock after each, which costs them little, so a
     * tick ends at most one job past the budget however their costs vary. Smaller jobs (a
     * facing decision) read it after strides that fill half the remaining time at the mean job
     * cost so far: about log2(jobs) clock reads, and with jobs of steady cost at most one job past.
     */
    @Override
    public void runFor(long nanos) {
        long start = System.nanoTime();
        long deadline = start + nanos;
        int ran = run(1);
        while (batch.size > batch.position) {
            long now = System.nanoTime();
            long left = deadline - now;
            if (left <= 0) {
                break;
            }
            long perJob = Math.max(1, (now - start) / Math.max(1, ran));
            ran += run(perJob >= CLOCK_EVERY_JOB_NANOS ? 1
                    : (int) Math.max(1, Math.min(Integer.MAX_VALUE, left / (2 * perJob))));
        }
    }

    @Override
    public int run(int maxJobs) {
        IoPolicy policy = batch.policy;
        JobTimeline timeline = stats.timeline;
        int ran = timeline != null ? runTimed(maxJobs, policy.syncInput(), policy.syncOutput(), timeline)
                : !policy.syncOutput() && histories.depth == TimeslicedSystem.NO_HISTORY
                ? runPublishing(maxJobs, policy.syncInput())
                : runSaving(maxJobs, policy.syncInput(), policy.syncOutput());
        batch.skipDropped();
        return ran;
    }

    @SuppressWarnings("unchecked")
    private int runSaving(int maxJobs, boolean syncInput, boolean syncOutput) {
        TimeslicedSystem<I, O> decider = system;
        Batch b = batch;
        int[] keys = b.keys;
        Object[] inputs = b.inputs;
        I shared = sharedInput;
        DecisionStore store = histories.store;
        int depth = store.depth();
        boolean history = depth != TimeslicedSystem.NO_HISTORY;
        // the output objects: with history by entity (each one's spare), else by slot
        Object[] outputs = history ? store.outputs() : b.outputs;
        int[] rings = store.rings();
        long[] ticks = store.ticks();
        double[] seconds = store.seconds();
        int slots = store.slots();
        long savedTick = stats.tick;
        double savedSeconds = stats.gameSeconds;
        int size = b.size;
        int slot = b.position;
        int ran = 0;
        try {
            while (maxJobs > ran && size > slot) {
                int current = slot++;
                if (b.isDropped(current)) {
                    continue;
                }
                int entityId = keys[current];
                int counted = ran;
                try {
                    I input = syncInput ? (I) inputs[current] : shared;
                    if (!syncInput) {
                        decider.setUpInput(entityId, input);
                    }
                    int written = history ? DecisionStore.spare(rings, slots, entityId) : current;
                    O output = (O) outputs[written];
                    if (output == null) { // the entity's first job: its objects, made now
                        output = (O) histories.jobOutput(entityId);
                    }
                    ran++;
                    decider.runJob(entityId, input, output);
                    if (!syncOutput) { // the save, with the store's arrays in locals
                        if (!DecisionStore.pushIfAttached(rings, ticks, seconds, slots, depth, entityId, written,
                                savedTick, savedSeconds)) {
                            histories.firstSave(entityId);
                        }
                        decider.outputSaved(entityId, output);
                    }
                } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
                    if (ran == counted) { // its input or its output objects failed: no job ran
                        failures.jobNotRun(b, current, thrown);
                    } else {
                        failures.jobFailed(b, current, thrown);
                    }
                }
            }
        } finally {
            b.position = slot; // also when a VM error leaves: the jobs started so far stay started and count
            stats.jobsThisTick += ran;
        }
        return ran;
    }

    @SuppressWarnings("unchecked")
    private int runPublishing(int maxJobs, boolean syncInput) {
        TimeslicedSystem<I, O> decider = system;
        Batch b = batch;
        int[] keys = b.keys;
        Object[] inputs = b.inputs;
        I shared = sharedInput;
        O output = sharedOutput;
        int size = b.size;
        int slot = b.position;
        int ran = 0;
        try {
            while (maxJobs > ran && size > slot) {
                int current = slot++;
                if (b.isDropped(current)) {
                    continue;
                }
                int entityId = keys[current];
                int counted = ran;
                try {
                    I input = syncInput ? (I) inputs[current] : shared;
                    if (!syncInput) {
                        decider.setUpInput(entityId, input);
                    }
                    ran++;
                    decider.runJob(entityId, input, output);
                    decider.outputSaved(entityId, output);
                } catch (Throwable thrown) {
                    if (ran == counted) { // its input failed: no job ran
                        failures.jobNotRun(b, current, thrown);
                    } else {
                        failures.jobFailed(b, current, thrown);
                    }
                }
            }
        } finally {
            b.position = slot;
            stats.jobsThisTick += ran;
        }
        return ran;
    }

    /** As {@link #runSaving} and {@link #runPublishing}, each job's phases timed into {@code timeline}: for a game that watches. */
    @SuppressWarnings("unchecked")
    private int runTimed(int maxJobs, boolean syncInput, boolean syncOutput, JobTimeline timeline) {
        TimeslicedSystem<I, O> decider = system;
        Batch b = batch;
        boolean history = histories.depth != TimeslicedSystem.NO_HISTORY;
        int index = stats.timelineIndex;
        long tick = stats.tick;
        int size = b.size;
        int slot = b.position;
        int ran = 0;
        long mark = System.nanoTime(); // a job starts as the one before it ended: three clock reads a job
        try {
            while (maxJobs > ran && size > slot) {
                int current = slot++;
                if (b.isDropped(current)) {
                    continue;
                }
                int entityId = b.keys[current];
                int counted = ran;
                long start = mark;
                long read = start;
                long done = start;
                try {
                    I input = syncInput ? (I) b.inputs[current] : sharedInput;
                    if (!syncInput) {
                        decider.setUpInput(entityId, input);
                    }
                    O output = history ? (O) histories.jobOutput(entityId) : syncOutput ? (O) b.outputs[current] : sharedOutput;
                    read = System.nanoTime();
                    ran++;
                    decider.runJob(entityId, input, output);
                    done = System.nanoTime();
                    if (!syncOutput) {
                        histories.save(entityId, output);
                    }
                } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
                    if (ran == counted) { // its input or its output objects failed: no job ran
                        failures.jobNotRun(b, current, thrown);
                    } else {
                        failures.jobFailed(b, current, thrown);
                    }
                } finally {
                    long end = System.nanoTime();
                    timeline.record(index, entityId, JobTimeline.Kind.BATCH_JOB, tick, start, read, Math.max(done, read), end);
                    mark = end;
                }
            }
        } finally {
            b.position = slot;
            stats.jobsThisTick += ran;
        }
        return ran;
    }
}
