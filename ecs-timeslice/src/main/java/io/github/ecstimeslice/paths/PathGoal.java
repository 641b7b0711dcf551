package io.github.ecstimeslice.paths;

import com.artemis.Component;

/**
 * Where an agent wants to go: the index of its goal node in the game's graph. Set it when you
 * create the agent and whenever the goal moves; {@link PathPlanningSystem} reads it at the agent's
 * next turn. Remove the component to stop planning for the agent (it walks its last path to the end).
 */
public class PathGoal extends Component {
    public int node;
}
