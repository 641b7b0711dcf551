package io.github.ecstimeslice;

import com.artemis.utils.BitVector;
import com.artemis.utils.IntBag;

import java.util.Arrays;

/**
 * Which entities a {@link TimeslicedSystem}'s next batch holds, by their significance
 * {@link Tiers}: every entity's tier and where it waits for its next job, and the sweep that asks
 * every entity's tier again within the reassess period.
 *
 * <p>The schedule. An entity in a tier of period p with phase c is due in batch k when k ≡ c
 * (mod p), so after a job in batch k it is due again p batches later. Phases are handed out round
 * robin per tier, so a tier's entities spread evenly over its p phases; a large tier hands them
 * out by blocks of neighbouring ids instead ({@link #handPhase}). An entity takes a phase at
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
    /** Ids per block (512): a tier's entities in one block share a phase, once the tier is large. */
    private static final int BLOCK_BITS = 9;
    /** A tier shares phases by block from this many entities per phase on: 8 blocks' worth. */
    private static final int BLOCK_MODE_PER_PHASE = 8 << BLOCK_BITS;
    /** The state of an id no subscribed entity has. */
    static final int NOT_SUBSCRIBED = -1;

    private final TimeslicedSystem<?, ?> system;
    private final TickFailures failures;
    Tiers tiers = Tiers.ONE;
    private int[] periods = {1};
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
    /** Per tier: the phase it handed out last; and, once it shares phases by block, each block's phase + 1 (0: none yet). */
    private int[] phase = new int[1];
    private int[][] blockPhases = new int[1][];
    /** With more than one tier, per tier and phase: how many entities wait in its set. */
    private int[][] phaseCounts;
    /** Per tier: the slots its entities have in the batch in progress. */
    private int[] slots = new int[1];
    /**
     * Per tier, decisions per game second over the last (longest period) batches completed, which
     * hold every phase of every tier: each batch's slots per tier and length in a ring, and the
     * slots' sums.
     */
    double[] decisionsPerSecond = new double[1];
    private int[][] recentSlots = new int[1][1];
    private double[] recentSeconds = new double[1];
    private long[] windowSlots = new long[1];
    /** False until a batch started with these tiers: the batch before it is not theirs. */
    private boolean batchStarted;
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
        int state = stateOf(entityId);
        if (state == NOT_SUBSCRIBED) {
            return;
        }
        int tier = tiered() ? setTier(state) : 0;
        if (slots[tier] > 0) { // none were counted if the tiers changed since the batch began
            slots[tier]--;
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
        phase = new int[count];
        Arrays.fill(phase, -1); // the first hand-out moves to phase 0
        blockPhases = new int[count][];
        slots = new int[count];
        decisionsPerSecond = new double[count];
        recentSlots = new int[count][tiers.longestBatchPeriod()];
        recentSeconds = new double[tiers.longestBatchPeriod()];
        windowSlots = new long[count];
        batchStarted = false;
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
        int[] slots = this.slots;
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
        slots[tier]++;
        if ((state & NEXT) == 0) {
            leaveSet(entityId, state); // the next batch's set was emptied already
        }
        states[entityId] = tier | wait(entityId, tier, handPhase(entityId, tier, periods[tier]));
    }

    /**
     * The phase for an entity of {@code tier} to take: the next, round robin; or, in a tier with
     * 8 blocks' worth of entities a phase or more, the phase of its block of 512 ids, a block
     * taking the phase with the fewest entities when its first entity takes one. A batch's entities
     * of a large slow tier then come in runs of neighbouring ids, whose components and history
     * entries the memory streams in, however the entities move between tiers. Each new block evens
     * the phases out: with a tier's blocks filled as they are handed out, no phase holds more than a
     * block (an eighth of the mean) over the fewest, whatever ids the tier has.
     */
    private int handPhase(int entityId, int tier, int period) {
        if (entities[tier] < BLOCK_MODE_PER_PHASE * period) {
            return nextPhase(tier, period);
        }
        int block = entityId >>> BLOCK_BITS;
        int[] phases = blockPhases[tier];
        if (phases == null || block >= phases.length) {
            phases = blockPhases[tier] = Arrays.copyOf(phases == null ? new int[0] : phases,
                    Math.max(block + 1, (states.length >>> BLOCK_BITS) + 1));
        }
        if (phases[block] == 0) {
            phases[block] = fewestEntities(phaseCounts[tier]) + 1;
        }
        return phases[block] - 1;
    }

    /** The phase with the fewest entities waiting, the first of equals. O(period). */
    private static int fewestEntities(int[] counts) {
        int fewest = 0;
        for (int phase = 1; phase < counts.length; phase++) {
            if (counts[phase] < counts[fewest]) {
                fewest = phase;
            }
        }
        return fewest;
    }

    /** The tier's next phase, round robin. */
    private int nextPhase(int tier, int period) {
        return phase[tier] = phase[tier] + 1 >= period ? 0 : phase[tier] + 1;
    }

    /**
     * Batch {@code k} starts, so batch k - 1 is complete, having lasted {@code endedSeconds} of game
     * time: its slots and length join the window of the last (longest period) batches, and each
     * tier's decisions per second are its slots over the window's length. O(tiers + longest period).
     */
    void batchStarting(long k, double endedSeconds) {
        if (batchStarted) {
            int at = PortableMath.floorMod(k - 1, recentSeconds.length);
            recentSeconds[at] = endedSeconds;
            double windowSeconds = 0; // summed afresh: a running sum would keep the error of one huge length
            for (double length : recentSeconds) {
                windowSeconds += length;
            }
            for (int tier = 0; tier < slots.length; tier++) {
                windowSlots[tier] += slots[tier] - recentSlots[tier][at];
                recentSlots[tier][at] = slots[tier];
                decisionsPerSecond[tier] = windowSeconds > 0 ? windowSlots[tier] / windowSeconds : 0;
            }
        }
        Arrays.fill(slots, 0);
        batchStarted = true;
    }

    /**
     * Asks the subscribed entity's tier and moves it there; if {@code tierOf} set other tiers, its
     * answer was for the old ones, and the entity keeps the tier the new ones gave it until it is
     * asked again.
     *
     * @throws IllegalStateException naming the system, the entity and the value if {@code tierOf}
     *                               answers a tier out of range, or with what it threw as the cause
     */
    void assess(int entityId) {
        int[] asked = periods;
        int tier;
        try {
            tier = system.tierOf(entityId);
        } catch (Throwable thrown) { // any Throwable: Kotlin and @SneakyThrows throw checked ones unchecked
            throw tierOfFailed(entityId, thrown);
        }
        if (periods != asked) {
            return;
        }
        if (tier < 0 || tier >= asked.length) {
            throw notATier(entityId, tier);
        }
        move(entityId, tier);
    }

    /** What a {@code tierOf} that threw fails with; a VM error is rethrown as it is. Off the sweep's path, which stays small. */
    private IllegalStateException tierOfFailed(int entityId, Throwable thrown) {
        if (Platform.isFatal(thrown)) {
            throw (Error) thrown;
        }
        return new IllegalStateException(system.getClass().getName() + ".tierOf(" + entityId + ") failed: " + thrown,
                thrown);
    }

    private IllegalStateException notATier(int entityId, int tier) {
        return new IllegalStateException(system.getClass().getName() + ".tierOf(" + entityId + ") returned " + tier
                + ", not a tier of " + tiers + " (0 to " + (periods.length - 1) + ")");
    }

    /**
     * Assesses this tick's share of the {@code subscribed} entities (ascending ids), going on where
     * the last tick stopped, so that every one is asked once per reassess period; a failure is kept
     * for the end of the tick and the entity keeps its tier. A {@code tierOf} that sets other tiers
     * has the rest of the sweep ask with them; one that switches them off ends it. O(entities ×
     * delta / period).
     */
    void reassessSome(IntBag subscribed, float delta) {
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
                assess(id);
            } catch (IllegalStateException failed) {
                failures.add(failed);
            }
            reassessFrom = id + 1;
            if (!tiered()) {
                return; // tierOf switched the tiers off: no tier is asked with one
            }
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
