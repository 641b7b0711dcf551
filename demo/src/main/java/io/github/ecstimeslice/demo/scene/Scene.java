package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.utils.BitVector;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionLog;
import io.github.ecstimeslice.DecisionAges;
import io.github.ecstimeslice.DecisionHistory;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.JobTimeline;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TickTrap;
import io.github.ecstimeslice.facing.Angles;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import io.github.ecstimeslice.facing.TurnRate;

import java.util.Random;
import java.util.function.IntPredicate;

/**
 * Chou's scene at any scale: NPCs on a square grid, one unit apart, facing random ways; a
 * target moving along a figure-eight over them; a decision system (timesliced, update-all or
 * artemis's interval system) and the every-tick {@link TurnAnimationSystem}. Marks around the two
 * layers time each tick's decision and animation work. Built by {@link FacingWorlds}. With churn,
 * NPCs die and spawn as it goes ({@link Churn}), and {@link #newcomers()} says how long the
 * newcomers waited for their first decision.
 */
public final class Scene implements TickedScene {

    /** Seconds the target takes to go once around its figure-eight, in a small scene. */
    public static final double TARGET_PERIOD = 8;
    /** In a larger scene the lap takes longer, so the target moves at about 3.5 units a second. */
    static final double TARGET_PERIOD_PER_COLUMN = 0.8;

    private final World world;
    /** The timesliced decision system, or null for the comparison deciders. */
    private final FaceTargetSystem decisions;
    /** The interval decision system, or null. */
    private final IntervalFacingSystem interval;
    private final TurnAnimationSystem animation;
    /** The player the tiers are measured from (entity npcs + 1), or -1 without tiers. */
    private final int player;
    /** The rings about the player that bound the tiers, for the measures; null without a player. */
    private final TierSetup rings;
    /** The NPCs dying and spawning, or null without churn. */
    private final Churn churn;
    private final int npcCount;
    private final int columns;
    private final int rows;

    private final ComponentMapper<Position> positions;
    private final ComponentMapper<Orientation> orientations;
    private final ComponentMapper<DesiredOrientation> desired;
    private final DecisionAges ages = new DecisionAges();
    private double meanAgeSeconds;
    private double maxAgeSeconds;

    private long decisionsStart;
    private long animationStart;
    private long animationEnd;

    private Scene(int npcs, long seed, BaseSystem deciding) {
        this(npcs, seed, deciding, null, 0);
    }

    /**
     * The scene; with {@code tiers}, a player walks over the crowd, and if the decisions are in
     * those tiers the animation is thinned to match; with {@code churnPerSecond} above 0, that many
     * NPCs die and spawn each second ({@link Churn}; not with tiers).
     */
    private Scene(int npcs, long seed, BaseSystem deciding, TierSetup tiers, double churnPerSecond) {
        if (tiers != null && churnPerSecond > 0) {
            throw new IllegalArgumentException("churn spawns NPCs in the untiered scene, was with " + tiers);
        }
        this.npcCount = npcs;
        this.rings = tiers;
        this.columns = FacingWorlds.columns(npcs);
        this.rows = Math.max(1, (npcs + columns - 1) / columns);
        this.decisions = deciding instanceof FaceTargetSystem timesliced ? timesliced : null;
        this.interval = deciding instanceof IntervalFacingSystem atOnce ? atOnce : null;
        this.animation = new TurnAnimationSystem();
        float centerX = (columns - 1) / 2f;
        float centerY = (rows - 1) / 2f;
        TargetPath path = new TargetPath(centerX, centerY, Math.max(1.2f, columns * 0.45f), Math.max(1.0f, rows * 0.4f),
                Math.max(TARGET_PERIOD, TARGET_PERIOD_PER_COLUMN * columns));
        player = tiers == null ? -1 : npcs + 1; // made right after the NPCs
        BaseSystem[] layers = {new BeforeDecisions(), deciding, new BeforeAnimation(), animation, new AfterAnimation()};
        churn = churnPerSecond > 0 ? new Churn(churnPerSecond, npcs, columns, seed) : null;
        if (churn != null) { // births and deaths before the decisions' time, the watch after the animation's
            layers = new BaseSystem[]{churn.births, churn.deaths, layers[0], layers[1], layers[2], layers[3], layers[4],
                    churn.watch};
            churn.watchDecisions(decidedBy(deciding));
        }
        if (tiers != null) { // the player walks first
            BaseSystem[] walking = new BaseSystem[layers.length + 1];
            // once around each lap of the target, so a looping picture loops the player too
            walking[0] = new PlayerWalk(player, centerX, centerY, Math.max(1, columns / 3f),
                    Math.max(TARGET_PERIOD, TARGET_PERIOD_PER_COLUMN * columns));
            System.arraycopy(layers, 0, walking, 1, layers.length);
            layers = walking;
        }
        world = FacingWorlds.build(npcs, 0, centerX, centerY, path, layers);
        positions = world.getMapper(Position.class);
        if (tiers != null) {
            int made = world.create();
            if (made != player) {
                throw new IllegalStateException("the player should be entity " + player + ", was " + made);
            }
            positions.create(player).set(centerX + Math.max(1, columns / 3f), centerY);
            if (decisions.tiers().count() > 1) {
                animation.followTiersOf(decisions, tiers.tickPeriods());
            }
        }
        orientations = world.getMapper(Orientation.class);
        desired = world.getMapper(DesiredOrientation.class);
        ComponentMapper<TurnRate> turnRates = world.getMapper(TurnRate.class);
        Random random = new Random(seed);
        for (int npc = 1; npc <= npcs; npc++) {
            float facing = Angles.wrap((float) (random.nextDouble() * 2 * Math.PI));
            orientations.create(npc).radians = facing;
            desired.get(npc).radians = facing;
            turnRates.create(npc).radiansPerSecond = FacingWorlds.TURN_RATE;
        }
    }

