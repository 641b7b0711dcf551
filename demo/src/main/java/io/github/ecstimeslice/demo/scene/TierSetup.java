package io.github.ecstimeslice.demo.scene;

import io.github.ecstimeslice.Tiers;
import io.github.ecstimeslice.facing.Position;

import java.util.Arrays;
import java.util.Locale;

/**
 * The demo's significance tiers: {@code tiers}' batch periods, the distances from the player that
 * bound them ({@code radii}, one fewer than the tiers, increasing: tier i is within
 * {@code radii[i]}, the last tier beyond them all) and the every-tick layer's period for each tier
 * ({@code tickPeriods}: 1, 2, 4, ... doubling, at most 32).
 */
public record TierSetup(Tiers tiers, float[] radii, int[] tickPeriods) {

    /** Tiers with these batch periods and radii, the animation thinned by doubling tick periods. */
    public static TierSetup of(int[] batchPeriods, float[] radii) {
        int[] ticks = new int[batchPeriods.length];
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = Math.min(32, 1 << Math.min(i, 5));
        }
        return new TierSetup(Tiers.decideEvery(batchPeriods), radii.clone(), ticks);
    }

    /**
     * The default radii for {@code count} tiers over the grid of {@code npcs}: rings evenly spaced
     * out to half the grid's width, {@code columns × i / (2 × count)} for i = 1 to count - 1, and
     * at least i, so that on a small grid each ring is still wider than the one inside it.
     */
    public static float[] defaultRadii(int count, int npcs) {
        int columns = FacingWorlds.columns(npcs);
        float[] radii = new float[count - 1];
        for (int i = 1; i < count; i++) {
            radii[i - 1] = Math.max(i, columns * i / (2f * count));
        }
        return radii;
    }

    /** The tier of an NPC at {@code npc} with the player at {@code player}: squared distances, no root. O(tiers). */
    int tierAt(Position npc, Position player) {
        float dx = npc.x - player.x;
        float dy = npc.y - player.y;
        return tierAt(dx * dx + dy * dy);
    }

    /** The tier of an NPC at {@code squaredDistance} from the player. O(tiers). */
    private int tierAt(float squaredDistance) {
        for (int i = 0; i < radii.length; i++) {
            if (squaredDistance < radii[i] * radii[i]) {
                return i;
            }
        }
        return radii.length;
    }

    @Override
    public String toString() {
        StringBuilder radiiText = new StringBuilder();
        for (float radius : radii) {
            radiiText.append(radiiText.length() == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.1f", radius));
        }
        int[] periods = new int[tiers.count()];
        for (int i = 0; i < periods.length; i++) {
            periods[i] = tiers.batchPeriod(i);
        }
        return "tiers " + Arrays.toString(periods).replace(" ", "") + " within " + radiiText
                + " of the player, animated every " + Arrays.toString(tickPeriods).replace(" ", "") + " ticks";
    }
}
