package io.github.ecstimeslice;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The executors a contract script hands to worker threading: well-behaved pools, one that rejects
 * everything, one that sometimes throws an {@code Error} as a JVM that cannot start a thread does,
 * one that runs tasks on the caller, one that runs them late on a thread of their own, a single
 * thread, and one that throws a plain runtime exception. {@link #close()} shuts down what it made.
 */
final class ContractExecutors implements AutoCloseable {

    /** An executor with a name for messages. */
    record Named(String name, Executor executor) {
        @Override
        public String toString() {
            return name;
        }
    }

    private final List<ExecutorService> owned = new ArrayList<>();
    private final List<Thread> delayed = new ArrayList<>();
    private final List<Named> all = new ArrayList<>();
    private final Random random;
    private final Consumer<Error> errorThrown;

    /**
     * @param seed        seeds the executors' own random choices (kept apart from the script's)
     * @param errorThrown told, on the calling thread, of every {@code Error} an executor throws,
     *                    before it throws it
     * @param withErrors  false to leave out the executor that throws an {@code Error}
     */
    ContractExecutors(long seed, Consumer<Error> errorThrown, boolean withErrors) {
        this.random = new Random(seed * 31 + 7);
        this.errorThrown = errorThrown;
        ForkJoinPool one = own(new ForkJoinPool(1));
        ForkJoinPool two = own(new ForkJoinPool(2));
        ExecutorService single = own(new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>()));
        all.add(new Named("commonPool", ForkJoinPool.commonPool()));
        all.add(new Named("ForkJoinPool(1)", one));
        all.add(new Named("ForkJoinPool(2)", two));
        all.add(new Named("rejecting", task -> {
            throw new RejectedExecutionException("contract test: always full");
        }));
        if (withErrors) {
            all.add(new Named("sometimes OutOfMemoryError", task -> {
                if (nextInt(4) == 0) {
                    Error error = new OutOfMemoryError("unable to create native thread");
                    errorThrown.accept(error);
                    throw error;
                }
                two.execute(task);
            }));
        }
        all.add(new Named("caller runs", Runnable::run));
        all.add(new Named("delaying", this::runLate));
        all.add(new Named("single thread", single));
        all.add(new Named("throwing IllegalStateException", task -> {
            throw new IllegalStateException("contract test: executor failure, not a rejection");
        }));
    }

    private <T extends ExecutorService> T own(T service) {
        owned.add(service);
        return service;
    }

    private synchronized int nextInt(int bound) {
        return random.nextInt(bound);
    }

    private void runLate(Runnable task) {
        int sleepMicros = nextInt(1500);
        Thread thread = new Thread(() -> {
            try {
                TimeUnit.MICROSECONDS.sleep(sleepMicros);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            task.run();
        }, "contract-delaying");
        thread.setDaemon(true);
        synchronized (delayed) {
            delayed.removeIf(t -> !t.isAlive());
            delayed.add(thread);
        }
        thread.start();
    }

    /** One of the executors, picked with {@code pick} (any int). */
    Named pick(int pick) {
        return all.get(Math.floorMod(pick, all.size()));
    }

    /** Shuts down the executors it made and waits for their threads; an interrupt stops the wait and stays set. */
    @Override
    public void close() {
        for (ExecutorService service : owned) {
            service.shutdown();
        }
        List<Thread> threads;
        synchronized (delayed) {
            threads = new ArrayList<>(delayed);
        }
        try {
            for (ExecutorService service : owned) {
                service.awaitTermination(10, TimeUnit.SECONDS);
            }
            for (Thread thread : threads) {
                thread.join(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
