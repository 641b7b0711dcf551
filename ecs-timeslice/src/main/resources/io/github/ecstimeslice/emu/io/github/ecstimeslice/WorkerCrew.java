package io.github.ecstimeslice;

import java.util.concurrent.Executor;

/**
 * GWT's version of the library's {@code WorkerCrew} (the module's super-source): a browser has no
 * threads for workers, and {@code Platform.isWeb()} keeps every system from making a crew, so this
 * one only has the shape the callers compile against.
 */
final class WorkerCrew {

    /** The work: runs the items with indices in [from, to). */
    interface Work {
        void run(int from, int to);
    }

    Object owner;

    WorkerCrew(Work work, int chunksPerThread) {
        throw new UnsupportedOperationException("a browser has no threads for workers");
    }

    void setExecutor(Executor executor) {
    }

    boolean busy() {
        return false;
    }

    void start(int jobs, boolean worldThreadHelps) {
    }

    void open(int maxJobs, boolean worldThreadHelps) {
    }

    void openUntil(int maxJobs, boolean worldThreadHelps, int fixedChunkSize, long deadline) {
    }

    int chunksRun() {
        return 0;
    }

    int unclaimed() {
        return 0;
    }

    int threads() {
        return 1;
    }

    boolean helpOne() {
        return false;
    }

    int chunkSize() {
        return 1;
    }

    int chunkCount() {
        return 0;
    }

    void publish(int readyJobs) {
    }

    void seal(int jobs) {
    }

    Error takeExecutorError() {
        return null;
    }

    boolean chunkDone(int chunk) {
        return true;
    }

    boolean awaitChunk(int chunk) {
        return true;
    }

    void await() {
    }
}
