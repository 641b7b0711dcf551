package io.github.ecstimeslice.demo.scene;

import com.artemis.ComponentMapper;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Position;

/**
 * Facing decisions with significance tiers by distance to the player (the entity the scene's
 * {@link PlayerWalk} moves): the nearer, the more often an NPC decides. Squared distances, no
 * allocation.
 */
final class PlayerTieredFacing extends FaceTargetSystem {

    private final TierSetup setup;
    private final int player;
    private ComponentMapper<Position> positions;

    PlayerTieredFacing(IoPolicy policy, Budget budget, int history, TierSetup setup, int player) {
        super(policy, budget, history);
        this.setup = setup;
        this.player = player;
        setTiers(setup.tiers());
    }

    @Override
    protected int tierOf(int entityId) {
        return setup.tierAt(positions.get(entityId), positions.get(player));
    }
}
