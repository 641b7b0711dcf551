package io.github.ecstimeslice;

/**
 * When a {@link TimeslicedSystem} reads a job's input and when it saves the job's output.
 *
 * <p>"Sync" and "async" here are about timing, not threads: sync input reads every job's input
 * when the batch starts, async input reads it when the job starts; sync output saves every output
 * of a batch at once, at the start of the tick after the batch's last job ran, async output saves
 * each output as its job finishes.
 */
public enum IoPolicy {
    /** Async input, async output: each job sees the freshest input and publishes at once. */
    AIAO(false, false),
    /** Sync input, async output: a batch decides on one snapshot, each result published at once. */
    SIAO(true, false),
    /** Sync input, sync output: a double-buffered batch, all results published together. */
    SISO(true, true),
    /** Async input, sync output: fresh inputs, all results published together. */
    AISO(false, true);

    private final boolean syncInput;
    private final boolean syncOutput;

    IoPolicy(boolean syncInput, boolean syncOutput) {
        this.syncInput = syncInput;
        this.syncOutput = syncOutput;
    }

    /** True if every job's input is read when its batch starts; false if when the job starts. */
    public boolean syncInput() {
        return syncInput;
    }

    /** True if a batch's outputs are saved together when it finishes; false if each as its job finishes. */
    public boolean syncOutput() {
        return syncOutput;
    }
}
