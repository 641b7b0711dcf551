package io.github.ecstimeslice.spread;

/**
 * Where a {@link SpreadInvocationStrategy} keeps the moves its balancing makes, so that a run can
 * be made again with the same schedule though its measured costs differ:
 * <ul>
 * <li>recording, {@link #follow} keeps each value and returns it;</li>
 * <li>playing back, it returns the value kept in its place.</li>
 * </ul>
 * {@code io.github.ecstimeslice.DecisionLog#follow} is one, in the stream of a world's decisions:
 * {@code strategy.followSchedule(log::follow)}.
 */
public interface ScheduleLog {

    /** Keeps {@code value} (at least 0) and returns it, or returns the value kept in its place. */
    int follow(int value);
}
