package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.maze.Maze;
import io.github.ecstimeslice.demo.maze.MazeGraph;
import io.github.ecstimeslice.demo.maze.MazeScene;
import io.github.ecstimeslice.demo.scene.SharedPlan;
import io.github.ecstimeslice.demo.scene.TierSetup;

import java.nio.file.Path;

/**
 * What the command line asks of a demo run, checked: the {@code scene} and its size ({@code npcs},
 * the agents with {@link SceneKind#PATHS}; {@code mazeWidth} × {@code mazeHeight} cells) and
 * {@code seed}, how its NPCs decide or plan ({@code policy}, {@code budget}, and its milliseconds a
 * tick if it is {@code ms:M}, else NaN; {@code history},
 * {@code threading}), how they turn or walk ({@code animationThreading}), how long and how fast
 * ({@code ticks} at {@code tickRate} a game second), and which runs: {@code compare}, and the GIF
 * folder, trace file and plot file, each null when not asked for; {@code trapMillis}, the live
 * run's profile trap's threshold ({@code --trap-ms}), or 0 for none; {@code jfrFile}, the JDK
 * Flight Recorder file of the live run ({@code --jfr}), or null; {@code tiers}, null without
 * significance tiers; {@code churn}, the NPCs that die and spawn each game second (0: none), and
 * {@code decideSoon}, whether the live run decides the newcomers in the tick they join; {@code shared},
 * the pool three decision systems share ({@code --shared-budget}), or null for the one system of
 * {@code budget}; {@code recordFile} and {@code replayFile}, the live run's decision log
 * ({@code --record}, {@code --replay}), each null when not asked for.
 */
public record RunOptions(SceneKind scene, int npcs, int mazeWidth, int mazeHeight, long seed, IoPolicy policy,
                         Budget budget, double budgetMillis, int history, Threading threading, Threading animationThreading, int ticks,
                         double tickRate, boolean compare, Path gifDirectory, Path traceFile, Path plotFile,
                         double trapMillis, Path jfrFile, TierSetup tiers, double churn, boolean decideSoon, SharedPlan shared,
                         Path recordFile, Path replayFile) {

    /** Game seconds a tick. */
    float delta() {
        return (float) (1 / tickRate);
    }

    /** The maze these options name, made from the seed. */
    MazeGraph mazeGraph() {
        return new MazeGraph(Maze.generate(mazeWidth, mazeHeight, seed));
    }

    /** The paths scene these options name, planning with this policy, budget and threading. */
    MazeScene mazeScene(IoPolicy policy, Budget budget, Threading threading) {
        return MazeScene.timesliced(mazeGraph(), npcs, seed, policy, budget, history, threading);
    }
}
