package io.github.ecstimeslice.paths;

/**
 * What a path job produces: how its search ended and, if a path was {@link PathStatus#FOUND found},
 * its node indices from the start to the goal (both included) and its cost, the sum of its
 * connections' costs. Kept in a growable {@code int[]} that the system reuses from job to job:
 * read it within the tick, copy what you keep ({@link Route} is the agent's copy).
 */
public final class PlannedPath {

    private static final int[] NO_NODES = new int[0];

    PathStatus status = PathStatus.NOT_FOUND;
    int start;
    int goal;
    float cost;
    int length;
    int[] nodes = NO_NODES;
    /** The agent's {@link Route#stops} when its query was read. */
    int routeStops;

    /** How the search ended. */
    public PathStatus status() {
        return status;
    }

    /** The node the search started from. */
    public int start() {
        return start;
    }

    /** The goal node searched for. */
    public int goal() {
        return goal;
    }

    /** The path's cost with {@link PathStatus#FOUND}, else 0. */
    public float cost() {
        return cost;
    }

    /** How many nodes the path has, the start and the goal included (1 if they are one); 0 unless found. */
    public int length() {
        return length;
    }

    /**
     * The path's node at {@code index}: 0 is the start, {@code length() - 1} the goal.
     *
     * @throws IndexOutOfBoundsException if {@code index} is negative or not below {@link #length()}
     */
    public int node(int index) {
        return Route.checkedNode(nodes, length, index);
    }

    /** A buffer of at least {@code capacity} nodes, the path's own; grows by half at least, so only while paths grow. */
    int[] nodesFor(int capacity) {
        if (nodes.length < capacity) {
            nodes = new int[Math.max(capacity, nodes.length + (nodes.length >> 1))];
        }
        return nodes;
    }

    /** Ends this output without a path. */
    void noPath(PathStatus status, int start, int goal) {
        this.status = status;
        this.start = start;
        this.goal = goal;
        this.cost = 0;
        this.length = 0;
    }

    @Override
    public String toString() {
        return "PlannedPath[" + status + ", " + start + " -> " + goal + ", " + length + " nodes, cost " + cost + "]";
    }
}
