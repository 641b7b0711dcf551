package io.github.ecstimeslice;

import com.artemis.World;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntUnaryOperator;

/**
 * A {@link StampSystem} for the tier tests: its {@code tierOf} answers what {@link #tierFunction}
 * says and counts the calls (in all, per tick, per entity); it logs every job as (entity, batch
 * number) from whatever thread runs it, every save as (entity, batch number, game seconds) on the
 * world's thread, and, when ticked through {@link #tick}, the tick each batch started in and its
 * size. A batch's number is {@link #batchesStarted()} while it is in progress: the first batch is 1.
 */
class TierProbe extends StampSystem {

    /** What {@code tierOf} answers, by entity id. */
    volatile IntUnaryOperator tierFunction = id -> 0;
    /** {@code tierOf} calls in all. */
    int tierOfCalls;
    /** {@code tierOf} calls by the system tick ({@link #tick()}) they were made in. */
    final Map<Long, Integer> tierOfCallsByTick = new HashMap<>();
    /** Per entity id: the system tick of its latest {@code tierOf} call, -1 if none. */
    long[] lastAskedAtTick = new long[0];
    /** Jobs as {entity, batch number}, from any thread. */
    final Queue<long[]> jobs = new ConcurrentLinkedQueue<>();
    /** Saves as {entity, batch number, game seconds}, on the world's thread. */
    final List<double[]> saves = new ArrayList<>();
    /** Per batch number n, at n - 1: the test tick it started in (see {@link #tick}). */
    final List<Integer> batchStartTicks = new ArrayList<>();
    /** Per batch number n, at n - 1: how many entities it started with. */
    final List<Integer> batchSizes = new ArrayList<>();
    /** Ticks run through {@link #tick}. */
    int ticks;

    TierProbe(IoPolicy policy, Budget budget, Threading threading) {
        super(policy, budget);
        setThreading(threading);
        observedBy(new Observer() {
            @Override
            public void jobRan(StampSystem system, int entityId, Stamp input) {
                jobs.add(new long[]{entityId, system.stats().batchesStarted()});
            }

            @Override
            public void outputSaved(StampSystem system, int entityId, Stamp output) {
                saves.add(new double[]{entityId, system.stats().batchesStarted(), system.stats().gameSeconds()});
                savedHook(entityId);
            }
        });
    }

    /** Called on the world's thread after each save is logged; for tests that act in the middle of a batch. */
    void savedHook(int entityId) {
    }

    @Override
    protected int tierOf(int entityId) {
        tierOfCalls++;
        tierOfCallsByTick.merge(stats().tick(), 1, Integer::sum);
        if (entityId >= lastAskedAtTick.length) {
            int old = lastAskedAtTick.length;
            lastAskedAtTick = Arrays.copyOf(lastAskedAtTick, Math.max(entityId + 1, 2 * old));
            Arrays.fill(lastAskedAtTick, old, lastAskedAtTick.length, -1);
        }
        lastAskedAtTick[entityId] = stats().tick();
        return tierFunction.applyAsInt(entityId);
    }

    /** Runs one tick of {@code delta}; logs the batch it started, if one, also when the tick throws. */
    void tick(World world, float delta) {
        long before = stats().batchesStarted();
        world.setDelta(delta);
        try {
            world.process();
        } finally {
            long after = stats().batchesStarted();
            if (after != before) {
                if (after != before + 1) {
                    throw new AssertionError("two batches started in tick " + ticks);
                }
                batchStartTicks.add(ticks);
                batchSizes.add(stats().batchSize());
            }
            ticks++;
        }
    }

    /** Runs {@code count} ticks of {@code delta}. */
    void ticks(World world, int count, float delta) {
        for (int i = 0; i < count; i++) {
            tick(world, delta);
        }
    }

    /** The batch numbers each entity had a job in, ascending, by entity id. */
    Map<Integer, List<Long>> jobsByEntity() {
        Map<Integer, List<Long>> byEntity = new HashMap<>();
        for (long[] job : jobs) {
            byEntity.computeIfAbsent((int) job[0], e -> new ArrayList<>()).add(job[1]);
        }
        byEntity.values().forEach(list -> list.sort(null));
        return byEntity;
    }

    /** The game seconds of each entity's saves, in order, by entity id. */
    Map<Integer, List<Double>> saveSecondsByEntity() {
        Map<Integer, List<Double>> byEntity = new HashMap<>();
        for (double[] save : saves) {
            byEntity.computeIfAbsent((int) save[0], e -> new ArrayList<>()).add(save[2]);
        }
        return byEntity;
    }
}
