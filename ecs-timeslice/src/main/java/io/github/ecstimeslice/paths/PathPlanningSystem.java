package io.github.ecstimeslice.paths;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.SkipWire;
import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SlicedSystem;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.Position;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Path planning, timesliced: for every agent with a {@link Position}, a {@link PathGoal} and a
 * {@link Route}, a job plans the cheapest path from the agent's current node to its goal node
 * with gdx-ai's {@link IndexedAStarPathFinder} over the game's graph, and when the job's output is
 * saved copies the path into the agent's {@link Route}. Pair it with {@link PathWalkSystem}, which
 * walks every agent along its route every tick.
 *
 * <p><b>When.</b>
 * <ul>
 * <li>Each agent is re-planned once a batch, as its {@link Budget} spreads the batch over the
 *     ticks: a moving goal is followed with the budget's latency.</li>
 * <li>A goal that cannot be reached ({@link PathStatus#NOT_FOUND}), or a search the node limit
 *     stopped ({@link PathStatus#LIMIT}), is tried again at the agent's next turn, not before.</li>
 * <li>{@link IoPolicy#AIAO} suits paths best: it plans from where the agent is when its job
 *     starts; with sync input a batch's paths start where the agents were when it began.</li>
 * <li>The start node is {@link #startNode(int)}: the node the agent walks to, or the one under it
 *     ({@link NodeMap#indexAt}) if it stands.</li>
 * </ul>
 *
 * <p><b>Threads.</b> A job runs its search on the job's thread. With
 * {@link #setThreading(Threading) setThreading}{@code (WORKERS_SAME_TICK)} or
 * {@code WORKERS_NEXT_TICK}, searches run on all cores:
 * <ul>
 * <li>each job takes a finder no other job uses (gdx-ai's are not thread-safe) from the system's
 *     idle ones, and gives it back after: as many finders as jobs ever ran at once;</li>
 * <li>the graph's {@code getConnections} and {@code getIndex} and the heuristic are called from
 *     several threads at once: they must only read, and the graph must not change while jobs run;</li>
 * <li>next-tick jobs run during other systems' turns and between ticks: a graph the game changes
 *     needs same-tick workers or the world's thread, and changes between ticks;</li>
 * <li>the node count is read again before every search (a new count makes new finders); nodes
 *     keep their objects and indices.</li>
 * </ul>
 *
 * <p><b>Cost.</b>
 * <ul>
 * <li>A job: one A* search over the nodes it expands, at most {@link #maxNodesPerSearch()}; in
 *     steady state no allocation (outputs and routes keep their node buffers, finders their node
 *     records).</li>
 * <li>Memory per finder: gdx-ai's record for every node its searches visited (about 40 bytes each,
 *     up to the graph's node count). Per agent: its route and {@code historyDepth + 1} outputs, each
 *     a node buffer as long as the longest path it held.</li>
 * </ul>
 *
 * <p><b>Failures and churn.</b>
 * <ul>
 * <li>A start or goal that is not a node of the graph fails the job with an
 *     {@code IllegalStateException} naming the agent and the value, thrown from
 *     {@code world.process()} as a {@link io.github.ecstimeslice.JobFailedException}.</li>
 * <li>An agent that leaves gets no path from a job in flight, and a recycled id never receives
 *     another agent's path.</li>
 * <li>An agent whose goal, route or position is taken off during the planner's own turn (from
 *     {@code outputSaved}, say) leaves when the turn ends and may still get a job: it searches
 *     nothing ({@link PathStatus#NO_GOAL}) and its route stays as it was.</li>
 * </ul>
 *
 * @param <N> the graph's node type
 */
public class PathPlanningSystem<N> extends SlicedSystem<PathQuery<N>, PlannedPath> {

    /** {@link #maxNodesPerSearch()} unless set: no limit. */
    public static final int NO_NODE_LIMIT = Integer.MAX_VALUE;
    /** How many paths each agent's {@link PathHistory} keeps unless the constructor says otherwise. */
    public static final int DEFAULT_PATH_HISTORY_DEPTH = 1;

    /** Fetched at the first input read, not wired: artemis's GWT reflection sees a generic system's mappers erased. */
    @SkipWire
    private ComponentMapper<Position> positions;
    @SkipWire
    private ComponentMapper<PathGoal> goals;
    @SkipWire
    private ComponentMapper<Route> routes;

    @SkipWire
    private final IndexedGraph<N> graph;
    @SkipWire
    private final Heuristic<N> heuristic;
    @SkipWire
    private final NodeMap<N> map;
    /** The searches no job is using; guarded by itself. A pool, not one per thread: threads come and go. */
    @SkipWire
    private final ArrayDeque<PathSearch<N>> idle = new ArrayDeque<>();
    /** Every search made, to release them all on dispose; guarded by {@link #idle}. */
    @SkipWire
    private final List<PathSearch<N>> made = new ArrayList<>();
    private int maxNodesPerSearch = NO_NODE_LIMIT;

    /**
     * A path planner over the game's graph that keeps each agent's latest path in its
     * {@link PathHistory} too ({@value #DEFAULT_PATH_HISTORY_DEPTH} path).
     *
     * @param graph     the graph to search; must only be read while jobs run
     * @param heuristic the A* estimate of the cost between two nodes: never above the real cost,
     *                  or paths may not be the cheapest; called from the jobs' threads
     * @param map       which node an index names, and which node is under an agent
     * @throws IllegalArgumentException if any argument is null
     */
    public PathPlanningSystem(IndexedGraph<N> graph, Heuristic<N> heuristic, NodeMap<N> map, IoPolicy policy,
                              Budget budget) {
        this(graph, heuristic, map, policy, budget, DEFAULT_PATH_HISTORY_DEPTH);
    }

    /**
     * A path planner that keeps {@code historyDepth} paths per agent in its {@link PathHistory}, 1
     * to 1,024, or none with {@link #NO_HISTORY} (each path is then only copied into the agent's
     * {@link Route}; ages cannot be measured).
     *
     * @throws IllegalArgumentException if any argument is null, or {@code historyDepth} is below 0
     *                                  or above 1,024
     */
    public PathPlanningSystem(IndexedGraph<N> graph, Heuristic<N> heuristic, NodeMap<N> map, IoPolicy policy,
                              Budget budget, int historyDepth) {
        super(Aspect.all(Position.class, PathGoal.class, Route.class), policy, budget, PathHistory.class,
                historyDepth);
        this.graph = notNull(graph, "graph");
        this.heuristic = notNull(heuristic, "heuristic");
        this.map = notNull(map, "node map");
    }

    /** Fetches the mappers, at the first input read: a subclass's {@code initialize()} cannot skip it. */
    private void fetchMappers() {
        positions = world.getMapper(Position.class);
        goals = world.getMapper(PathGoal.class);
        routes = world.getMapper(Route.class);
    }

    /** The most nodes one search expands before it stops with {@link PathStatus#LIMIT}. */
    public int maxNodesPerSearch() {
        return maxNodesPerSearch;
    }

    /**
     * Stops each search that has expanded {@code nodes} nodes without reaching the goal, reporting
     * {@link PathStatus#LIMIT}: bounds a job's cost when goals may be far or unreachable. The
     * limit is part of a search's input: it applies from the next input read, which is the next
     * job's with async input (AIAO, AISO) and the next batch's with sync input (SIAO, SISO).
     *
     * @param nodes at least 1; {@link #NO_NODE_LIMIT} for none
     * @throws IllegalArgumentException naming the value if {@code nodes} is below 1
     */
    public void setMaxNodesPerSearch(int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("max nodes per search must be at least 1, was " + nodes);
        }
        maxNodesPerSearch = nodes;
    }

    /** The graph this system searches. */
    public IndexedGraph<N> graph() {
        return graph;
    }

    /** The map of the graph's nodes this system was given. */
    public NodeMap<N> nodeMap() {
        return map;
    }

    /**
     * The node the agent's next path starts from, on the world's thread when its job starts (with
     * sync input, when its batch starts). Default: the node it is walking to
     * ({@link Route#heading()}), so it finishes its step and goes on without turning back; if it
     * stands, the node under it ({@link NodeMap#indexAt} of its {@link Position}). Override it to
     * start elsewhere.
     */
    protected int startNode(int agent) {
        int heading = routes.get(agent).heading();
        if (heading != Route.NONE) {
            return heading;
        }
        Position at = positions.get(agent);
        return map.indexAt(at.x, at.y);
    }

    @Override
    protected PathQuery<N> createInput() {
        return new PathQuery<>();
    }

    @Override
    protected PlannedPath createOutput() {
        return new PlannedPath();
    }

    @Override
    protected void setUpInput(int agent, PathQuery<N> query) {
        if (routes == null) {
            fetchMappers();
        }
        if (!goals.has(agent) || !routes.has(agent) || !positions.has(agent)) { // taken off in this turn
            query.start = query.goal = -1;
            query.startNode = query.goalNode = null;
            return;
        }
        int nodes = graph.getNodeCount();
        query.routeStops = routes.get(agent).stops;
        query.start = checkedNode(startNode(agent), nodes, "start", agent);
        query.goal = checkedNode(goals.get(agent).node, nodes, "goal", agent);
        query.startNode = node(query.start, agent);
        query.goalNode = node(query.goal, agent);
        query.maxNodes = maxNodesPerSearch;
    }

    /**
     * Searches the agent's path for at most {@code work} node expansions, on the job's thread: a
     * first piece takes a search no other job uses, and the search goes back to the system's idle
     * ones when the job finishes or is cancelled.
     */
    @Override
    protected int runJobPiece(int agent, PathQuery<N> query, PlannedPath output, int work, boolean first) {
        output.routeStops = query.routeStops;
        if (query.startNode == null) {
            output.noPath(PathStatus.NO_GOAL, query.start, query.goal);
            return 0;
        }
        if (first) {
            int nodes = graph.getNodeCount(); // the graph may have shrunk since a sync input was read
            checkedNode(query.start, nodes, "start", agent);
            checkedNode(query.goal, nodes, "goal", agent);
            query.search = takeSearch();
            query.search.begin(query);
        }
        int used;
        try {
            used = query.search.advance(query, output, work);
        } catch (RuntimeException | Error thrown) { // the search's state is lost: it starts again
            giveBack(query);
            throw thrown;
        }
        if (used != GOES_ON) {
            giveBack(query);
        }
        return used;
    }

    /** Gives the job's search back to the idle ones. */
    @Override
    protected void jobCancelled(int agent, PathQuery<N> query) {
        giveBack(query);
    }

    /** Gives {@code query}'s search, if it holds one, back to the idle ones. */
    private void giveBack(PathQuery<N> query) {
        PathSearch<N> search = query.search;
        if (search != null) {
            query.search = null;
            synchronized (idle) {
                idle.push(search);
            }
        }
    }

    /**
     * Copies the path into the agent's {@link Route}, which goes on from where the agent walks to;
     * nothing for a {@link PathStatus#NO_GOAL} output, a plan read before the route's last
     * {@link Route#stop()}, or once the route was taken off.
     */
    @Override
    protected void outputSaved(int agent, PlannedPath output) {
        Route route = routes.get(agent);
        if (route != null && output.status() != PathStatus.NO_GOAL && output.routeStops == route.stops) {
            route.follow(output, stats().tick());
        }
    }

    /** Waits for the jobs in flight, then lets go of every thread's finder. */
    @Override
    protected void dispose() {
        super.dispose();
        synchronized (idle) {
            for (PathSearch<N> search : made) {
                search.release();
            }
        }
    }

    /** How many searches, each with its finder, the system has made: as many as jobs ran at once. */
    int searchesMade() {
        synchronized (idle) {
            return made.size();
        }
    }

    /** An idle search, or a new one if every search is in use: no allocation once there are enough. */
    private PathSearch<N> takeSearch() {
        synchronized (idle) {
            PathSearch<N> search = idle.poll();
            if (search == null) {
                search = new PathSearch<>(graph, heuristic);
                made.add(search);
            }
            return search;
        }
    }

    private N node(int index, int agent) {
        N node = map.node(index);
        if (node == null) {
            throw new IllegalStateException("the node map has no node " + index + " (for entity " + agent + ")");
        }
        return node;
    }

    private static int checkedNode(int node, int nodes, String what, int agent) {
        if (node < 0 || node >= nodes) {
            throw new IllegalStateException(what + " node of entity " + agent + " must be from 0 to " + (nodes - 1)
                    + ", was " + node);
        }
        return node;
    }

    private static <T> T notNull(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null, was null");
        }
        return value;
    }
}
