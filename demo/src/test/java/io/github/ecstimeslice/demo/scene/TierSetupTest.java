package io.github.ecstimeslice.demo.scene;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The demo's tiers by distance to the player. */
class TierSetupTest {

    @Test
    void theDefaultRadiiSpreadEvenlyOverHalfTheGridAndIncreaseEvenOnATinyOne() {
        assertArrayEquals(new float[]{50, 100}, TierSetup.defaultRadii(3, 90_000)); // 300 columns
        for (int npcs : new int[]{1, 2, 9, 50, 400}) {
            for (int count = 2; count <= 16; count++) {
                float[] radii = TierSetup.defaultRadii(count, npcs);
                for (int i = 1; i < radii.length; i++) {
                    assertTrue(radii[i] > radii[i - 1], count + " tiers over " + npcs + " NPCs: ring " + i);
                }
                assertTrue(radii[0] >= 1);
            }
        }
    }
}
