package io.github.ecstimeslice;

/**
 * Thrown from {@code world.process()} when a {@link TimeslicedSystem}'s job failed: its
 * {@code setUpInput}, {@code runJob} or {@code outputSaved} threw (any {@code Throwable} but a
 * {@link VirtualMachineError}, checked exceptions thrown sneakily included), or the
 * {@code createOutput} that makes an entity's output objects at its first job did.
 * <ul>
 * <li>The message names the system and the entity, and for a job that failed inside artemis on a
 *     worker thread, the rule it broke; the cause is what was thrown.</li>
 * <li>Up to four further failures of the same tick are attached as suppressed exceptions;
 *     {@link #moreFailures()} counts the rest.</li>
 * <li>If {@code setUpInput}, {@code runJob} or that {@code createOutput} threw, the entity gets no
 *     output from that batch; if {@code outputSaved} threw, the output was saved (it is the latest)
 *     but its publishing did not finish.</li>
 * <li>The system's other jobs of the tick completed normally, and its next tick goes on as usual;
 *     the systems after it in the world did not run in this tick, as with any exception out of
 *     {@code world.process()}.</li>
 * </ul>
 */
public class JobFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int entityId;
    /** Failures of the same tick beyond those attached as suppressed. */
    int moreFailures;

    /** A failure of the job for {@code entityId} in {@code system}, caused by {@code cause}. */
    public JobFailedException(TimeslicedSystem<?, ?> system, int entityId, Throwable cause) {
        this(system, entityId, cause, null);
    }

    /** As the public constructor, the message ending with {@code rule} if it is not null. */
    JobFailedException(TimeslicedSystem<?, ?> system, int entityId, Throwable cause, String rule) {
        super(system.getClass().getName() + ": the job for entity " + entityId + " failed: " + cause
                + (rule == null ? "" : " (" + rule + ")"), cause);
        this.entityId = entityId;
    }

    /** The entity whose job failed. */
    public int entityId() {
        return entityId;
    }

    /**
     * How many more jobs, hooks or tier assessments failed in the same tick than are attached to
     * this one as suppressed (at most four are): counted, not kept.
     */
    public int moreFailures() {
        return moreFailures;
    }
}
