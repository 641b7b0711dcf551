package io.github.ecstimeslice;

import com.artemis.World;

import java.util.concurrent.Executor;

/**
 * The worker machinery, as a platform gives it: {@link Platform#workers()} is a
 * {@link ThreadWorkers} on the JVM, Android and MobiVM, and null in a browser, which has no threads
 * for workers. It is the one way into the worker classes:
 * <ul>
 * <li>a caller asks whether it has workers (a null check), never which platform it runs on;</li>
 * <li>TeaVM never sees a {@code ThreadWorkers} made, so it compiles none of the worker classes;</li>
 * <li>GWT's module leaves the worker classes out, and they need no stand-ins.</li>
 * </ul>
 * Nothing outside the worker classes names one of them, but {@link Platform#workers()}. A
 * class, not an interface, so that its member interfaces stay package-private (artemis's GWT
 * reflection would otherwise see them).
 */
abstract class Workers {

    /** A runner of {@code system}'s batch jobs on workers. */
    abstract <I, O> Jobs<I, O> jobs(TimeslicedSystem<I, O> system, Batch batch, Histories<O> histories, TickFailures failures,
                           DecisionStats stats, JobAllowance allowance);

    /** A crew that runs {@code work} in about {@code chunksPerThread} chunks a thread, as {@code owner}'s work. */
    abstract Crew crew(Work work, int chunksPerThread, Object owner);

    /** Installs the world edit check in {@code world} ({@link WorldEditCheck}). */
    abstract void guardChanges(World world);

    /** Work items a crew runs: runs those with indices in [from, to). Must not throw. */
    interface Work {
        void run(int from, int to);
    }

    /** Runs a tick's work items on an executor's threads and the world's thread. */
    interface Crew {

        /** The executor whose threads take part from the next start on. */
        void setExecutor(Executor executor);

        /** Starts {@code items} items, all ready; with {@code worldThreadHelps}, the calling thread runs chunks before it returns. */
        void start(int items, boolean worldThreadHelps);

        /** Waits until every item started has run, running chunks no thread claimed. */
        void await();

        /** The first {@code Error} the executor threw since the last call, or null. */
        Error takeExecutorError();
    }

    /** A system's batch jobs on workers: the world's thread starts them and finishes them, in slot order. */
    interface Jobs<I, O> {

        /** The executor whose threads run the jobs from the next start on. */
        void setExecutor(Executor executor);

        /** The first {@code Error} the executor threw since the last call, or null. */
        Error takeExecutorError();

        /** Makes room for as many started jobs as the batch has slots. */
        void ensureCapacity(int slots);

        /** Starts up to {@code maxJobs} jobs of the batch; with {@code worldThreadHelps}, finishing runs jobs too. */
        void start(int maxJobs, boolean worldThreadHelps);

        /** Starts jobs of the batch until {@code deadline} ({@code System.nanoTime()}), one at least. */
        void startUntil(long deadline, boolean worldThreadHelps);

        /** Starts {@code jobs} jobs joined next tick as a recorded turn did, as under a deadline if it {@code handsBack}. */
        void startRecorded(int jobs, boolean handsBack);

        /** True if started jobs wait to be finished. */
        boolean busy();

        /** The jobs started and not finished yet. */
        int inFlight();

        /** True if the jobs started last began under a deadline: some may be handed back. */
        boolean mayHandBack();

        /** Waits for the started jobs and saves their outputs; returns those an earlier turn started that count now. */
        int finish();

        /** As {@link #finish}, keeping only the first {@code keep} started jobs as run: the others go back to the batch. */
        int finishKeeping(int keep);

        /** The started jobs the last finish kept as run, or -1 if it had none to finish. */
        int finishedRuns();

        /** Notes that {@code entityId}, counted in {@code tier}, left while its job may be in flight. */
        void droppedInFlight(int entityId, int tier);

        /** Waits for the started jobs and keeps none of their outputs. */
        void abandon();
    }
}
