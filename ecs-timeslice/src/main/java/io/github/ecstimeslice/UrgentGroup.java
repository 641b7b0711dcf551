package io.github.ecstimeslice;

import java.util.Arrays;
import java.util.concurrent.Executor;

/**
 * A turn's urgent jobs ({@link TimeslicedSystem#decideSoon}) run together on workers, for a system
 * whose threading puts jobs there: on the world's thread, each job's input is read and its output
 * object chosen, first asked first served; then the jobs run on the workers and the world's thread
 * at once, joined within the turn whatever the threading; then, on the world's thread, each output
 * is saved in the same order. So the group's inputs are all read before any of its outputs is
 * saved, where on the world's thread each job reads what the ones before it saved. The slot rules
 * of {@link UrgentJobs} hold: a staged older output is dropped before the job writes its object,
 * and a batch job with older input after it ran. Never in a browser. O(jobs); allocates only when
 * a turn has more urgent jobs than any before.
 */
final class UrgentGroup<I, O> {

    private final TimeslicedSystem<I, O> system;
    private final Histories<O> histories;
    private final TickFailures failures;
    private final DecisionStats stats;
    final Workers.Crew crew;
    /** Per job of the group, in order: its entity, input, output object, batch slot (a binary search's answer) and failure. */
    int[] entities = new int[0];
    private Object[] inputs = new Object[0];
    Object[] outputs = new Object[0];
    int[] slots = new int[0];
    private Throwable[] thrown = new Throwable[0];
    /** With no history, per job, an output object of its own, made once. */
    private Object[] ownOutputs = new Object[0];
    int count;

    UrgentGroup(TimeslicedSystem<I, O> system, Histories<O> histories, TickFailures failures, DecisionStats stats,
                Workers workers) {
        this.system = system;
        this.histories = histories;
        this.failures = failures;
        this.stats = stats;
        crew = workers.crew(this::run, 4, system);
    }

    /** Makes room for {@code jobs} jobs; the game's factories may throw. */
    void ensureCapacity(int jobs) {
        if (entities.length >= jobs) {
            return;
        }
        int length = Math.max(jobs, entities.length * 2);
        inputs = Arrays.copyOf(inputs, length);
        ownOutputs = Arrays.copyOf(ownOutputs, length);
        entities = Arrays.copyOf(entities, length);
        outputs = Arrays.copyOf(outputs, length);
        slots = Arrays.copyOf(slots, length);
        thrown = Arrays.copyOf(thrown, length);
    }

    /**
     * Reads the input of {@code entityId} into the next job of the group and picks the object its
     * output goes to; returns that object. The game's {@code setUpInput} and factories may throw:
     * then the group is as before.
     */
    @SuppressWarnings("unchecked")
    O setUp(int entityId) {
        int job = count;
        if (inputs[job] == null) {
            inputs[job] = system.newInput();
        }
        system.setUpInput(entityId, (I) inputs[job]);
        O written;
        if (histories.depth == TimeslicedSystem.NO_HISTORY) {
            if (ownOutputs[job] == null) {
                ownOutputs[job] = system.newOutput();
            }
            written = (O) ownOutputs[job];
        } else { // the entity's spare, made at its first job
            histories.store.ensureEntity(entityId);
            written = (O) histories.jobOutput(entityId);
        }
        entities[job] = entityId;
        outputs[job] = written;
        thrown[job] = null;
        return written;
    }

    /** Adds the job set up last, whose batch slot is {@code slot}. */
    void add(int slot) {
        slots[count++] = slot;
    }

    /** Runs the group's jobs on {@code executor}'s threads and this one, and waits for them all. */
    void runAll(Executor executor) {
        crew.setExecutor(executor);
        try {
            crew.start(count, true);
        } finally {
            crew.await(); // also when a VM error leaves: no job runs on past the turn
        }
    }

    /** What job {@code job} threw, or null; an {@code Error} a VM error, thrown now. */
    Throwable failureOf(int job) {
        return thrown[job];
    }

    /** Records the failure of job {@code job}, which ran on workers (artemis's rule is named if it failed inside artemis). */
    void recordFailure(int job) {
        failures.recordOnWorkers(entities[job], thrown[job]);
    }

    @SuppressWarnings("unchecked")
    private void run(int from, int to) {
        JobTimeline timeline = stats.timeline;
        for (int job = from; to > job; job++) {
            long start = timeline != null ? System.nanoTime() : 0;
            try {
                system.runJob(entities[job], (I) inputs[job], (O) outputs[job]);
            } catch (Throwable failed) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
                thrown[job] = failed;
            }
            if (timeline != null) { // the run alone: inputs were read and outputs are saved on the world's thread
                long end = System.nanoTime();
                timeline.record(stats.timelineIndex, entities[job], JobTimeline.Kind.URGENT_JOB, stats.tick, start, start,
                        end, end);
            }
        }
    }
}
