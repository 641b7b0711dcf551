package io.github.ecstimeslice.paths;

import io.github.ecstimeslice.DecisionHistory;

/**
 * The history component of {@link PathPlanningSystem}: an agent's latest planned paths, with the
 * tick each was saved at. Read it with {@code ComponentMapper<PathHistory>}; the path an agent
 * walks is in its {@link Route}.
 */
public class PathHistory extends DecisionHistory<PlannedPath> {
}
