package io.github.ecstimeslice;

/**
 * Thrown from {@code world.process()} when a {@link TimeslicedSystem}'s job failed: its
 * {@code setUpInput}, {@code runJob} or {@code outputSaved} threw. The message names the system and
 * the entity; the cause is what was thrown; further failures in the same tick are attached as
 * suppressed exceptions. The failed job's entity gets no output from that batch; the tick's other
 * jobs completed normally, and the next tick goes on as usual.
 */
public class JobFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int entityId;

    /** A failure of the job for {@code entityId} in {@code system}, caused by {@code cause}. */
    public JobFailedException(TimeslicedSystem<?, ?> system, int entityId, Throwable cause) {
        super(system.getClass().getName() + ": the job for entity " + entityId + " failed: " + cause, cause);
        this.entityId = entityId;
    }

    /** The entity whose job failed. */
    public int entityId() {
        return entityId;
    }
}
