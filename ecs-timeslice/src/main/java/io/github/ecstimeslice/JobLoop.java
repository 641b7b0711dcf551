package io.github.ecstimeslice;

/**
 * A system's jobs on the world's thread: {@link WorldThreadJobs}, or one of its copies that
 * {@link JobLoops} hands each system class.
 */
interface JobLoop {

    /** Makes the shared input and output objects, once; the game's factories may throw. */
    void makeSharedObjects();

    /** Reads every slot's input now, at the batch's start (sync input). */
    void readInputs();

    /** Runs jobs until {@code nanos} of wall-clock time are spent, at least one. */
    void runFor(long nanos);

    /** Runs up to {@code maxJobs} jobs of the batch; returns how many ran. */
    int run(int maxJobs);
}
