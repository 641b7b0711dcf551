package io.github.ecstimeslice;

import java.util.HashMap;
import java.util.Map;

/**
 * Hands each timesliced system class a job loop of its own:
 * <ul>
 * <li>the loops are {@link WorldThreadJobs} and its {@link #COPIES} - 1 copies,
 *     {@code WorldThreadJobs1} to {@code WorldThreadJobs7}, checked in as generated from it;</li>
 * <li>the first classes whose systems are built take one each, in that order; later ones share
 *     the last;</li>
 * <li>in a browser every class takes the original: TeaVM leaves the copies out, GWT's optimizer
 *     drops them.</li>
 * </ul>
 * The JIT profiles the calls a loop makes ({@code setUpInput}, {@code runJob},
 * {@code outputSaved}) per copy of its code, not per system: with one loop for every class, a game
 * with three classes would have them called through the virtual table and never inlined.
 * artemis-odb's weaver does the same for {@code IteratingSystem}, copying its loop into each system
 * class. docs/benchmarks.md, "Several system classes", has the measurements.
 */
final class JobLoops {

    /** How many loops there are: {@link WorldThreadJobs} and its copies. */
    static final int COPIES = 8;

    /** The copy each system class was given, in the order their first systems were built; the classes stay loaded. */
    private static final Map<Class<?>, Integer> GIVEN = new HashMap<>();

    private JobLoops() {
    }

    /** The loop of {@code system}'s class; O(1) but for its first call for a class. */
    static <I, O> JobLoop of(TimeslicedSystem<I, O> system, Batch batch, Histories<O> histories, TickFailures failures,
                             DecisionStats stats) {
        if (Platform.isWeb()) {
            return new WorldThreadJobs<>(system, batch, histories, failures, stats);
        }
        switch (copyOf(system.getClass())) {
            case 0: return new WorldThreadJobs<>(system, batch, histories, failures, stats);
            case 1: return new WorldThreadJobs1<>(system, batch, histories, failures, stats);
            case 2: return new WorldThreadJobs2<>(system, batch, histories, failures, stats);
            case 3: return new WorldThreadJobs3<>(system, batch, histories, failures, stats);
            case 4: return new WorldThreadJobs4<>(system, batch, histories, failures, stats);
            case 5: return new WorldThreadJobs5<>(system, batch, histories, failures, stats);
            case 6: return new WorldThreadJobs6<>(system, batch, histories, failures, stats);
            default: return new WorldThreadJobs7<>(system, batch, histories, failures, stats);
        }
    }

    /** The copy {@code type} runs in: a new one for each new class while they last, then the last. */
    static synchronized int copyOf(Class<?> type) {
        return copyOf(GIVEN, type);
    }

    /** {@link #copyOf(Class)} by the copies {@code given} so far, which it adds to. */
    static int copyOf(Map<Class<?>, Integer> given, Class<?> type) {
        Integer copy = given.get(type);
        if (copy == null) {
            copy = Math.min(given.size(), COPIES - 1);
            given.put(type, copy);
        }
        return copy;
    }

    /** Makes {@code type}'s systems built from now on run in copy {@code copy} (tests). */
    static synchronized void pin(Class<?> type, int copy) {
        GIVEN.put(type, copy);
    }

}
