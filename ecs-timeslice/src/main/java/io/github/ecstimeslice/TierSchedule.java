package io.github.ecstimeslice;

import com.artemis.utils.BitVector;
import com.artemis.utils.IntBag;

import java.util.Arrays;

/**
 * Which entities a {@link TimeslicedSystem}'s next batch holds, by their significance
 * {@link Tiers}: every entity's tier and where it waits for its next job, and the sweep that asks
 * every entity's tier again within the reassess period ({@link TierSweep}), and each tier's
 * decisions per second ({@link TierRates}).
 *
 * <p>The schedule. An entity in a tier of period p with phase c is due in batch k when k ≡ c
 * (mod p), so after a job in batch k it is due again p batches later. Phases are handed out round
 * robin per tier, so a tier's entities spread evenly over its p phases; a large tier hands them
 * out by blocks of neighbouring ids instead ({@link TierPhases}). An entity takes a phase at
 * its first job after it joined or changed tier ({@link #RESPREAD}); until then: one that joined is
 * due in the next batch (the churn rule), one that moved to a faster tier too, and one that moved
 * to a slower tier keeps the batch it was due in. No entity's next batch is ever set more than the
 * longest period after its last, so none waits longer, however it moves.
 *
 * <p>With more than one tier the entities wait in bit sets over entity ids: one per tier and
 * phase, holding the entities on that phase, and one of those due in the next batch. An entity
 * stays in its phase's set from job to job, so a batch start ORs one set per tier and the next
 * batch's, 64 ids a word, and touches an entity only to write its id, or to hand it a phase:
 * O(entity ids / 64 × tiers + ids due). Memory: 4 bytes per entity id up to the highest seen, and
 * a bit per id for each phase in use, and two. Its owner reads the fields directly.
 */
final class TierSchedule {

    /** A state's flag: the entity takes a new phase at its next job. */
    static final int RESPREAD = 1 << 8;
    private static final int TIER_BITS = 0xFF;
    /** A state's flag: the entity waits in the next batch's set, not in a phase's. */
    private static final int NEXT = 1 << 9;
    /** A state's bits: the tier (4 bits) and the phase (6 bits) of the set the entity waits in. */
    private static final int SET_TIER_SHIFT = 10;
    private static final int SET_PHASE_SHIFT = 16;
    private static final int SET_BITS = 0x3F;
    /** The state of an id no subscribed entity has. */
    static final int NOT_SUBSCRIBED = -1;

    private final TierSweep sweep;
    Tiers tiers = Tiers.ONE;
    /** Per tier: its period in batches. */
    int[] periods = {1};
    /**
     * Per entity id: its state (tier, {@link #RESPREAD}, and with more than one tier the set it
     * waits in), or {@link #NOT_SUBSCRIBED}.
     */
    private int[] states = new int[0];
    /** The subscribed entities' ids: those whose state is not {@link #NOT_SUBSCRIBED}. */
    private final BitVector subscribed = new BitVector();
    /** With more than one tier, bit sets over entity ids: those due in the next batch, those to take a new phase. */
    private long[] next = new long[0];
    private long[] respread = new long[0];
    /** With more than one tier, per tier and phase: the bit set of the entities waiting for it; null until one does. */
    private long[][][] phaseSets;
    /** A batch start's scratch: each tier's set due in it, and its tier. */
    private final long[][] dueSets = new long[Tiers.MAX_TIERS][];
    private final int[] dueTiers = new int[Tiers.MAX_TIERS];
    /** Per tier: its subscribed entities. */
    int[] entities = new int[1];
    /** Per tier: the phase it hands an entity taking a new one. */
    private TierPhases phases = new TierPhases(1);
    /** With more than one tier, per tier and phase: how many entities wait in its set. */
    private int[][] phaseCounts;
    /** Per tier: the slots in the batch in progress, and decisions per second ({@link TierRates}'s, read by others). */
    private TierRates rates = new TierRates(1, 1);
    double[] decisionsPerSecond = rates.decisionsPerSecond;

    TierSchedule(TimeslicedSystem<?, ?> system, TickFailures failures) {
        sweep = new TierSweep(this, system, failures);
    }

    /** True if there is more than one tier: batches are composed and tiers asked. */
    boolean tiered() {
        return periods.length > 1;
    }

    /**
     * The lowest id of a subscribed entity from {@code entityId} on, or -1: the entities the system
     * was told of, ascending. O(ids skipped / 64).
     */
    int nextSubscribed(int entityId) {
        return subscribed.nextSetBit(entityId);
    }

    /** The entity's tier, or -1 if it is not subscribed. O(1). */
    int tier(int entityId) {
        int state = stateOf(entityId);
        return state == NOT_SUBSCRIBED ? -1 : state & TIER_BITS;
    }

    /** The entity's state, or {@link #NOT_SUBSCRIBED} for any id without one. */
    private int stateOf(int entityId) {
        return entityId >= 0 && entityId < states.length ? states[entityId] : NOT_SUBSCRIBED;
    }