    /**
     * Whether {@code deciding} has decided for an NPC since it joined: the timesliced system has
     * saved a decision in its history (null with no history: its decisions are not seen), the
     * others mark each NPC they decide for.
     */
    private static IntPredicate decidedBy(BaseSystem deciding) {
        if (deciding instanceof FaceTargetSystem timesliced) {
            if (timesliced.historyDepth() == 0) {
                return null;
            }
            return npc -> {
                DecisionHistory<?> history = timesliced.historyOf(npc);
                return history != null && !history.isEmpty();
            };
        }
        BitVector marks = deciding instanceof UpdateAllFacingSystem all ? all.markDecisions()
                : ((IntervalFacingSystem) deciding).markDecisions();
        return marks::get;
    }

    /**
     * A scene whose NPCs decide with a timesliced {@link FaceTargetSystem} keeping {@code history}
     * decisions each, recording its turns and jobs into {@code timeline} unless that is null.
     */
    public static Scene timesliced(int npcs, long seed, IoPolicy policy, Budget budget, int history,
                                   Threading threading, JobTimeline timeline) {
        return timesliced(npcs, seed, policy, budget, history, threading, timeline, 0);
    }

    /**
     * As {@link #timesliced(int, long, IoPolicy, Budget, int, Threading, JobTimeline)}, with
     * {@code churnPerSecond} NPCs dying and spawning each second of game time (0: none, else
     * more than 0 and at most {@code npcs}).
     */
    public static Scene timesliced(int npcs, long seed, IoPolicy policy, Budget budget, int history,
                                   Threading threading, JobTimeline timeline, double churnPerSecond) {
        return timesliced(npcs, seed, policy, budget, history, threading, timeline, churnPerSecond, null);
    }

    /**
     * As {@link #timesliced(int, long, IoPolicy, Budget, int, Threading, JobTimeline, double)},
     * every save folded into {@code checksum} unless that is null.
     */
    public static Scene timesliced(int npcs, long seed, IoPolicy policy, Budget budget, int history,
                                   Threading threading, JobTimeline timeline, double churnPerSecond,
                                   SaveChecksum checksum) {
        FaceTargetSystem system = checksum == null ? new FaceTargetSystem(policy, budget, history)
                : new ChecksummedFacing(policy, budget, history, checksum);
        system.stats().setJobTimeline(timeline);
        system.setThreading(threading);
        return new Scene(npcs, seed, system, null, churnPerSecond);
    }

    /**
     * A scene whose NPCs decide with a timesliced {@link FaceTargetSystem} in significance tiers by
     * distance to a player walking over them, the animation thinned to match.
     */
    public static Scene tiered(int npcs, long seed, IoPolicy policy, Budget budget, int history,
                               Threading threading, TierSetup tiers) {
        FaceTargetSystem system = new PlayerTieredFacing(policy, budget, history, tiers, npcs + 1);
        system.setThreading(threading);
        return new Scene(npcs, seed, system, tiers, 0);
    }

