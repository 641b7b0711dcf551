package io.github.ecstimeslice.spread;

import com.artemis.BaseSystem;
import com.artemis.World;

/**
 * What a game runs around each system a {@link SpreadInvocationStrategy} runs: the work of its
 * own invocation strategy, such as a timer per system or a profiler's start and stop, kept beside
 * the spread one ({@code SpreadInvocationStrategy.Builder.aroundEachRun}). For each system run,
 * every-tick and spread alike, artemis's own managers too (artemis runs them as systems):
 * <ul>
 *   <li>{@code beforeRun}, then the system's {@code process()}, then {@code afterRun}, on the
 *   world's thread, with the system's world; its {@code delta} is the one the system sees (for a
 *   spread system, the game time since its own last run) in both;</li>
 *   <li>{@code afterRun} comes even when the system throws; the strategy's own measure of the
 *   system's cost leaves both hooks out;</li>
 *   <li>several hooks nest as wrappers: {@code beforeRun} in the order added, {@code afterRun} in
 *   the reverse;</li>
 *   <li>disabled systems, and spread systems out of their turn, are not run, and not told.</li>
 * </ul>
 * A hook that throws ends the tick, as a system that throws does.
 */
public interface SystemRunHooks {

    /** Called right before {@code system} runs in {@code world}. */
    void beforeRun(BaseSystem system, World world);

    /** Called right after {@code system} ran in {@code world}, or threw. */
    void afterRun(BaseSystem system, World world);
}
