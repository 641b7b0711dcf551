package io.github.ecstimeslice;

import com.artemis.utils.IntBag;

import java.util.Arrays;

/**
 * Which entities a {@link TimeslicedSystem}'s next batch holds, by their significance
 * {@link Tiers}: every entity's tier and the index of the batch it is due in next, in flat arrays
 * indexed by entity id; and the sweep that asks every entity's tier again within the reassess
 * period.
 *
 * <p>The schedule. An entity in a tier of period p with phase c is due in batch k when k ≡ c
 * (mod p), so after a job in batch k it is due again within p batches. Phases are handed out round
 * robin per tier, so a tier's entities spread evenly over its p phases. An entity takes a phase at
 * its first job after it joined or changed tier ({@link #RESPREAD}); until then: one that joined is
 * due in the next batch (the churn rule), one that moved to a faster tier too, and one that moved
 * to a slower tier keeps the batch it was due in. No entity's next batch is ever set more than the
 * longest period after its last, so none waits longer, however it moves.
 *
 * <p>With more than one tier the entities wait in a {@link DueWheel} by the batch they are due in,
 * so a batch start reads the ids due and a bit per entity, not every entity. Batch indices are
 * ints compared by their difference, which stays right across the wrap (2<sup>31</sup> batches,
 * 400 days at 60 a second). Memory: 8 bytes per entity id up to the highest seen, and the wheel's.
 * Its owner reads the fields directly.
 */
final class TierSchedule {

    /** A state's flag: the entity takes a new phase at its next job. */
    static final int RESPREAD = 1 << 8;
    private static final int TIER_BITS = 0xFF;
    private static final int BUCKET_SHIFT = 16;
    /** Ids per block: a tier's entities in one block share a phase, once the tier is large. */
    private static final int BLOCK_BITS = 6;
    /** A tier shares phases by block from this many entities per phase on: about 16 blocks' worth. */
    private static final int BLOCK_MODE_PER_PHASE = 16 << BLOCK_BITS;
    /** The state of an id no subscribed entity has. */
    static final int NOT_SUBSCRIBED = -1;

    private final TimeslicedSystem<?, ?> system;
    private final TickFailures failures;
    Tiers tiers = Tiers.ONE;
    private int[] periods = {1};
    /**
     * Per entity id, side by side (one cache line for both): at {@code 2 × id} its state (tier,
     * {@link #RESPREAD}, and with more than one tier its wheel bucket), or {@link #NOT_SUBSCRIBED};
     * at {@code 2 × id + 1} the index of the batch it is due in next (with more than one tier).
     */
    private int[] schedule = new int[0];
    /** With more than one tier: the subscribed entities by the batch they are due in; else null. */
    private DueWheel wheel;
    /** Per tier: its subscribed entities. */
    int[] entities = new int[1];
    /** Per tier: the phase it handed out last; and, once it shares phases by block, each block's phase + 1 (0: none yet). */
    private int[] phase = new int[1];
    private int[][] blockPhases = new int[1][];
    /** Per tier: the slots its entities have in the batch in progress. */
    private int[] slots = new int[1];
    /**
     * Per tier, decisions per game second over the last (longest period) batches completed, which
     * hold every phase of every tier: each batch's slots per tier and length in a ring, and their
     * sums.
     */
    double[] decisionsPerSecond = new double[1];
    private int[][] recentSlots = new int[1][1];
    private double[] recentSeconds = new double[1];
    private long[] windowSlots = new long[1];
    private double windowSeconds;
    private double batchStartSeconds = Double.NaN;
    /** The sweep: entities it owes (fractions carried), and the id it goes on from. */
    private double reassessCredit;
    private int reassessFrom;

    TierSchedule(TimeslicedSystem<?, ?> system, TickFailures failures) {
        this.system = system;
        this.failures = failures;
    }

    /** True if there is more than one tier: batches are composed and tiers asked. */
    boolean tiered() {
        return periods.length > 1;
    }

    /** The entity's tier, or -1 if it is not subscribed. O(1). */
    int tier(int entityId) {
        int state = entityId >= 0 && entityId < schedule.length / 2 ? schedule[2 * entityId] : NOT_SUBSCRIBED;
        return state == NOT_SUBSCRIBED ? -1 : state & TIER_BITS;
    }

    /** The entity joined: tier 0 until it is assessed, due in the batch {@code nextBatch}. */
    void joined(int entityId, int nextBatch) {
        if (entityId >= schedule.length / 2) {
            int ids = schedule.length / 2;
            int grown = Math.max(entityId + 1, ids + (ids >> 1));
            schedule = Arrays.copyOf(schedule, 2 * grown);
            for (int id = ids; id < grown; id++) {
                schedule[2 * id] = NOT_SUBSCRIBED;
            }
        }
        if (schedule[2 * entityId] != NOT_SUBSCRIBED) {
            return; // told twice: it is counted already
        }
        schedule[2 * entityId] = RESPREAD;
        entities[0]++;
        if (wheel != null) {
            wheel.ensureIds(schedule.length / 2);
            file(entityId, nextBatch, nextBatch);
        }
    }

