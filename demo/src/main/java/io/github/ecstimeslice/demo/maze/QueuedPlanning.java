package io.github.ecstimeslice.demo.maze;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import com.badlogic.gdx.ai.msg.MessageDispatcher;
import com.badlogic.gdx.ai.msg.Telegram;
import com.badlogic.gdx.ai.msg.Telegraph;
import com.badlogic.gdx.ai.pfa.DefaultGraphPath;
import com.badlogic.gdx.ai.pfa.PathFinderQueue;
import com.badlogic.gdx.ai.pfa.PathFinderRequest;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.paths.PathGoal;
import io.github.ecstimeslice.paths.Route;

import java.util.Arrays;

/**
 * The comparison's gdx-ai row: the agents' paths planned by gdx-ai's own {@link PathFinderQueue},
 * as shipped, on the world's thread, given the same milliseconds a tick as the timesliced planner.
 * Each agent has a request of its own; an agent whose request is not queued is queued at the
 * start of a tick (so the queue serves the agents round robin), and the queue then runs for the
 * tick's time, resuming a search a tick left unfinished. A finished search is sent back through a
 * {@link MessageDispatcher} of this system's own (not the {@code MessageManager} singleton) and
 * copied into the agent's {@link Route}, which {@link io.github.ecstimeslice.paths.PathWalkSystem}
 * walks as it walks the timesliced planner's.
 */
final class QueuedPlanning extends BaseEntitySystem implements Telegraph {

    private final MazeGraph graph;
    private final long nanosPerTick;
    private final PathFinderQueue<MazeGraph.Cell> queue;
    private final MessageDispatcher dispatcher = new MessageDispatcher();
    private final Telegram enqueue = new Telegram();
    private ComponentMapper<Position> positions;
    private ComponentMapper<PathGoal> goals;
    private ComponentMapper<Route> routes;
    /** Per agent id: its request, made when it joins. */
    private AgentRequest[] requests = new AgentRequest[0];
    private int[] nodes = new int[64];
    private long tick = -1;
    private long planned;

    /** A request that knows its agent and whether it is queued. */
    private static final class AgentRequest extends PathFinderRequest<MazeGraph.Cell> {
        final int agent;
        boolean queued;

        AgentRequest(int agent, MessageDispatcher dispatcher) {
            super(null, null, MazeGraph.OCTILE, new DefaultGraphPath<>(), dispatcher);
            this.agent = agent;
        }
    }

    QueuedPlanning(MazeGraph graph, double millisPerTick) {
        super(Aspect.all(Position.class, PathGoal.class, Route.class));
        this.graph = graph;
        this.nanosPerTick = (long) (millisPerTick * 1_000_000);
        this.queue = new PathFinderQueue<>(new IndexedAStarPathFinder<>(graph));
        enqueue.sender = this;
    }

    /** Paths planned so far. */
    long planned() {
        return planned;
    }

    /** The current tick: 0 during the first, as {@code TimeslicedSystem.tick()}. */
    long tick() {
        return tick;
    }

    @Override
    protected void inserted(int agent) {
        if (agent >= requests.length) {
            requests = Arrays.copyOf(requests, Math.max(agent + 1, requests.length * 2));
        }
        requests[agent] = new AgentRequest(agent, dispatcher);
    }

    @Override
    protected void removed(int agent) {
        requests[agent] = null; // a search of it still queued finds no request and is dropped
    }

    @Override
    protected void processSystem() {
        tick++;
        IntBag agents = subscription.getEntities();
        int[] ids = agents.getData();
        for (int i = 0, s = agents.size(); s > i; i++) {
            AgentRequest request = requests[ids[i]];
            if (!request.queued) {
                queue(request);
            }
        }
        queue.run(nanosPerTick);
    }

    /** Queues the agent's search from the node it walks to (or stands on) to its goal. */
    private void queue(AgentRequest request) {
        int agent = request.agent;
        Route route = routes.get(agent);
        Position at = positions.get(agent);
        int start = route.heading() != Route.NONE ? route.heading() : graph.indexAt(at.x, at.y);
        request.startNode = graph.node(start);
        request.endNode = graph.node(goals.get(agent).node);
        request.resultPath.clear();
        request.queued = true;
        enqueue.extraInfo = request;
        queue.handleMessage(enqueue);
    }

    /** A search finished: its path becomes the agent's route. */
    @Override
    public boolean handleMessage(Telegram telegram) {
        AgentRequest request = (AgentRequest) telegram.extraInfo;
        request.queued = false;
        if (requests.length <= request.agent || requests[request.agent] != request) {
            return true; // the agent left
        }
        planned++;
        DefaultGraphPath<MazeGraph.Cell> path = (DefaultGraphPath<MazeGraph.Cell>) request.resultPath;
        int count = request.pathFound ? path.getCount() : 0;
        if (nodes.length < count) {
            nodes = new int[Math.max(count, nodes.length * 2)];
        }
        float cost = 0;
        for (int i = 0; i < count; i++) {
            nodes[i] = path.get(i).index;
            if (i > 0) {
                cost += (float) Math.hypot(path.get(i).x - path.get(i - 1).x, path.get(i).y - path.get(i - 1).y);
            }
        }
        routes.get(request.agent).follow(request.endNode.index, nodes, count, cost, tick);
        return true;
    }
}
