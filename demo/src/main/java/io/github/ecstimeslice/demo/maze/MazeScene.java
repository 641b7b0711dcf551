package io.github.ecstimeslice.demo.maze;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.systems.IteratingSystem;
import com.badlogic.gdx.ai.pfa.DefaultGraphPath;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import com.badlogic.gdx.math.RandomXS128;
import com.badlogic.gdx.utils.IntArray;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.scene.LogHistogram;
import io.github.ecstimeslice.demo.scene.TickedScene;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.paths.PathGoal;
import io.github.ecstimeslice.paths.PathPlanningSystem;
import io.github.ecstimeslice.paths.PathWalkSystem;
import io.github.ecstimeslice.paths.Route;
import io.github.ecstimeslice.paths.WalkSpeed;

/**
 * The paths scene: agents on the open cells of a {@link Maze} chase a target that tours the maze.
 * Each agent's goal is the cell under the target; a {@link PathPlanningSystem} re-plans the agents
 * under its budget and threading (or, for the comparison, gdx-ai's {@code PathFinderQueue} does),
 * and a {@link PathWalkSystem} walks every agent along its latest path every tick. Marks around the two layers time each tick's planning and walking. Entity 0 is
 * the target, agents are entities 1 to {@link #agentCount()}.
 */
public final class MazeScene implements TickedScene {

    /** Agents walk this many cells a second, the target a little slower, so they catch it up. */
    public static final float AGENT_SPEED = 4;
    public static final float TARGET_SPEED = 3;
    /** Places the target's tour goes through, in turn, and back to the first. */
    private static final int TOUR_STOPS = 6;

    private final MazeGraph graph;
    private final World world;
    /** The planner: the timesliced one, or gdx-ai's queue; the other is null. */
    private final PathPlanningSystem<MazeGraph.Cell> planning;
    private final QueuedPlanning queued;
    private final PathWalkSystem walking;
    private final TargetTour tour;
    private final int agents;
    private final ComponentMapper<Position> positions;
    private final ComponentMapper<Route> routes;
    private final BeforePlanning beforePlanning = new BeforePlanning();
    private final BeforeWalking beforeWalking = new BeforeWalking();
    private final AfterWalking afterWalking = new AfterWalking();

    /**
     * A scene of {@code agents} agents, each on an open cell of its own, in {@code graph}'s maze,
     * placed from {@code seed}, planned by a {@link PathPlanningSystem} keeping {@code history}
     * paths per agent, each search timed ({@link #jobTimes()}).
     *
     * @throws IllegalArgumentException if the maze has fewer open cells than agents
     */
    public static MazeScene timesliced(MazeGraph graph, int agents, long seed, IoPolicy policy, Budget budget,
                                       int history, Threading threading) {
        PathPlanningSystem<MazeGraph.Cell> planning = new TimedPathPlanning(graph, policy, budget, history);
        planning.setThreading(threading);
        return new MazeScene(graph, agents, seed, planning, null, false);
    }

    /**
     * The benchmarks' variant, planned by {@code planning} (a planner over {@code graph} the caller
     * made): the agents patrol instead of chasing, each to a random open cell and, once there, to
     * another, so searches stay as long as the maze makes them however long the scene runs.
     */
    public static MazeScene patrolling(MazeGraph graph, int agents, long seed, PathPlanningSystem<MazeGraph.Cell> planning) {
        return new MazeScene(graph, agents, seed, planning, null, true);
    }

    /** As {@link #patrolling}, the agents chasing the target as in the demo's paths scene. */
    public static MazeScene chasing(MazeGraph graph, int agents, long seed, PathPlanningSystem<MazeGraph.Cell> planning) {
        return new MazeScene(graph, agents, seed, planning, null, false);
    }

    /** The scene planned by gdx-ai's {@code PathFinderQueue}, running {@code millisPerTick} a tick; patrolling if asked. */
    public static MazeScene queued(MazeGraph graph, int agents, long seed, double millisPerTick, boolean patrol) {
        return new MazeScene(graph, agents, seed, null, new QueuedPlanning(graph, millisPerTick), patrol);
    }

    private MazeScene(MazeGraph graph, int agents, long seed, PathPlanningSystem<MazeGraph.Cell> planning,
                      QueuedPlanning queued, boolean patrol) {
        if (agents < 1 || agents > graph.getNodeCount()) {
            throw new IllegalArgumentException("the maze has " + graph.getNodeCount() + " open cells, room for 1 to "
                    + graph.getNodeCount() + " agents, was " + agents);
        }
        this.graph = graph;
        this.agents = agents;
        RandomXS128 random = new RandomXS128(seed);
        tour = new TargetTour(graph, tourThrough(graph, TOUR_STOPS, random));
        this.planning = planning;
        this.queued = queued;
        walking = new PathWalkSystem(graph);
        world = new World(new WorldConfigurationBuilder()
                .with(tour, patrol ? new Patrol(graph, seed) : new ChaseTarget(graph), beforePlanning, planning != null ? planning : queued, beforeWalking,
                        walking, afterWalking)
                .build());
        positions = world.getMapper(Position.class);
        routes = world.getMapper(Route.class);
        int target = world.create();
        positions.create(target).set(graph.x(tour.stop(0)), graph.y(tour.stop(0)));
        tour.follow(target);
        ComponentMapper<PathGoal> goals = world.getMapper(PathGoal.class);
        ComponentMapper<WalkSpeed> speeds = world.getMapper(WalkSpeed.class);
        int[] cells = shuffledNodes(graph.getNodeCount(), random);
        for (int i = 0; i < agents; i++) {
            int agent = world.create();
            positions.create(agent).set(graph.x(cells[i]), graph.y(cells[i]));
            goals.create(agent).node = tour.stop(0);
            routes.create(agent);
            speeds.create(agent).unitsPerSecond = AGENT_SPEED;
        }
    }

