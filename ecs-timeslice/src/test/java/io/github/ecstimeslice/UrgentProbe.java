package io.github.ecstimeslice;

import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntUnaryOperator;

/**
 * A {@link StampSystem} for the {@code decideSoon} tests: it tells urgent jobs from the batch's, logs
 * both and every save, checks each save as it happens (the entity's own serial, an input never older
 * than the entity's last save's) and calls {@link #hook} from every callback, so a test can ask for
 * urgent jobs, churn or throw from anywhere.
 *
 * <p>An urgent job is told by its input: one read by the system's urgent jobs ({@code UrgentJobs}
 * or, on workers, {@code UrgentGroup} calling {@code setUpInput}) is noted, in the order read, and
 * its {@code runJob}, on whatever thread, is the urgent job's. Each tick the log's count of urgent
 * jobs is checked against {@code urgentJobsTotal()} by the tests.
 */
class UrgentProbe extends StampSystem {

    /** The callbacks the hook is called from. */
    enum At { SET_UP_INPUT, RUN_JOB, OUTPUT_SAVED, PREPARE_JOBS, TIER_OF, ENTITY_JOINED, ENTITY_LEFT, BEGIN, END }

    /** Called at the start of each callback, with its entity (-1 for prepareJobs, begin and end); from any thread for runJob. */
    interface Hook {
        void at(At callback, int entityId);
    }

    static final int TICK = 0, ENTITY = 1, INPUT_TICK = 2, SERIAL = 3, URGENT = 4, BATCH = 5;

    volatile Hook hook = (at, id) -> {
    };
    /** What {@code tierOf} answers. */
    volatile IntUnaryOperator tierFunction = id -> 0;
    /** The world's thread: the one that runs the turn. */
    volatile Thread worldThread;
    /** True from {@code begin()} to {@code end()}. */
    boolean inTurn;
    /** Urgent jobs, in the order their inputs were read: {tick, entity, input tick, serial, 1, batches started}. */
    final List<long[]> urgentJobs = new ArrayList<>();
    /** The urgent jobs whose input was read and whose runJob has not begun, by input object. */
    private final Map<Stamp, long[]> urgentInputs = new ConcurrentHashMap<>();
    /** Urgent runJob calls, on any thread, in all. */
    final java.util.concurrent.atomic.AtomicLong urgentRuns = new java.util.concurrent.atomic.AtomicLong();
    /** The entities whose urgent runJob returned and whose output was not saved yet. */
    private final Set<Integer> urgentRanClean = ConcurrentHashMap.newKeySet();
    /** Batch jobs, from any thread: {tick (racy under next-tick workers), entity, input tick, serial, 0, batch number}. */
    final Queue<long[]> batchJobs = new ConcurrentLinkedQueue<>();
    /** Saves, in order: {tick, entity, output's input tick, serial, 1 if an urgent job's}. */
    final List<long[]> saves = new ArrayList<>();
    /** Jobs of either kind on the world's thread, in order: the urgent ones first in each tick. */
    final List<long[]> worldThreadJobs = new ArrayList<>();
    /** What the checks in the callbacks found wrong. */
    final List<String> violations = new ArrayList<>();
    /** Per entity id: the input tick of its last save since it joined. */
    final Map<Integer, Long> lastSaved = new HashMap<>();
    /** tierOf calls, in all. */
    int tierOfCalls;
    /** Per thread: 1 while the hook runs in an urgent job's runJob, 2 if that job is one of a group on workers. */
    private final ThreadLocal<int[]> urgentRunJob = ThreadLocal.withInitial(() -> new int[1]);

    private ComponentMapper<Serial> serialMapper;

    UrgentProbe(IoPolicy policy, Budget budget) {
        super(policy, budget);
    }

    UrgentProbe(IoPolicy policy, Budget budget, int historyDepth) {
        super(policy, budget, historyDepth);
    }

    long serialOf(int entityId) {
        if (serialMapper == null) {
            serialMapper = world.getMapper(Serial.class);
        }
        Serial serial = serialMapper.get(entityId);
        return serial == null ? -1 : serial.value;
    }

    void violate(String what) {
        if (violations.size() < 30) {
            violations.add("tick " + stats().tick() + ": " + what);
        }
    }

    @Override
    protected void begin() {
        worldThread = Thread.currentThread();
        inTurn = true;
        urgentRanClean.clear(); // left by a turn that threw (one that ended checked them at its end)
        urgentInputs.clear();
        hook.at(At.BEGIN, -1);
    }

    @Override
    protected void end() {
        if (!urgentRanClean.isEmpty()) {
            violate("the urgent jobs for " + urgentRanClean + " finished but their outputs were not saved in their turn");
        }
        inTurn = false;
        urgentRanClean.clear();
        urgentInputs.clear();
        hook.at(At.END, -1);
    }

    /** The turn threw, so artemis did not call {@code end()}: the turn is over all the same. */
    void turnThrew() {
        inTurn = false;
        urgentRanClean.clear();
        urgentInputs.clear();
    }

    /** True if this thread's hook runs in an urgent job's runJob. */
    boolean inUrgentRunJob() {
        return urgentRunJob.get()[0] != 0;
    }

