package io.github.ecstimeslice;

/**
 * What failed in a tick of a {@link TimeslicedSystem}, kept until the tick's work is done: the
 * first failure (a job's, or a tier assessment's), with the next {@link #MAX_ATTACHED} attached as
 * suppressed and the rest counted (a tick whose thousands of jobs all fail throws one exception of
 * a readable size, allocating nothing more per failure). A {@link VirtualMachineError} is no job's
 * failure: it is rethrown at once.
 */
final class TickFailures {

    /** Failures attached to the first as suppressed; more are counted, not kept. */
    static final int MAX_ATTACHED = 4;
    /** What a job that failed inside artemis on workers is told. */
    static final String WORKER_RULE = "runJob runs on worker threads: edit the world in outputSaved,"
            + " read it in setUpInput";
    /** What such a job is told where no {@link WorldEditCheck} refused its edit: how to find one. */
    static final String CHECK_HINT = "; WorldEditCheck.install(world) catches a job's edit where it happens";
    /** What a job that failed on workers with no stack trace to tell where is told. */
    static final String NO_TRACE_RULE = "no stack trace: the JVM drops it for an exception thrown often in one"
            + " place, -XX:-OmitStackTraceInFastThrow keeps it; if it came from artemis: " + WORKER_RULE + CHECK_HINT;
    /** The package of the library's own classes, which call the jobs' callbacks, as it runs. */
    private static final String LIBRARY_PACKAGE = packageOf(TickFailures.class.getName());
    private static final String GUARD = LIBRARY_PACKAGE + "GuardedChanges";

    private final TimeslicedSystem<?, ?> system;
    private RuntimeException first;
    private int attached;
    private int unattached;

    TickFailures(TimeslicedSystem<?, ?> system) {
        this.system = system;
    }

    /** The slot's job failed: its entity gets no job or save for the rest of the batch. */
    void jobFailed(Batch batch, int slot, Throwable thrown) {
        batch.drop(slot);
        record(batch.keys[slot], thrown);
    }

    /**
     * As {@link #jobFailed}, for a job run under worker threading: one that failed inside artemis
     * (the world is no worker's to touch) is told the rule.
     */
    void jobFailedOnWorkers(Batch batch, int slot, Throwable thrown) {
        batch.drop(slot);
        record(batch.keys[slot], thrown, true);
    }

    /**
     * The slot's job will not run: its input, or the output objects it would write, failed. Dropped
     * like a failed job's, and no decision of its tier; {@code thrown} is kept, or rethrown if a
     * VM error.
     */
    void jobNotRun(Batch batch, int slot, Throwable thrown) {
        dropUnrun(batch, slot);
        record(batch.keys[slot], thrown);
    }

    /** Drops the slot, whose job will not run: no decision of its tier. */
    void dropUnrun(Batch batch, int slot) {
        batch.drop(slot);
        system.slicer.schedule.slotDropped(batch.keys[slot]); // a job fewer in its tier's count
    }

    /** The package of the named class, with its dot. */
    private static String packageOf(String className) {
        return className.substring(0, className.lastIndexOf('.') + 1);
    }

    /** Keeps the failure of the job for {@code entityId}, or rethrows a VM error. */
    void record(int entityId, Throwable thrown) {
        record(entityId, thrown, false);
    }

    /** As {@link #record(int, Throwable)}, for a job that ran on workers: if it failed inside artemis, it is told the rule. */
    void recordOnWorkers(int entityId, Throwable thrown) {
        record(entityId, thrown, true);
    }

    /** As {@link #record(int, Throwable)}; a job {@code onWorkers} that failed inside artemis is told the rule. */
    private void record(int entityId, Throwable thrown, boolean onWorkers) {
        if (Platform.isFatal(thrown)) {
            throw (Error) thrown;
        }
        add(new JobFailedException(system, entityId, thrown, onWorkers ? ruleFor(thrown.getStackTrace()) : null));
    }

