package io.github.ecstimeslice;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.IntToLongFunction;

/**
 * A line-by-line Java port of the seed's C++ {@code Timeslicer} (timeslicing-batched-algorithms),
 * for fixed keys, used as the oracle the real system is compared with. The job copies its input to
 * its output, so an output is the value its input read. Deliberately naive: the history is one ring
 * buffer searched from the newest entry, as in the seed.
 */
final class ReferenceTimeslicer {

    private static final class JobParams {
        int key;
        long input;
        long output;
    }

    private static final class JobResults {
        final int key;
        final long output;

        JobResults(int key, long output) {
            this.key = key;
            this.output = output;
        }
    }

    private final int[] keys;
    private final boolean syncInput;
    private final boolean syncOutput;
    private final IntToLongFunction setUpInput;
    private final JobParams[] jobParams;
    private final int maxHistorySize;
    private final ArrayDeque<JobResults> history = new ArrayDeque<>();

    private int batchSize;
    private int jobBegin;
    private int jobEnd;

    /**
     * @param keys       the keys every new batch gets (the seed's {@code newBatchFunc})
     * @param setUpInput reads a key's input (the seed's {@code setUpInputFunc})
     */
    ReferenceTimeslicer(int[] keys, IoPolicy policy, IntToLongFunction setUpInput) {
        this.keys = keys.clone();
        this.syncInput = policy.syncInput();
        this.syncOutput = policy.syncOutput();
        this.setUpInput = setUpInput;
        this.jobParams = new JobParams[keys.length];
        for (int i = 0; i < keys.length; i++) {
            jobParams[i] = new JobParams();
        }
        int maxBatchSize = Math.max(1, keys.length);
        this.maxHistorySize = syncOutput ? 2 * maxBatchSize : maxBatchSize;
        reset();
    }

    /** The seed's {@code Update}: try a new batch, start jobs, finish jobs. */
    void update(int maxJobsPerUpdate) {
        tryStartNewBatch();
        startJobs(maxJobsPerUpdate);
        finishJobs();
    }

    /** The seed's {@code Update} reordered for jobs that finish in the next update. */
    void updateFinishingFirst(int maxJobsPerUpdate) {
        finishJobs();
        tryStartNewBatch();
        startJobs(maxJobsPerUpdate);
    }

    /**
     * The update a system with {@code threading} matches: {@link #updateFinishingFirst} with
     * next-tick workers, else {@link #update}.
     */
    void updateAs(Threading threading, int maxJobsPerUpdate) {
        if (threading == Threading.WORKERS_NEXT_TICK) {
            updateFinishingFirst(maxJobsPerUpdate);
        } else {
            update(maxJobsPerUpdate);
        }
    }

    /** The seed's {@code GetOutput}: the newest output saved for {@code key}, or null. */
    Long getOutput(int key) {
        for (Iterator<JobResults> it = history.descendingIterator(); it.hasNext(); ) {
            JobResults results = it.next();
            if (key == results.key) {
                return results.output;
            }
        }
        return null;
    }

    private void reset() {
        batchSize = 0;
        jobBegin = 0;
        jobEnd = 0;
    }

    private void tryStartNewBatch() {
        if (jobBegin == batchSize) {
            if (syncOutput) {
                for (int i = 0; i < batchSize; ++i) {
                    saveResults(jobParams[i]);
                }
            }
            reset();
            batchSize = keys.length;
            for (int i = 0; i < batchSize; ++i) {
                JobParams params = jobParams[i];
                params.key = keys[i];
                if (syncInput) {
                    params.input = setUpInput.applyAsLong(params.key);
                }
            }
        }
    }

    private void startJobs(int maxJobsPerUpdate) {
        int numJobsStarted = 0;
        while (jobEnd < batchSize && numJobsStarted < maxJobsPerUpdate) {
            JobParams params = jobParams[jobEnd];
            if (!syncInput) {
                params.input = setUpInput.applyAsLong(params.key);
            }
            params.output = params.input; // the job
            ++jobEnd;
            ++numJobsStarted;
        }
    }

    private void finishJobs() {
        while (jobBegin < jobEnd) {
            JobParams params = jobParams[jobBegin++];
            if (!syncOutput) {
                saveResults(params);
            }
        }
    }

    private void saveResults(JobParams params) {
        if (history.size() == maxHistorySize) {
            history.removeFirst();
        }
        history.addLast(new JobResults(params.key, params.output));
    }
}
