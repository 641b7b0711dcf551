package io.github.ecstimeslice.paths;

import com.artemis.PooledComponent;

/**
 * The path an agent walks: its latest planned path, copied in by {@link PathPlanningSystem} when
 * the plan is saved, and where the agent is along it, kept by {@link PathWalkSystem}. Add it
 * (empty) when you create the agent.
 *
 * <p>The agent walks to {@link #heading()}, then to the path's nodes from {@link #nextIndex()} on,
 * and stands on the goal. A new path takes over from where the agent is: if it holds the node the
 * agent walks to (it does when it was planned from the agent's current input, see
 * {@link PathPlanningSystem#startNode(int)}), the agent goes on from there without turning back;
 * else it walks to the new path's start first. A plan that found no path ({@link PathStatus#NOT_FOUND},
 * {@link PathStatus#LIMIT}) empties the path: the agent finishes the step it is on and stands.
 *
 * <p>Node indices live in a growable {@code int[]} reused from path to path (also by the agent
 * that gets this component from the pool next): no object per path.
 */
public class Route extends PooledComponent {

    /** No node: {@link #heading()} of an agent that stands, {@link #goal()} before the first plan. */
    public static final int NONE = -1;

    private static final int[] NO_NODES = new int[0];

    private PathStatus status;
    private int goal = NONE;
    private float cost;
    private int[] nodes = NO_NODES;
    private int length;
    private int next;
    private int heading = NONE;
    private long plannedAtTick = -1;
    /** How many times {@link #stop()} was called: a plan whose input was read before the last is dropped. */
    int stops;

    /** How the latest plan ended; {@code null} before the first. */
    public PathStatus status() {
        return status;
    }

    /** True if the latest plan found a path. */
    public boolean found() {
        return status == PathStatus.FOUND;
    }

    /** The goal node of the latest plan; {@link #NONE} before the first. */
    public int goal() {
        return goal;
    }

    /** The latest path's cost (see {@link PlannedPath#cost()}); 0 without a path. */
    public float cost() {
        return cost;
    }

    /** How many nodes the latest path has, from its start to its goal; 0 without a path. */
    public int length() {
        return length;
    }

    /**
     * The latest path's node at {@code index}: 0 its start, {@code length() - 1} its goal.
     *
     * @throws IndexOutOfBoundsException if {@code index} is negative or not below {@link #length()}
     */
    public int node(int index) {
        return checkedNode(nodes, length, index);
    }

    /** The node the agent walks to now; {@link #NONE} if it stands. */
    public int heading() {
        return heading;
    }

    /** The index in the path of the node the agent walks to after {@link #heading()}; {@link #length()} if none. */
    public int nextIndex() {
        return next;
    }

    /** The tick ({@link io.github.ecstimeslice.DecisionStats#tick()}) the latest plan was saved at; -1 before the first. */
    public long plannedAtTick() {
        return plannedAtTick;
    }

    /**
     * Stops the agent where it stands and forgets its path (after a teleport, say): its next plan
     * starts from the node under it, and a plan whose input was read before (in flight, or staged
     * by a sync-output batch) is dropped. Its status and goal stay until then.
     */
    public void stop() {
        length = 0;
        next = 0;
        heading = NONE;
        stops++;
    }

    /** Takes {@code path} as the agent's path, saved at {@code tick}, going on from where the agent walks to. O(path length). */
    void follow(PlannedPath path, long tick) {
        take(path.status, path.goal, path.nodes, path.length, path.cost, tick);
    }

    /**
     * Takes a path planned elsewhere (a scripted route, another planner's) as the agent's path:
     * {@code nodes[0, length)} from its start to {@code goal}, costing {@code cost}, planned at
     * {@code tick}; no nodes means none was found ({@link PathStatus#NOT_FOUND}). The agent goes on
     * from where it walks to, as with {@link PathPlanningSystem}'s paths. O(length), no allocation
     * once the route's buffer is as long as the path.
     *
     * @throws IllegalArgumentException if {@code length} is negative or above {@code nodes.length}
     */
    public void follow(int goal, int[] nodes, int length, float cost, long tick) {
        if (length < 0 || length > nodes.length) {
            throw new IllegalArgumentException("length must be from 0 to the " + nodes.length + " nodes given, was "
                    + length);
        }
        take(length > 0 ? PathStatus.FOUND : PathStatus.NOT_FOUND, goal, nodes, length, length > 0 ? cost : 0, tick);
    }

    private void take(PathStatus status, int goal, int[] path, int count, float cost, long tick) {
        this.status = status;
        this.goal = goal;
        this.cost = cost;
        plannedAtTick = tick;
        if (nodes.length < count) {
            nodes = new int[Math.max(count, nodes.length + (nodes.length >> 1))];
        }
        System.arraycopy(path, 0, nodes, 0, count);
        length = count;
        if (count == 0) {
            next = 0; // no path: the agent finishes its step to heading and stands
            return;
        }
        int at = heading == NONE ? -1 : indexOf(heading);
        if (at >= 0) {
            next = at + 1;
        } else {
            heading = nodes[0];
            next = 1;
        }
    }

    /** The agent reached {@link #heading()}: it walks to the path's next node, or stands. */
    void arrived() {
        heading = next < length ? nodes[next++] : NONE;
    }

    private int indexOf(int node) {
        for (int i = 0; i < length; i++) {
            if (nodes[i] == node) {
                return i;
            }
        }
        return -1;
    }

    static int checkedNode(int[] nodes, int length, int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("node index " + index + " is outside the path's " + length + " nodes");
        }
        return nodes[index];
    }

    /** Empties the route for the next agent that gets it from the pool; keeps the buffer. */
    @Override
    protected void reset() {
        status = null;
        goal = NONE;
        cost = 0;
        length = 0;
        next = 0;
        heading = NONE;
        plannedAtTick = -1;
        stops = 0;
    }
}
