package io.github.ecstimeslice;

/**
 * Which threads run a crew's work now, for {@link WorldEditCheck}: once a check is installed in
 * any world, a {@link WorkerCrew} marks the thread that runs each chunk with its owner, and a
 * world's guarded change sets refuse a mark made from a marked thread. Apart from
 * {@code GuardedChanges}, so that a JVM with no check installed never loads that subclass of
 * artemis's {@code BitVector}. JVM, Android and MobiVM only.
 */
final class WorkThreads {

    /** True once a check was installed in any world: crews mark their threads from then on. */
    static volatile boolean checkInstalled;
    /** Per thread, in its one element, the owner of the crew work it runs now, or null. */
    static final ThreadLocal<Object[]> RUNNING = new ThreadLocal<Object[]>() {
        @Override
        protected Object[] initialValue() {
            return new Object[1];
        }
    };

    private WorkThreads() {
    }

    /** Runs {@code work}'s items [from, to) on this thread, marked as {@code owner}'s once a check is installed. */
    static void run(Workers.Work work, int from, int to, Object owner) {
        if (!checkInstalled) {
            work.run(from, to);
            return;
        }
        Object[] running = RUNNING.get();
        Object outer = running[0];
        running[0] = owner;
        try {
            work.run(from, to);
        } finally {
            running[0] = outer;
        }
    }

    /** The owner of the crew work this thread runs now, or null. */
    static Object runningWork() {
        return RUNNING.get()[0];
    }
}
