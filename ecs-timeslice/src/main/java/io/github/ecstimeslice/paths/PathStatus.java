package io.github.ecstimeslice.paths;

/**
 * How an agent's latest path search ended. A search that ended {@link #NOT_FOUND} or {@link #LIMIT}
 * is not retried by itself: the agent is planned again at its next turn in the rotation, like
 * every other agent, so the budget bounds what failing searches cost too.
 */
public enum PathStatus {
    /** The goal was reached: the path is the cheapest from the start to the goal. */
    FOUND,
    /** The goal cannot be reached from the start: the search ran out of nodes to expand. */
    NOT_FOUND,
    /**
     * The search expanded {@link PathPlanningSystem#maxNodesPerSearch()} nodes without reaching the
     * goal and stopped: no path, and whether one exists is not known.
     */
    LIMIT,
    /**
     * The agent's {@link PathGoal}, {@link Route} or position was taken off during the planner's
     * own turn, after its batch began, so its job still ran (artemis tells the planner when the
     * turn ends): nothing was searched, and its route is left as it was.
     */
    NO_GOAL
}
