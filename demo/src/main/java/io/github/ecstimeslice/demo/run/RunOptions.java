package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.scene.TierSetup;

import java.nio.file.Path;

/**
 * What the command line asks of a demo run, checked: the scene ({@code npcs}, {@code seed}), how its
 * NPCs decide ({@code policy}, {@code budget}, {@code history}, {@code threading}), how they turn
 * ({@code animationThreading}), how long and how fast ({@code ticks} at {@code tickRate} a game
 * second), and which runs: {@code compare}, and the GIF folder, trace file and plot file, each null
 * when not asked for; {@code tiers}, null without significance tiers.
 */
public record RunOptions(int npcs, long seed, IoPolicy policy, Budget budget, int history, Threading threading,
                         Threading animationThreading, int ticks, double tickRate, boolean compare, Path gifDirectory,
                         Path traceFile, Path plotFile, TierSetup tiers) {

    /** Game seconds a tick. */
    float delta() {
        return (float) (1 / tickRate);
    }
}
