/**
 * Timeslicing for artemis-odb: decide for a rotating share of the entities each tick, within a
 * budget, while every-tick systems act on the latest decisions.
 *
 * <p>Start with {@link io.github.ecstimeslice.TimeslicedSystem}: subclass it with what a job reads
 * ({@code setUpInput}), decides ({@code runJob}) and publishes ({@code outputSaved}); pick an
 * {@link io.github.ecstimeslice.IoPolicy} (when inputs are read and outputs saved), a
 * {@link io.github.ecstimeslice.Budget} (or a share of a {@link io.github.ecstimeslice.SharedBudget}),
 * a {@link io.github.ecstimeslice.Threading}, and if some entities matter more,
 * {@link io.github.ecstimeslice.Tiers}. {@link io.github.ecstimeslice.DecisionHistory} keeps each
 * entity's latest decisions, {@link io.github.ecstimeslice.DecisionStats} what a system did.
 * {@link io.github.ecstimeslice.ParallelIteratingSystem} runs the every-tick layer on all cores,
 * and {@link io.github.ecstimeslice.spread.SpreadInvocationStrategy} runs whole systems less often.
 */
package io.github.ecstimeslice;