    /**
     * A closed tour: the cheapest paths from one random open cell to the next, {@code stops} of
     * them, and from the last back to the first; its cells in order, each once at the joins.
     */
    private static int[] tourThrough(MazeGraph graph, int stops, RandomXS128 random) {
        IndexedAStarPathFinder<MazeGraph.Cell> finder = new IndexedAStarPathFinder<>(graph);
        DefaultGraphPath<MazeGraph.Cell> leg = new DefaultGraphPath<>();
        IntArray cells = new IntArray();
        int first = random.nextInt(graph.getNodeCount());
        int from = first;
        for (int stop = 1; stop <= stops; stop++) {
            int to = stop == stops ? first : random.nextInt(graph.getNodeCount());
            leg.clear();
            finder.searchNodePath(graph.node(from), graph.node(to), MazeGraph.OCTILE, leg); // open cells all connect
            for (int i = 0; i < leg.getCount() - 1; i++) { // the leg's last cell starts the next leg
                cells.add(leg.get(i).index);
            }
            from = to;
        }
        if (cells.size < 2) { // every stop on one cell: step to a neighbour and back
            cells.clear();
            cells.add(first);
            cells.add(graph.getConnections(graph.node(first)).first().getToNode().index);
        }
        return cells.toArray();
    }

    /** The numbers 0 to {@code count} - 1 in a random order (Fisher-Yates). */
    private static int[] shuffledNodes(int count, RandomXS128 random) {
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        for (int i = count - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        return order;
    }

    /** Walks the agents on the world's thread or on all cores; returns this scene. */
    public MazeScene walkOn(Threading threading) {
        walking.setThreading(threading);
        return this;
    }

    /** Runs one tick of {@code delta} seconds. */
    @Override
    public void tick(float delta) {
        world.setDelta(delta);
        world.process();
    }

    /** Nanoseconds the last tick spent planning (the planning system's turn). */
    public long planningNanos() {
        return beforeWalking.at - beforePlanning.at;
    }

    /** Nanoseconds the last tick spent walking the agents. */
    public long walkingNanos() {
        return afterWalking.at - beforeWalking.at;
    }

    /** The timesliced planner; null in a scene planned by gdx-ai's queue. */
    public PathPlanningSystem<MazeGraph.Cell> planning() {
        return planning;
    }

    /** Each search's time, from a scene made by {@link #timesliced}; else null. */
    public LogHistogram jobTimes() {
        return planning instanceof TimedPathPlanning timed ? timed.jobTimes : null;
    }

    /** The longest search since the last call, ns, from a scene made by {@link #timesliced}; else -1. */
    public long takeLongestJobNanos() {
        return planning instanceof TimedPathPlanning timed ? timed.longestJob.getAndSet(0) : -1;
    }

    /** Paths planned so far (found or not). */
    public long pathsPlanned() {
        return planning != null ? planning.stats().jobsRunTotal() : queued.planned();
    }

    public MazeGraph graph() {
        return graph;
    }

    public int agentCount() {
        return agents;
    }

    /** The agent's (1 to {@link #agentCount()}) position, live. */
    public Position position(int agent) {
        return positions.get(agent);
    }

    /** The agent's route, live. */
    public Route route(int agent) {
        return routes.get(agent);
    }

    /** The target's position, live. */
    public Position targetPosition() {
        return positions.get(0);
    }

    /** Game seconds the target takes to go round its tour once. */
    public double tourSeconds() {
        return tour.lengthInCells() / TARGET_SPEED;
    }

    /** What the agents' routes show now, measured over every agent: O(agents). */
    public Measures measure(Measures into) {
        long tick = planning != null ? planning.stats().tick() : queued.tick();
        float delta = world.delta;
        into.clear();
        for (int agent = 1; agent <= agents; agent++) {
            Route route = routes.get(agent);
            if (route.plannedAtTick() < 0) {
                continue;
            }
            into.planned++;
            double age = (tick - route.plannedAtTick()) * (double) delta;
            into.ageSum += age;
            into.maxAgeSeconds = Math.max(into.maxAgeSeconds, age);
            if (route.found()) {
                into.withPath++;
                into.costSum += route.cost();
            }
        }
        return into;
    }

    /** What {@link #measure} found: agents planned at least once and with a path, path ages and costs. */
    public static final class Measures {
        int planned;
        int withPath;
        double ageSum;
        double maxAgeSeconds;
        double costSum;

        void clear() {
            planned = 0;
            withPath = 0;
            ageSum = 0;
            maxAgeSeconds = 0;
            costSum = 0;
        }

        /** Agents planned at least once, whether or not their latest plan found a path. */
        public int planned() {
            return planned;
        }

        /** Agents whose latest plan found a path. */
        public int withPath() {
            return withPath;
        }

        /** Mean game seconds since the agents' latest plans were saved (0 before any). */
        public double meanAgeSeconds() {
            return planned == 0 ? 0 : ageSum / planned;
        }

        /** The oldest plan's age in game seconds. */
        public double maxAgeSeconds() {
            return maxAgeSeconds;
        }

        /** Mean cost of the agents' paths, in cells walked (0 if none has a path). */
        public double meanPathCells() {
            return withPath == 0 ? 0 : costSum / withPath;
        }
    }

    @Override
    public void dispose() {
        world.dispose();
    }

    /** Moves the target along its tour, {@link #TARGET_SPEED} cells a second, round and round. */
    static final class TargetTour extends BaseSystem {
        private final MazeGraph graph;
        private final int[] cells;
        private final float length;
        private ComponentMapper<Position> positions;
        private int target = -1;
        /** The tour cell the target walks to next. */
        private int next = 1;

        TargetTour(MazeGraph graph, int[] cells) {
            this.graph = graph;
            this.cells = cells;
            float sum = 0;
            for (int i = 0; i < cells.length; i++) {
                int a = cells[i];
                int b = cells[(i + 1) % cells.length];
                sum += (float) Math.hypot(graph.x(b) - graph.x(a), graph.y(b) - graph.y(a));
            }
            this.length = sum;
        }

        void follow(int target) {
            this.target = target;
        }

        int stop(int index) {
            return cells[index];
        }

        float lengthInCells() {
            return length;
        }

        @Override
        protected void processSystem() {
            Position at = positions.get(target);
            float step = TARGET_SPEED * world.delta;
            while (step > 0) {
                int cell = cells[next];
                float dx = graph.x(cell) - at.x;
                float dy = graph.y(cell) - at.y;
                float distance = (float) Math.sqrt(dx * dx + dy * dy);
                if (distance > step) {
                    at.x += dx * step / distance;
                    at.y += dy * step / distance;
                    return;
                }
                at.set(graph.x(cell), graph.y(cell));
                step -= distance;
                next = (next + 1) % cells.length;
            }
        }
    }

    /** Sets every agent's goal to the cell under the target, each tick before planning. */
    static final class ChaseTarget extends IteratingSystem {
        private final MazeGraph graph;
        private ComponentMapper<Position> positions;
        private ComponentMapper<PathGoal> goals;
        private int targetCell;

        ChaseTarget(MazeGraph graph) {
            super(Aspect.all(PathGoal.class));
            this.graph = graph;
        }

        @Override
        protected void begin() {
            Position target = positions.get(0);
            targetCell = graph.indexAt(target.x, target.y);
        }

        @Override
        protected void process(int agent) {
            goals.get(agent).node = targetCell;
        }
    }

    /**
     * Gives each agent that stands with a plan behind it (it reached its goal, or its path ended)
     * a new goal, a random open cell; seeded, so the same scene patrols the same way.
     */
    static final class Patrol extends IteratingSystem {
        private final MazeGraph graph;
        private final RandomXS128 random;
        private ComponentMapper<PathGoal> goals;
        private ComponentMapper<Route> routes;
        /** Per agent: the tick of the plan it stood after when it last got a goal; -1 for none. */
        private long[] drawnAfter = new long[0];

        Patrol(MazeGraph graph, long seed) {
            super(Aspect.all(PathGoal.class, Route.class));
            this.graph = graph;
            this.random = new RandomXS128(seed ^ 0x5DEECE66DL);
        }

        @Override
        protected void inserted(int agent) {
            if (agent >= drawnAfter.length) {
                drawnAfter = java.util.Arrays.copyOf(drawnAfter, Math.max(agent + 1, drawnAfter.length * 2));
            }
            drawnAfter[agent] = -1;
            goals.get(agent).node = random.nextInt(graph.getNodeCount());
        }

        @Override
        protected void process(int agent) {
            Route route = routes.get(agent);
            long planned = route.plannedAtTick();
            if (route.heading() == Route.NONE && planned >= 0 && planned != drawnAfter[agent]) {
                drawnAfter[agent] = planned;
                goals.get(agent).node = random.nextInt(graph.getNodeCount());
            }
        }
    }

    /** Marks: the time the tick reached each layer. */
    abstract static class Mark extends BaseSystem {
        long at;

        @Override
        protected void processSystem() {
            at = System.nanoTime();
        }
    }

    static final class BeforePlanning extends Mark {
    }

    static final class BeforeWalking extends Mark {
    }

    static final class AfterWalking extends Mark {
    }
}