    /**
     * The same scene, player and rings, with the NPCs deciding untiered: every NPC in every batch,
     * every NPC turning every tick. The rings only sort the NPCs for the measures.
     */
    public static Scene untieredWithPlayer(int npcs, long seed, IoPolicy policy, Budget budget, int history,
                                           Threading threading, TierSetup rings) {
        FaceTargetSystem system = new FaceTargetSystem(policy, budget, history);
        system.setThreading(threading);
        return new Scene(npcs, seed, system, rings, 0);
    }

    /** A scene whose NPCs all decide every tick. */
    public static Scene updateAll(int npcs, long seed) {
        return updateAll(npcs, seed, 0);
    }

    /** A scene whose NPCs all decide every tick, {@code churnPerSecond} of them dying and spawning each second. */
    public static Scene updateAll(int npcs, long seed, double churnPerSecond) {
        return new Scene(npcs, seed, new UpdateAllFacingSystem(), null, churnPerSecond);
    }

    /** A scene whose NPCs all decide at once every {@code intervalSeconds}. */
    public static Scene interval(int npcs, long seed, float intervalSeconds) {
        return interval(npcs, seed, intervalSeconds, 0);
    }

    /** A scene whose NPCs all decide at once every {@code intervalSeconds}, {@code churnPerSecond} dying and spawning each second. */
    public static Scene interval(int npcs, long seed, float intervalSeconds, double churnPerSecond) {
        return new Scene(npcs, seed, new IntervalFacingSystem(intervalSeconds), null, churnPerSecond);
    }

    /**
     * Decides each NPC that spawns in the tick it joins: the timesliced system's
     * {@link FaceTargetSystem#setDecideNewcomersSoon setDecideNewcomersSoon(true)}, turned on in
     * the first tick, once the starting crowd has joined (which is decided in the first batch, as
     * without). Call it before the first tick. Returns this scene.
     *
     * @throws IllegalStateException if the scene has no churn or no timesliced system
     */
    public Scene decideNewcomersSoon() {
        if (churn == null || decisions == null) {
            throw new IllegalStateException("newcomers are decided soon by a timesliced system in a scene with churn");
        }
        churn.decideSoonWith(decisions);
        return this;
    }

    /** The NPCs that spawned and their waits for a first decision, or null in a scene without churn. */
    public Newcomers newcomers() {
        return churn == null ? null : churn.newcomers();
    }

    /** True if the newcomers' first decisions are seen: with churn, but for a timesliced system with no history. */
    public boolean seesNewcomersDecisions() {
        return churn != null && churn.seesDecisions();
    }

    /** Makes the scene's decision systems follow {@code log}: recorded, or played back. */
    public void follow(DecisionLog log) {
        log.attach(world);
    }

    /** Runs the turn animation on the world's thread or on all cores; returns this scene. */
    public Scene animateOn(Threading threading) {
        animation.setThreading(threading);
        return this;
    }

    /** Runs one tick of {@code delta} seconds. */
    @Override
    public void tick(float delta) {
        world.setDelta(delta);
        world.process();
    }

    /** Runs one tick of {@code delta} game seconds through {@code trap}; returns true if it fired the trap. */
    public boolean tick(float delta, TickTrap trap) {
        world.setDelta(delta);
        return trap.process(world);
    }

    /** Nanoseconds the last tick spent deciding (the decision system's turn). */
    public long decisionNanos() {
        return animationStart - decisionsStart;
    }

    /** Nanoseconds the last tick spent animating every NPC. */
    public long animationNanos() {
        return animationEnd - animationStart;
    }

    /**
     * Mean, over the NPCs, of how far each faces from the target now, in degrees (with churn, over
     * those alive: the last tick's dead are replaced in the next). O(NPCs).
     */
    public double meanFacingErrorDegrees() {
        Position aim = positions.get(FacingWorlds.TARGET);
        double sum = 0;
        int alive = 0;
        for (int npc = 1; npc <= npcCount; npc++) {
            if (churn == null || positions.has(npc)) {
                sum += facingErrorRadians(npc, aim);
                alive++;
            }
        }
        return alive == 0 ? 0 : Math.toDegrees(sum / alive);
    }

    /** How many significance tiers the NPCs are in: 1 without tiers. */
    public int tierCount() {
        return decisions == null ? 1 : decisions.tiers().count();
    }

    /** The NPC's tier now: 0 without tiers. */
    public int tierOf(int npc) {
        return decisions == null ? 0 : Math.max(0, decisions.tier(npc));
    }

    /** The player's position, or null in a scene without tiers. */
    public Position playerPosition() {
        return player < 0 ? null : positions.get(player);
    }

    /** How many rings about the player sort the NPCs: 1 without a player. */
    public int ringCount() {
        return rings == null ? 1 : rings.tiers().count();
    }

