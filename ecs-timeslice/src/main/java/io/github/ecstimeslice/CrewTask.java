package io.github.ecstimeslice;

import java.util.concurrent.ForkJoinTask;

/**
 * A reusable task of a {@link WorkerCrew}: when it runs, it claims chunks of whatever generation
 * is open, until none is left. A {@code ForkJoinPool} takes it as it is, any other executor as a
 * {@link Runnable}, so a tick allocates no task. The crew reads its fields directly.
 */
final class CrewTask extends ForkJoinTask<Void> implements Runnable {

    private static final long serialVersionUID = 1L;

    private final transient WorkerCrew crew;
    boolean submitted;
    volatile boolean running;

    CrewTask(WorkerCrew crew) {
        this.crew = crew;
    }

    /** True if never submitted, or run to its end (and, {@code inPool}, marked done). */
    boolean reusable(boolean inPool) {
        return !running && (!inPool || isDone() || !submitted);
    }

    @Override
    public void run() {
        try {
            crew.claimChunks();
        } finally {
            running = false;
        }
    }

    @Override
    protected boolean exec() {
        run();
        return true;
    }

    @Override
    public Void getRawResult() {
        return null;
    }

    @Override
    protected void setRawResult(Void value) {
    }
}