    /** Keeps a failure that is no job's (a tier assessment's, a hook's) for the end of the tick. */
    void add(RuntimeException failed) {
        if (first == null) {
            first = failed;
        } else if (first != failed) {
            if (attached < MAX_ATTACHED) {
                first.addSuppressed(failed);
                attached++;
            } else {
                unattached++;
            }
        }
    }

    /**
     * The rule a job that failed on workers, where {@code trace} says, is told; null if none. It
     * failed inside artemis if a frame of artemis's world sits above the library's own frame that
     * called the job (a world check's refusal, above an artemis call, included), or one of artemis's
     * utilities (a bag, which a game uses too) on top; below that frame are the library and, on the
     * world's thread, the world.
     */
    static String ruleFor(StackTraceElement[] trace) {
        if (trace.length == 0) {
            return NO_TRACE_RULE;
        }
        boolean refused = trace[0].getClassName().equals(GUARD);
        for (int i = 0; trace.length > i; i++) {
            String type = trace[i].getClassName();
            if (type.startsWith("com.artemis.") && (i == 0 || !type.startsWith("com.artemis.utils."))) {
                return refused ? WORKER_RULE : WORKER_RULE + CHECK_HINT;
            }
            boolean library = type.startsWith(LIBRARY_PACKAGE) && type.indexOf('.', LIBRARY_PACKAGE.length()) < 0;
            if (library && !type.equals(GUARD)) {
                return null; // the library called the job's callback here
            }
        }
        return null;
    }

    /** The first failure, told of those counted and not attached; then forgets them all. */
    private RuntimeException takeFirst() {
        RuntimeException failed = first;
        if (failed != null && unattached > 0) {
            if (failed instanceof JobFailedException) {
                ((JobFailedException) failed).moreFailures = unattached;
            }
            failed.addSuppressed(new IllegalStateException(system.getClass().getName() + ": " + unattached
                    + " more failures in the same tick, counted, not attached"));
        }
        first = null;
        attached = 0;
        unattached = 0;
        return failed;
    }

    /**
     * Throws what failed in this tick, and forgets it: the executor's error if it threw one
     * ({@code refused}, may be null) with the job failures attached, else the first job failure.
     */
    void throwIfAny(Error refused) {
        rethrow(executorErrorFirst(refused, takeFirst()));
    }

    /**
     * Attaches this tick's failures to {@code leaving}, which ends the tick early, so none is
     * reported twice. If {@code leaving} takes no suppressed exceptions (a type that disabled
     * suppression), they are kept for the end of the system's next turn instead, not lost.
     */
    void attachTo(Throwable leaving, Error refused) {
        if (refused != null && refused != leaving) {
            leaving.addSuppressed(refused);
        }
        RuntimeException failed = takeFirst();
        if (failed != null) {
            leaving.addSuppressed(failed);
            Throwable[] attachedTo = leaving.getSuppressed(); // a copy: on this failure's path alone
            if (attachedTo.length == 0 || attachedTo[attachedTo.length - 1] != failed) {
                first = failed;
            }
        }
    }

    /**
     * What a tick with workers throws: the executor's error ({@code refused}) with the tick's
     * failure attached, or the failure alone; null if neither.
     */
    static Throwable executorErrorFirst(Error refused, Throwable failed) {
        if (refused == null) {
            return failed;
        }
        if (failed != null && failed != refused) {
            refused.addSuppressed(failed);
        }
        return refused;
    }

    /** {@code thrown} if unchecked, else (a checked one, thrown sneakily) in an {@code IllegalStateException}. */
    static Throwable unchecked(Throwable thrown, String message) {
        return thrown == null || thrown instanceof RuntimeException || thrown instanceof Error
                ? thrown
                : new IllegalStateException(message, thrown);
    }

    /** Throws {@code thrown} (unchecked, see {@link #unchecked}) unless it is null. */
    static void rethrow(Throwable thrown) {
        if (thrown instanceof RuntimeException) {
            throw (RuntimeException) thrown;
        }
        if (thrown != null) {
            throw (Error) thrown;
        }
    }
}