    /**
     * The subscribed entity's slot in the batch in progress was dropped before its job: one slot
     * fewer for the tier it was counted in when the batch began, which is the tier of the set it
     * waits in, however it moved since. O(1).
     */
    void slotDropped(int entityId) {
        slotDroppedFrom(countedTier(entityId));
    }

    /** The tier the subscribed entity's slot in the batch in progress was counted in, or -1 for any id without one. O(1). */
    int countedTier(int entityId) {
        int state = stateOf(entityId);
        return state == NOT_SUBSCRIBED ? -1 : tiered() ? setTier(state) : 0;
    }

    /**
     * A slot counted in {@code tier} ({@link #countedTier}; -1: none) was dropped before its job;
     * nothing if the tiers changed since and have no such tier. O(1).
     */
    void slotDroppedFrom(int tier) {
        if (tier >= 0 && tier < rates.slots.length) {
            rates.slotDropped(tier);
        }
    }

    /** The entity joined: tier 0 until it is assessed, due in the next batch. */
    void joined(int entityId) {
        if (entityId >= states.length) {
            growIds(entityId);
        }
        if (states[entityId] != NOT_SUBSCRIBED) {
            return; // told twice: it is counted already
        }
        states[entityId] = RESPREAD | NEXT;
        subscribed.set(entityId);
        entities[0]++;
        if (tiered()) {
            add(next, entityId);
            add(respread, entityId);
        }
    }

    /** The entity left: it is no tier's. */
    void left(int entityId) {
        int tier = tier(entityId);
        if (tier >= 0) {
            entities[tier]--;
            if (tiered()) {
                leaveSet(entityId, states[entityId]);
                remove(respread, entityId);
            }
            states[entityId] = NOT_SUBSCRIBED;
            subscribed.clear(entityId);
        }
    }

    /**
     * Puts the subscribed entity in {@code tier} (in range; more than one tier): a faster tier makes
     * it due in the next batch, a slower one keeps the batch it is due in; either way it takes a
     * new phase at its next job.
     */
    void move(int entityId, int tier) {
        int state = states[entityId];
        int from = state & TIER_BITS;
        if (from == tier) {
            return;
        }
        entities[from]--;
        entities[tier]++;
        state = state & ~TIER_BITS | tier | RESPREAD;
        add(respread, entityId);
        if (periods[tier] < periods[from] && (state & NEXT) == 0) {
            leaveSet(entityId, state);
            add(next, entityId);
            state |= NEXT;
        }
        states[entityId] = state;
    }

    /** Takes the entity out of the set it waits in, as its state says. */
    private void leaveSet(int entityId, int state) {
        if ((state & NEXT) != 0) {
            remove(next, entityId);
        } else {
            remove(phaseSets[setTier(state)][setPhase(state)], entityId);
            phaseCounts[setTier(state)][setPhase(state)]--;
        }
    }

    /** The tier and the phase of the set an entity with this state waits in, unless it is {@link #NEXT}. */
    private static int setTier(int state) {
        return state >>> SET_TIER_SHIFT & 0xF;
    }

    private static int setPhase(int state) {
        return state >>> SET_PHASE_SHIFT & SET_BITS;
    }

    /** Puts the entity in the set of {@code tier}'s {@code phase}; returns its state, which says so. */
    private int wait(int entityId, int tier, int phase) {
        long[][] sets = phaseSets[tier];
        if (sets[phase] == null) {
            sets[phase] = new long[next.length];
        }
        add(sets[phase], entityId);
        phaseCounts[tier][phase]++;
        return tier << SET_TIER_SHIFT | phase << SET_PHASE_SHIFT;
    }

    private static void add(long[] set, int id) {
        set[id >>> 6] |= 1L << id;
    }

    private static void remove(long[] set, int id) {
        set[id >>> 6] &= ~(1L << id);
    }

    /** Makes room for ids up to {@code entityId}: states, and with tiers the bit sets, by half at least. */
    private void growIds(int entityId) {
        int ids = states.length;
        int grown = Math.max(entityId + 1, ids + (ids >> 1));
        states = Arrays.copyOf(states, grown);
        Arrays.fill(states, ids, grown, NOT_SUBSCRIBED);
        if (tiered()) {
            int words = words(grown);
            next = Arrays.copyOf(next, words);
            respread = Arrays.copyOf(respread, words);
            for (long[][] sets : phaseSets) {
                for (int phase = 0; phase < sets.length; phase++) {
                    sets[phase] = sets[phase] == null ? null : Arrays.copyOf(sets[phase], words);
                }
            }
        }
    }

    private static int words(int ids) {
        return (ids + 63) >>> 6;
    }

