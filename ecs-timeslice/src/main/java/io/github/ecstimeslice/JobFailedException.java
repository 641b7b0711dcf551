package io.github.ecstimeslice;

/**
 * Thrown from {@code world.process()} when a {@link TimeslicedSystem}'s job failed: its
 * {@code setUpInput}, {@code runJob} or {@code outputSaved} threw (any {@code Throwable} but a
 * {@link VirtualMachineError}, checked exceptions thrown sneakily included), or the
 * {@code createOutput} that makes an entity's output objects at its first job did. The message
 * names the system and the entity; the cause is what was thrown; further failures in the same tick are attached as suppressed exceptions. If
 * {@code setUpInput}, {@code runJob} or that {@code createOutput} threw, the entity gets no output
 * from that batch; if {@code outputSaved} threw, the output was saved (it is the latest) but its
 * publishing did not finish. The system's other jobs of the tick completed normally and its next
 * tick goes on as usual; the systems after it in the world did not run in this tick, as with any
 * exception out of {@code world.process()}.
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