    /** The ring the NPC stands in now: 0 within the first radius of the player, and so on; 0 without a player. */
    public int ringOf(int npc) {
        if (rings == null) {
            return 0;
        }
        return rings.tierAt(positions.get(npc), positions.get(player));
    }

    /** Mean, over the NPCs in {@code ring} now, of how far each faces from the target, in degrees; 0 if none. O(NPCs). */
    public double meanFacingErrorDegrees(int ring) {
        Position aim = positions.get(FacingWorlds.TARGET);
        double sum = 0;
        int count = 0;
        for (int npc = 1; npc <= npcCount; npc++) {
            if (ringOf(npc) != ring) {
                continue;
            }
            sum += facingErrorRadians(npc, aim);
            count++;
        }
        return count == 0 ? 0 : Math.toDegrees(sum / count);
    }

    /** How far, in radians, the NPC faces from {@code aim} now. */
    private float facingErrorRadians(int npc, Position aim) {
        Position self = positions.get(npc);
        float toTarget = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
        return Math.abs(Angles.shortestTurn(orientations.get(npc).radians, toTarget));
    }

    /**
     * Mean age, in game seconds, of the latest decisions of the NPCs in {@code ring} now (those
     * with one); 0 if none, or if the decisions are not kept. O(NPCs).
     */
    public double meanDecisionAgeSeconds(int ring) {
        if (decisions == null || decisions.historyDepth() == 0) {
            return 0;
        }
        double sum = 0;
        int count = 0;
        for (int npc = 1; npc <= npcCount; npc++) {
            DecisionHistory<?> history = decisions.historyOf(npc);
            if (history != null && !history.isEmpty() && ringOf(npc) == ring) {
                sum += decisions.stats().gameSeconds() - history.savedAtSeconds(0);
                count++;
            }
        }
        return count == 0 ? 0 : sum / count;
    }

    /** True if the decision ages can be measured: the decisions are kept, or made all at once. */
    public boolean measuresAges() {
        return decisions == null || decisions.historyDepth() > 0;
    }

    /**
     * Measures how old the decisions the NPCs act on are now, in game seconds (0 when all decide
     * every tick), for {@link #meanDecisionAgeSeconds()} and {@link #maxDecisionAgeSeconds()}.
     * O(NPCs) with a timesliced system. Returns false while no NPC has a decision yet.
     */
    public boolean measureDecisionAges() {
        if (decisions != null) {
            decisions.stats().measureAges(ages);
            meanAgeSeconds = ages.meanSeconds();
            maxAgeSeconds = ages.maxSeconds();
            return ages.withOutput() > 0;
        }
        meanAgeSeconds = interval != null ? interval.decisionAgeSeconds() : 0;
        maxAgeSeconds = meanAgeSeconds;
        return true;
    }

    /** Age of the oldest decision an NPC acted on when last measured. */
    public double maxDecisionAgeSeconds() {
        return maxAgeSeconds;
    }

    /** Mean age of the decisions the NPCs acted on when last measured. */
    public double meanDecisionAgeSeconds() {
        return meanAgeSeconds;
    }

    /** NPCs in the scene: entities 1 to {@code npcCount()}. */
    public int npcCount() {
        return npcCount;
    }

    /** Grid columns and rows: NPC i stands at (i % columns, i / columns). */
    public int columns() {
        return columns;
    }

    public int rows() {
        return rows;
    }

    /** The timesliced decision system, or null when the NPCs decide every tick or at intervals. */
    public FaceTargetSystem decisions() {
        return decisions;
    }

    /** The NPCs' and the target's positions and orientations, for pictures. */
    public Position position(int npc) {
        return positions.get(npc);
    }

    public Position targetPosition() {
        return positions.get(FacingWorlds.TARGET);
    }

    public float orientation(int npc) {
        return orientations.get(npc).radians;
    }

    public float desiredOrientation(int npc) {
        return desired.get(npc).radians;
    }

    /** Disposes of the scene's world (and the decision system's workers). */
    @Override
    public void dispose() {
        world.dispose();
    }

    private final class BeforeDecisions extends BaseSystem {
        @Override
        protected void processSystem() {
            decisionsStart = System.nanoTime();
        }
    }

    private final class BeforeAnimation extends BaseSystem {
        @Override
        protected void processSystem() {
            animationStart = System.nanoTime();
        }
    }

    private final class AfterAnimation extends BaseSystem {
        @Override
        protected void processSystem() {
            animationEnd = System.nanoTime();
        }
    }
}
