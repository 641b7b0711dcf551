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
 * <p>Batch indices are ints compared by their difference, which stays right across the wrap
 * (2<sup>31</sup> batches, 400 days at 60 a second). Memory: 8 bytes per entity id up to the highest
 * seen. Its owner reads the fields directly.
 */
final class TierSchedule {

    /** A tier state's flag: the entity takes a new phase at its next job. */
    static final int RESPREAD = 1 << 8;
    private static final int TIER_BITS = 0xFF;
    /** The tier state of an id no subscribed entity has. */
    static final int NOT_SUBSCRIBED = -1;

    private final TimeslicedSystem<?, ?> system;
    private final TickFailures failures;
    Tiers tiers = Tiers.ONE;
    private int[] periods = {1};
    /** Per entity id: its tier, with {@link #RESPREAD}, or {@link #NOT_SUBSCRIBED}. */
    private int[] states = new int[0];
    /** Per entity id: the index of the batch it is due in next. */
    private int[] nextDue = new int[0];
    /** Per tier: its subscribed entities. */
    int[] entities = new int[1];
    /** Per tier: the next phase it hands out, round robin. */
    private int[] nextPhase = new int[1];
    /** Per tier: the slots it has in the batch in progress, and had in the last completed one. */
    int[] batchSlots = new int[1];
    int[] lastBatchSlots = new int[1];
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
        int state = entityId >= 0 && entityId < states.length ? states[entityId] : NOT_SUBSCRIBED;
        return state == NOT_SUBSCRIBED ? -1 : state & TIER_BITS;
    }

    /** The entity joined: tier 0 until it is assessed, due in the batch {@code nextBatch}. */
    void joined(int entityId, int nextBatch) {
        if (entityId >= states.length) {
            int grown = Math.max(entityId + 1, states.length + (states.length >> 1));
            int old = states.length;
            states = Arrays.copyOf(states, grown);
            Arrays.fill(states, old, grown, NOT_SUBSCRIBED);
            nextDue = Arrays.copyOf(nextDue, grown);
        }
        if (states[entityId] != NOT_SUBSCRIBED) {
            return; // told twice: it is counted already
        }
        states[entityId] = RESPREAD;
        nextDue[entityId] = nextBatch;
        entities[0]++;
    }

    /** The entity left: it is no tier's. */
    void left(int entityId) {
        int tier = tier(entityId);
        if (tier >= 0) {
            entities[tier]--;
            states[entityId] = NOT_SUBSCRIBED;
        }
    }

    /**
     * Puts the subscribed entity in {@code tier} (in range): a faster tier makes it due in the batch
     * {@code nextBatch}, a slower one keeps the batch it is due in; either way it takes a new phase
     * at its next job.
     */
    void move(int entityId, int tier, int nextBatch) {
        int from = states[entityId] & TIER_BITS;
        if (from == tier) {
            return;
        }
        entities[from]--;
        entities[tier]++;
        states[entityId] = tier | RESPREAD;
        if (periods[tier] < periods[from] && nextDue[entityId] - nextBatch > 0) {
            nextDue[entityId] = nextBatch;
        }
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
        nextPhase = new int[count];
        batchSlots = new int[count];
        lastBatchSlots = new int[count];
        int[] ids = subscribed == null ? new int[0] : subscribed.getData();
        for (int i = 0, s = subscribed == null ? 0 : subscribed.size(); s > i; i++) {
            int id = ids[i];
            if (id >= states.length || states[id] == NOT_SUBSCRIBED) {
                continue; // not told it joined yet: it will be
            }
            int tier = Math.min(states[id] & TIER_BITS, count - 1);
            states[id] = tier | RESPREAD;
            entities[tier]++;
            int latest = nextBatch + periods[tier] - 1;
            if (!wasTiered || nextDue[id] - latest > 0) { // one tier kept no due batches
                nextDue[id] = wasTiered ? latest : nextBatch;
            }
        }
    }

    /**
     * Writes the ids of {@code subscribed} due in batch {@code k} into {@code keys} (ascending, as
     * they come), schedules each one's next batch, counts the slots per tier; returns how many.
     * O(entities), and a division per entity taking a new phase.
     */
    int compose(IntBag subscribed, int[] keys, int k) {
        int[] ids = subscribed.getData();
        int[] due = nextDue;
        int[] tierStates = states;
        int[] tierPeriods = periods;
        int[] slots = batchSlots;
        int size = 0;
        for (int i = 0, s = subscribed.size(); s > i; i++) {
            int id = ids[i];
            if (due[id] - k > 0) {
                continue;
            }
            keys[size++] = id;
            int state = tierStates[id];
            int tier = state & TIER_BITS;
            int period = tierPeriods[tier];
            slots[tier]++;
            if ((state & RESPREAD) == 0) {
                due[id] = k + period; // on its phase: the same phase again
            } else { // its phase, round robin in the tier; due at the first batch after k on it
                int phase = nextPhase[tier];
                nextPhase[tier] = phase + 1 == period ? 0 : phase + 1;
                due[id] = k + 1 + Math.floorMod(phase - k - 1, period);
                tierStates[id] = tier;
            }
        }
        return size;
    }

    /** The batch in progress ended and the next begins: its slots per tier become the last batch's. */
    void batchTurnedOver(boolean completed) {
        if (completed) {
            System.arraycopy(batchSlots, 0, lastBatchSlots, 0, batchSlots.length);
        }
        Arrays.fill(batchSlots, 0);
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