    /** The entity left: it is no tier's. */
    void left(int entityId) {
        int tier = tier(entityId);
        if (tier >= 0) {
            entities[tier]--;
            if (wheel != null) {
                wheel.unfile(entityId, schedule[2 * entityId] >>> BUCKET_SHIFT);
            }
            schedule[2 * entityId] = NOT_SUBSCRIBED;
        }
    }

    /**
     * Puts the subscribed entity in {@code tier} (in range): a faster tier makes it due in the batch
     * {@code nextBatch}, a slower one keeps the batch it is due in; either way it takes a new phase
     * at its next job.
     */
    void move(int entityId, int tier, int nextBatch) {
        int state = schedule[2 * entityId];
        int from = state & TIER_BITS;
        if (from == tier) {
            return;
        }
        entities[from]--;
        entities[tier]++;
        schedule[2 * entityId] = tier | RESPREAD | state & ~(TIER_BITS | RESPREAD);
        if (periods[tier] < periods[from] && schedule[2 * entityId + 1] - nextBatch > 0) {
            wheel.unfile(entityId, state >>> BUCKET_SHIFT);
            file(entityId, nextBatch, nextBatch);
        }
    }

    /** Files the entity in the wheel for batch {@code due}, seen from batch {@code now}, and notes where. */
    private void file(int entityId, int due, int now) {
        int bucket = wheel.file(entityId, due, now);
        schedule[2 * entityId] = schedule[2 * entityId] & ((1 << BUCKET_SHIFT) - 1) | bucket << BUCKET_SHIFT;
        schedule[2 * entityId + 1] = due;
    }

    /**
     * Uses {@code next} from now on for the {@code subscribed} entities (null before the system
     * has a world): each keeps its tier, or takes the slowest if it has no longer one, and is due
     * no later than the new periods allow. O(entities) if the periods changed.
     */
    void use(Tiers next, IntBag subscribed, int nextBatch) {
        boolean wasTiered = tiered();
        int[] nextPeriods = next.batchPeriods();
        boolean samePeriods = Arrays.equals(periods, nextPeriods);
        tiers = next;
        if (samePeriods) {
            return;
        }
        periods = nextPeriods;
        int count = nextPeriods.length;
        entities = new int[count];
        phase = new int[count];
        Arrays.fill(phase, -1); // the first hand-out moves to phase 0
        blockPhases = new int[count][];
        slots = new int[count];
        decisionsPerSecond = new double[count];
        recentSlots = new int[count][next.longestBatchPeriod()];
        recentSeconds = new double[next.longestBatchPeriod()];
        windowSlots = new long[count];
        windowSeconds = 0;
        batchStartSeconds = Double.NaN;
        wheel = tiered() ? new DueWheel(next.longestBatchPeriod() + 1, schedule.length / 2) : null;
        int[] ids = subscribed == null ? new int[0] : subscribed.getData();
        for (int i = 0, s = subscribed == null ? 0 : subscribed.size(); s > i; i++) {
            int id = ids[i];
            if (id >= schedule.length / 2 || schedule[2 * id] == NOT_SUBSCRIBED) {
                continue; // not told it joined yet: it will be
            }
            int tier = Math.min(schedule[2 * id] & TIER_BITS, count - 1);
            schedule[2 * id] = tier | RESPREAD;
            entities[tier]++;
            if (wheel != null) {
                int latest = nextBatch + periods[tier] - 1;
                int due = schedule[2 * id + 1];
                file(id, wasTiered && due - latest <= 0 ? due : wasTiered ? latest : nextBatch, nextBatch);
            }
        }
    }

    /**
     * Writes the ids due in batch {@code k} into {@code keys} (room for every subscribed entity),
     * ascending, schedules each one's next batch and counts the slots per tier; returns how many.
     * O(entity ids / 64 + ids due), and a division per entity taking a new phase.
     */
    int compose(int[] keys, int k) {
        DueWheel due = wheel;
        int[] entries = schedule;
        int[] tierPeriods = periods;
        int[] slots = this.slots;
        int size = 0;
        for (int i = 0, drained = due.drain(k, keys); drained > i; i++) { // kept ids move down in place
            int id = keys[i];
            int state = entries[2 * id];
            int next = entries[2 * id + 1];
            if (next - k <= 0) { // due: a slot in this batch, and its next batch
                keys[size++] = id;
                int tier = state & TIER_BITS;
                int period = tierPeriods[tier];
                slots[tier]++;
                if ((state & RESPREAD) == 0) {
                    next = k + period; // on its phase: the same phase again
                } else { // a phase of the tier's; due at the first batch after k on it
                    int phase = handPhase(id, tier, period);
                    next = k + 1 + Math.floorMod(phase - k - 1, period);
                    state = tier;
                }
            } // else due beyond the wheel's reach when filed: it waits on
            int filed = due.file(id, next, k);
            entries[2 * id] = state & ((1 << BUCKET_SHIFT) - 1) | filed << BUCKET_SHIFT;
            entries[2 * id + 1] = next;
        }
        return size;
    }