    /**
     * Uses {@code tiers} from now on for the subscribed entities, {@code nextBatch} being the index
     * of the next batch: each keeps its tier, or takes the slowest if it has no longer one, and is
     * due no later than the new periods allow. The entities are those this schedule was told of,
     * not the subscription's: while artemis tells the subscription's listeners of a change, its
     * entities are still the old ones. O(entity ids / 64 + entities) if the periods changed.
     */
    void use(Tiers tiers, long nextBatch) {
        boolean wasTiered = tiered();
        int[] oldPeriods = periods;
        int[] nextPeriods = tiers.batchPeriods();
        this.tiers = tiers;
        if (Arrays.equals(oldPeriods, nextPeriods)) {
            return;
        }
        periods = nextPeriods;
        int count = nextPeriods.length;
        entities = new int[count];
        phases = new TierPhases(count);
        rates = new TierRates(count, tiers.longestBatchPeriod());
        decisionsPerSecond = rates.decisionsPerSecond;
        int words = tiered() ? words(states.length) : 0;
        next = new long[words];
        respread = new long[words];
        phaseSets = tiered() ? new long[count][][] : null;
        phaseCounts = tiered() ? new int[count][] : null;
        for (int tier = 0; tiered() && tier < count; tier++) {
            phaseSets[tier] = new long[nextPeriods[tier]][];
            phaseCounts[tier] = new int[nextPeriods[tier]];
        }
        for (int id = subscribed.nextSetBit(0); id >= 0; id = subscribed.nextSetBit(id + 1)) {
            int state = states[id];
            int tier = Math.min(state & TIER_BITS, count - 1);
            entities[tier]++;
            if (!tiered()) {
                states[id] = tier | RESPREAD;
                continue;
            }
            // the batch it was due in (the next, if it had no tiers), at the latest its new period's last
            long due = !wasTiered || (state & NEXT) != 0 ? nextBatch
                    : nextBatch + PortableMath.floorMod(setPhase(state) - nextBatch, oldPeriods[setTier(state)]);
            due = Math.min(due, nextBatch + nextPeriods[tier] - 1);
            add(respread, id);
            if (due == nextBatch) {
                add(next, id);
                states[id] = tier | RESPREAD | NEXT;
            } else {
                states[id] = tier | RESPREAD | wait(id, tier, (int) (due % nextPeriods[tier]));
            }
        }
    }

    /**
     * Writes the ids due in batch {@code k} into {@code keys} (room for every subscribed entity),
     * ascending, hands a phase to each one that takes a new one and counts the slots per tier;
     * returns how many. O(entity ids / 64 × tiers + ids due), and a division per entity taking a
     * new phase.
     */
    int compose(int[] keys, long k) {
        int[] tierPeriods = periods;
        long[][] due = dueSets;
        int[] dueTier = dueTiers;
        int sets = 0;
        for (int tier = 0; tier < tierPeriods.length; tier++) {
            long[] set = phaseSets[tier][(int) (k % tierPeriods[tier])];
            if (set != null) {
                due[sets] = set;
                dueTier[sets++] = tier;
            }
        }
        long[] dueNext = next;
        long[] moving = respread;
        int[] slots = rates.slots;
        int size = 0;
        for (int word = 0, words = dueNext.length; words > word; word++) {
            long all = dueNext[word];
            long respreading = moving[word];
            for (int s = 0; sets > s; s++) { // each tier's phase due now
                long bits = due[s][word];
                all |= bits;
                slots[dueTier[s]] += Long.bitCount(bits & ~respreading);
            }
            if (all == 0) {
                continue;
            }
            dueNext[word] = 0;
            for (long bits = all & respreading; bits != 0; bits &= bits - 1) { // each one taking a new phase
                takePhase(word << 6 | Long.numberOfTrailingZeros(bits));
            }
            moving[word] = respreading & ~all;
            if (all == -1L) { // 64 neighbours due, as in a block of a slow tier: a plain run
                for (int id = word << 6, end = id + 64; end > id; id++) {
                    keys[size++] = id;
                }
            } else {
                for (long bits = all; bits != 0; bits &= bits - 1) { // each id, lowest first: ids ascend
                    keys[size++] = word << 6 | Long.numberOfTrailingZeros(bits);
                }
            }
        }
        return size;
    }

    /**
     * The entity, in the batch starting, takes a phase of its tier and waits in its set: due again
     * at the first batch after this one on that phase. Counts its slot.
     */
    private void takePhase(int entityId) {
        int state = states[entityId];
        int tier = state & TIER_BITS;
        rates.slots[tier]++;
        if ((state & NEXT) == 0) {
            leaveSet(entityId, state); // the next batch's set was emptied already
        }
        int phase = phases.hand(entityId, tier, periods[tier], entities[tier], states.length, phaseCounts[tier]);
        states[entityId] = tier | wait(entityId, tier, phase);
    }

    /** Batch {@code k} starts, batch k - 1 having lasted {@code endedSeconds}: see {@link TierRates#batchStarting}. */
    void batchStarting(long k, double endedSeconds) {
        rates.batchStarting(k, endedSeconds);
    }

    /**
     * Asks the subscribed entity's tier and moves it there ({@link TierSweep#assess}).
     *
     * @throws IllegalStateException if {@code tierOf} answers a tier out of range, or threw
     */
    void assess(int entityId) {
        sweep.assess(entityId);
    }

    /** Assesses this tick's share of the {@code subscribed} entities ({@link TierSweep#reassessSome}). */
    void reassessSome(IntBag subscribed, float delta) {
        sweep.reassessSome(subscribed, delta);
    }
}
