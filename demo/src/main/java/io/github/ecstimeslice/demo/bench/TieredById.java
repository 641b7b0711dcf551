package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Tiers;
import io.github.ecstimeslice.facing.FaceTargetSystem;

/**
 * Tiered facing decisions with tiers by entity id instead of by distance: the first
 * {@code nearIds} NPCs in tier 0, the next {@code midIds} in tier 1, the rest in tier 2, with
 * {@code Tiers.decideEvery(1, 4, 16)}; nobody moves. Against {@link TieredFacing} it tells what
 * the spread of a batch's ids costs: with every NPC in tier 0 a batch is every NPC in id order, as
 * without tiers; with {@link TieredFacing}'s tier sizes it is a run of near ids and blocks of the
 * others.
 */
final class TieredById extends FaceTargetSystem {

    private final int nearIds;
    private final int midIds;

    /** Tiered decisions under {@code budget} keeping {@code historyDepth} decisions per NPC. */
    TieredById(Budget budget, int historyDepth, int nearIds, int midIds) {
        super(IoPolicy.AIAO, budget, historyDepth);
        this.nearIds = nearIds;
        this.midIds = midIds;
        setTiers(Tiers.decideEvery(1, 4, 16));
    }

    @Override
    protected int tierOf(int entityId) {
        int npc = entityId - 1; // entity 0 is the target
        return npc < nearIds ? 0 : npc - nearIds < midIds ? 1 : 2;
    }
}
