/**
 * Whole systems run less often: {@link io.github.ecstimeslice.spread.SpreadInvocationStrategy}, an
 * artemis invocation strategy that runs the systems marked every-tick each tick and spreads the
 * others over N ticks in groups balanced from their measured cost ({@code SpreadGroups}, timed by
 * a {@code RunClock}), with {@link io.github.ecstimeslice.spread.SystemRunHooks} for a game's own
 * per-system work beside it. Independent of the rest of the library: any artemis system can be
 * spread.
 */
package io.github.ecstimeslice.spread;