    /**
     * The phase for an entity of {@code tier} to take: the next, round robin; or, in a tier with
     * more than {@value #BLOCK_MODE_PER_PHASE} entities a phase, the phase of its block of 64 ids,
     * blocks taking theirs round robin. A batch's entities of a large slow tier then come in whole
     * blocks of neighbouring ids, whose components and history entries share cache lines, however
     * the entities move between tiers; the phases stay even within about a sixteenth.
     */
    private int handPhase(int entityId, int tier, int period) {
        if (entities[tier] < BLOCK_MODE_PER_PHASE * period) {
            return nextPhase(tier, period);
        }
        int block = entityId >>> BLOCK_BITS;
        int[] phases = blockPhases[tier];
        if (phases == null || block >= phases.length) {
            phases = blockPhases[tier] = Arrays.copyOf(phases == null ? new int[0] : phases,
                    Math.max(block + 1, (schedule.length / 2 >>> BLOCK_BITS) + 1));
        }
        if (phases[block] == 0) {
            phases[block] = nextPhase(tier, period) + 1;
        }
        return phases[block] - 1;
    }

    /** The tier's next phase, round robin. */
    private int nextPhase(int tier, int period) {
        return phase[tier] = phase[tier] + 1 >= period ? 0 : phase[tier] + 1;
    }

    /**
     * Batch {@code k} starts at {@code seconds} of game time, so batch k - 1 is complete: its slots
     * and length join the window of the last (longest period) batches, and each tier's decisions
     * per second are its slots over the window's length. O(tiers).
     */
    void batchStarting(int k, double seconds) {
        double length = seconds - batchStartSeconds; // NaN before the first batch
        if (length >= 0) {
            int at = Math.floorMod(k - 1, recentSeconds.length);
            windowSeconds += length - recentSeconds[at];
            recentSeconds[at] = length;
            for (int tier = 0; tier < slots.length; tier++) {
                windowSlots[tier] += slots[tier] - recentSlots[tier][at];
                recentSlots[tier][at] = slots[tier];
                decisionsPerSecond[tier] = windowSeconds > 0 ? windowSlots[tier] / windowSeconds : 0;
            }
        }
        Arrays.fill(slots, 0);
        batchStartSeconds = seconds;
    }

    /**
     * Asks the subscribed entity's tier and moves it there.
     *
     * @throws IllegalStateException naming the system, the entity and the value if {@code tierOf}
     *                               answers a tier out of range, or with what it threw as the cause
     */
    void assess(int entityId, int nextBatch) {
        int tier;
        try {
            tier = system.tierOf(entityId);
        } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
            if (thrown instanceof VirtualMachineError error) {
                throw error;
            }
            throw new IllegalStateException(system.getClass().getName() + ".tierOf(" + entityId + ") failed: "
                    + thrown, thrown);
        }
        if (tier < 0 || tier >= periods.length) {
            throw new IllegalStateException(system.getClass().getName() + ".tierOf(" + entityId + ") returned "
                    + tier + ", not a tier of " + tiers + " (0 to " + (periods.length - 1) + ")");
        }
        move(entityId, tier, nextBatch);
    }

    /**
     * Assesses this tick's share of the {@code subscribed} entities (ascending ids), going on where
     * the last tick stopped, so that every one is asked once per reassess period; a failure is kept
     * for the end of the tick and the entity keeps its tier. O(entities × delta / period).
     */
    void reassessSome(IntBag subscribed, float delta, int nextBatch) {
        int size = subscribed.size();
        if (size == 0) {
            return;
        }
        int[] ids = subscribed.getData();
        int index = reassessStart(subscribed);
        for (int i = 0, quota = reassessQuota(size, delta); quota > i; i++) {
            if (index == size) {
                index = 0; // the sweep starts over
            }
            int id = ids[index++];
            try {
                assess(id, nextBatch);
            } catch (IllegalStateException failed) {
                failures.add(failed);
            }
            reassessFrom = id + 1;
        }
    }

    /**
     * How many of the {@code subscribed} entities to assess in a tick of {@code delta} seconds so
     * that the sweep covers them all once per reassess period: fractions carry, at most all of them.
     */
    private int reassessQuota(int subscribed, float delta) {
        reassessCredit = Math.min(reassessCredit + subscribed * (delta / tiers.reassessSeconds()), subscribed);
        int quota = (int) Math.ceil(reassessCredit);
        reassessCredit -= quota;
        return quota;
    }

    /** Where the sweep goes on in {@code subscribed} (ascending ids): the first id after the last it asked. */
    private int reassessStart(IntBag subscribed) {
        int at = Arrays.binarySearch(subscribed.getData(), 0, subscribed.size(), reassessFrom);
        int index = at >= 0 ? at : -at - 1;
        return index == subscribed.size() ? 0 : index;
    }
}