    /** True if this thread's hook runs in the runJob of an urgent job of a group on workers (the world's thread helps run them). */
    boolean inUrgentGroupJob() {
        return urgentRunJob.get()[0] == 2;
    }

    /** True if the system's urgent jobs are the caller ({@code UrgentJobs}, or {@code UrgentGroup} on workers). */
    private static boolean calledBy(Class<?>... types) {
        return StackWalker.getInstance().walk(frames -> frames.anyMatch(frame -> {
            for (Class<?> type : types) {
                if (frame.getClassName().equals(type.getName())) {
                    return true;
                }
            }
            return false;
        }));
    }

    @Override
    protected void prepareJobs() {
        hook.at(At.PREPARE_JOBS, -1);
    }

    @Override
    protected void setUpInput(int entityId, Stamp input) {
        hook.at(At.SET_UP_INPUT, entityId);
        super.setUpInput(entityId, input);
        if (calledBy(UrgentJobs.class, UrgentGroup.class)) {
            long[] job = {stats().tick(), entityId, input.tick, input.serial, 1, stats().batchesStarted()};
            urgentJobs.add(job);
            urgentInputs.put(input, job);
            if (input.tick != stats().tick()) {
                violate("urgent job for " + entityId + " read its input in tick " + input.tick);
            }
        }
    }

    @Override
    protected void runJob(int entityId, Stamp input, Stamp output) {
        boolean onWorldThread = Thread.currentThread() == worldThread;
        long[] urgentJob = urgentInputs.remove(input);
        boolean urgent = urgentJob != null;
        long[] job = urgent ? urgentJob
                : new long[]{stats().tick(), entityId, input.tick, input.serial, 0, stats().batchesStarted()};
        if (urgent && (urgentJob[ENTITY] != entityId || urgentJob[TICK] != stats().tick())) {
            violate("urgent runJob for " + entityId + " in tick " + stats().tick() + " with the input read for "
                    + urgentJob[ENTITY] + " in tick " + urgentJob[TICK]);
        }
        if (urgent) {
            urgentRuns.incrementAndGet();
        } else {
            batchJobs.add(job);
        }
        if (onWorldThread) {
            worldThreadJobs.add(job);
        }
        int[] here = urgentRunJob.get();
        here[0] = !urgent ? 0 : calledBy(UrgentGroup.class) ? 2 : 1;
        try {
            hook.at(At.RUN_JOB, entityId);
        } finally {
            here[0] = 0;
        }
        super.runJob(entityId, input, output);
        if (urgent) {
            urgentRanClean.add(entityId);
        }
    }

    @Override
    protected void outputSaved(int entityId, Stamp output) {
        boolean urgent = urgentRanClean.remove(entityId);
        saves.add(new long[]{stats().tick(), entityId, output.tick, output.serial, urgent ? 1 : 0});
        long serial = serialOf(entityId);
        if (output.serial != serial) {
            violate("entity " + entityId + " (serial " + serial + ") was given the output of serial " + output.serial);
        }
        Long before = lastSaved.get(entityId);
        if (before != null && output.tick < before) {
            violate("entity " + entityId + "'s latest output went from input of tick " + before + " to " + output.tick);
        }
        lastSaved.put(entityId, output.tick);
        if (historyDepth() != NO_HISTORY && latestOutput(entityId) != output) {
            violate("the output saved for " + entityId + " is not its latest");
        }
        hook.at(At.OUTPUT_SAVED, entityId);
        super.outputSaved(entityId, output);
    }

    @Override
    protected int tierOf(int entityId) {
        tierOfCalls++;
        hook.at(At.TIER_OF, entityId);
        return tierFunction.applyAsInt(entityId);
    }

    @Override
    protected void entityJoined(int entityId) {
        hook.at(At.ENTITY_JOINED, entityId);
    }

    @Override
    protected void entityLeft(int entityId) {
        lastSaved.remove(entityId);
        hook.at(At.ENTITY_LEFT, entityId);
    }

    /** The entities of the urgent jobs that ran in {@code tick}, in order. */
    List<Integer> urgentIn(long tick) {
        List<Integer> ids = new ArrayList<>();
        for (long[] job : urgentJobs) {
            if (job[TICK] == tick) {
                ids.add((int) job[ENTITY]);
            }
        }
        return ids;
    }

    /** How many batch jobs started in {@code tick}. */
    int batchJobsIn(long tick) {
        int count = 0;
        for (long[] job : batchJobs) {
            if (job[TICK] == tick) {
                count++;
            }
        }
        return count;
    }

    /** The entities of all urgent jobs, in order. */
    List<Integer> urgentEntities() {
        List<Integer> ids = new ArrayList<>();
        for (long[] job : urgentJobs) {
            ids.add((int) job[ENTITY]);
        }
        return ids;
    }

    /** True if the entity is subscribed now. */
    boolean subscribed(int entityId) {
        IntBag ids = getSubscription().getEntities();
        for (int i = 0; i < ids.size(); i++) {
            if (ids.get(i) == entityId) {
                return true;
            }
        }
        return false;
    }
}
