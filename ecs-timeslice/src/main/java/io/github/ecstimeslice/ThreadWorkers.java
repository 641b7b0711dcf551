package io.github.ecstimeslice;

import com.artemis.World;

/**
 * The worker machinery of the JVM, Android and MobiVM: {@link WorkerJobs}, {@link WorkerCrew} and
 * the world edit check's {@code GuardedChanges}, on an executor's threads. GWT's module leaves it
 * out with the classes it makes, and TeaVM never reaches it.
 */
final class ThreadWorkers extends Workers {

    static final ThreadWorkers INSTANCE = new ThreadWorkers();

    private ThreadWorkers() {
    }

    @Override
    <I, O> Jobs<I, O> jobs(TimeslicedSystem<I, O> system, Batch batch, Histories<O> histories,
                                  TickFailures failures, DecisionStats stats, JobAllowance allowance) {
        return new WorkerJobs<>(system, batch, histories, failures, stats, allowance);
    }

    @Override
    Crew crew(Work work, int chunksPerThread, Object owner) {
        WorkerCrew crew = new WorkerCrew(work, chunksPerThread);
        crew.owner = owner;
        return crew;
    }

    @Override
    void guardChanges(World world) {
        GuardedChanges.install(world);
    }
}
