package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionLog;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SharedBudget;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.Angles;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import io.github.ecstimeslice.facing.TurnRate;
import io.github.ecstimeslice.facing.DesiredOrientation;

import java.util.Random;

/**
 * The facing scene with three decision systems of three different classes ({@link SharedPlan#SYSTEMS}):
 * {@link FaceTargetSystem} turning the NPCs to the target, {@link AlertnessSystem} rating how near
 * the target or a {@link Threats threat} is, and {@link WanderGoalSystem} picking where each would
 * wander; then the every-tick {@link TurnAnimationSystem}. The three share one
 * {@link SharedBudget}, a share each, or each has a budget of its own. Marks between the systems
 * time each one's turn. NPCs are entities 1 to {@link #npcCount()}, the target entity 0.
 */
public final class SharedScene implements TickedScene {

    private final World world;
    private final TimeslicedSystem<?, ?>[] systems;
    private final Budget[] budgets;
    /** The pool the systems share, or null when each has a budget of its own. */
    private final SharedBudget pool;
    private final TurnAnimationSystem animation = new TurnAnimationSystem();
    /** Marks before each decision system, before the animation and after it. */
    private final Mark[] marks = {new BeforeFacing(), new BeforeAlertness(), new BeforeWander(), new BeforeAnimation(),
            new AfterAnimation()};
    private final int npcCount;
    private final ComponentMapper<Position> positions;
    private final ComponentMapper<Orientation> orientations;

    /** The scene with the three systems sharing {@code pool}, weighted by {@code weights} (one each). */
    public static SharedScene shared(int npcs, long seed, IoPolicy policy, SharedBudget pool, double[] weights,
                                     int history, Threading threading) {
        return shared(npcs, seed, policy, pool, weights, history, threading, null);
    }

    /** As {@link #shared}, every save of the three systems folded into {@code checksum} unless that is null. */
    public static SharedScene shared(int npcs, long seed, IoPolicy policy, SharedBudget pool, double[] weights,
                                     int history, Threading threading, SaveChecksum checksum) {
        Budget[] shares = new Budget[weights.length];
        for (int i = 0; i < weights.length; i++) {
            shares[i] = pool.share(weights[i]);
        }
        return new SharedScene(npcs, seed, policy, shares, pool, history, threading, checksum);
    }

    /** The scene with a budget of its own for each system ({@code budgets}, one each). */
    public static SharedScene separate(int npcs, long seed, IoPolicy policy, Budget[] budgets, int history,
                                       Threading threading) {
        return new SharedScene(npcs, seed, policy, budgets.clone(), null, history, threading, null);
    }

    private SharedScene(int npcs, long seed, IoPolicy policy, Budget[] budgets, SharedBudget pool, int history,
                        Threading threading, SaveChecksum checksum) {
        if (budgets.length != SharedPlan.SYSTEMS.length) {
            throw new IllegalArgumentException("a budget for each of the " + SharedPlan.SYSTEMS.length
                    + " systems, was " + budgets.length);
        }
        this.npcCount = npcs;
        this.budgets = budgets;
        this.pool = pool;
        int columns = FacingWorlds.columns(npcs);
        int rows = Math.max(1, (npcs + columns - 1) / columns);
        float centerX = (columns - 1) / 2f;
        float centerY = (rows - 1) / 2f;
        float halfWidth = Math.max(2f, columns / 2f);
        Threats threats = new Threats(centerX, centerY, halfWidth);
        AlertnessSystem alert = new AlertnessSystem(policy, budgets[1], threats, Math.max(4f, halfWidth / 2));
        WanderGoalSystem wander = new WanderGoalSystem(policy, budgets[2], threats);
        alert.checkSaves(checksum);
        wander.checkSaves(checksum);
        systems = new TimeslicedSystem<?, ?>[]{checksum == null ? new FaceTargetSystem(policy, budgets[0], history)
                : new ChecksummedFacing(policy, budgets[0], history, checksum), alert, wander};
        for (TimeslicedSystem<?, ?> system : systems) {
            system.setThreading(threading);
        }
        TargetPath path = new TargetPath(centerX, centerY, Math.max(1.2f, columns * 0.45f), Math.max(1.0f, rows * 0.4f),
                Math.max(Scene.TARGET_PERIOD, Scene.TARGET_PERIOD_PER_COLUMN * columns));
        world = FacingWorlds.build(npcs, 0, centerX, centerY, path, threats, marks[0], systems[0], marks[1], systems[1],
                marks[2], systems[2], marks[3], animation, marks[4]);
        positions = world.getMapper(Position.class);
        orientations = world.getMapper(Orientation.class);
        ComponentMapper<DesiredOrientation> desired = world.getMapper(DesiredOrientation.class);
        ComponentMapper<TurnRate> turnRates = world.getMapper(TurnRate.class);
        ComponentMapper<Alertness> alertness = world.getMapper(Alertness.class);
        ComponentMapper<WanderGoal> goals = world.getMapper(WanderGoal.class);
        Random random = new Random(seed);
        for (int npc = 1; npc <= npcs; npc++) {
            float facing = Angles.wrap((float) (random.nextDouble() * 2 * Math.PI));
            orientations.create(npc).radians = facing;
            desired.get(npc).radians = facing;
            turnRates.create(npc).radiansPerSecond = FacingWorlds.TURN_RATE;
            alertness.create(npc);
            goals.create(npc);
        }
    }

    /** Makes the scene's decision systems follow {@code log}: recorded, or played back. */
    public void follow(DecisionLog log) {
        log.attach(world);
    }

    /** Runs the turn animation on the world's thread or on all cores; returns this scene. */
    public SharedScene animateOn(Threading threading) {
        animation.setThreading(threading);
        return this;
    }

    @Override
    public void tick(float delta) {
        world.setDelta(delta);
        world.process();
    }

    /** The {@code i}th decision system ({@link SharedPlan#SYSTEMS} names them). */
    public TimeslicedSystem<?, ?> system(int i) {
        return systems[i];
    }

    /** The {@code i}th system's budget: its share of the pool, or its own. */
    public Budget budget(int i) {
        return budgets[i];
    }

    /** The pool the systems share, or null when each has a budget of its own. */
    public SharedBudget pool() {
        return pool;
    }

    /** Nanoseconds the {@code i}th decision system's turn took in the last tick. */
    public long turnNanos(int i) {
        return marks[i + 1].at - marks[i].at;
    }

    /** Nanoseconds the last tick spent deciding: the three systems' turns. */
    public long decisionNanos() {
        return marks[3].at - marks[0].at;
    }

    /** Nanoseconds the last tick spent animating every NPC. */
    public long animationNanos() {
        return marks[4].at - marks[3].at;
    }

    /** Mean, over the NPCs, of how far each faces from the target now, in degrees. O(NPCs). */
    public double meanFacingErrorDegrees() {
        Position aim = positions.get(FacingWorlds.TARGET);
        double sum = 0;
        for (int npc = 1; npc <= npcCount; npc++) {
            Position self = positions.get(npc);
            float toTarget = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
            sum += Math.abs(Angles.shortestTurn(orientations.get(npc).radians, toTarget));
        }
        return npcCount == 0 ? 0 : Math.toDegrees(sum / npcCount);
    }

    /** The NPC's alertness, as {@link AlertnessSystem} last published it. */
    public Alertness alertness(int npc) {
        return world.getMapper(Alertness.class).get(npc);
    }

    /** The NPC's wander goal, as {@link WanderGoalSystem} last published it. */
    public WanderGoal wanderGoal(int npc) {
        return world.getMapper(WanderGoal.class).get(npc);
    }

    /** The NPC's desired orientation, as {@link FaceTargetSystem} last published it. */
    public float desiredOrientation(int npc) {
        return world.getMapper(DesiredOrientation.class).get(npc).radians;
    }

    /** NPCs in the scene: entities 1 to {@code npcCount()}. */
    public int npcCount() {
        return npcCount;
    }

    @Override
    public void dispose() {
        world.dispose();
    }

    /** The time the tick reached it; a class for each place (artemis takes one system of a class). */
    private abstract static class Mark extends BaseSystem {
        long at;

        @Override
        protected void processSystem() {
            at = System.nanoTime();
        }
    }

    private static final class BeforeFacing extends Mark {
    }

    private static final class BeforeAlertness extends Mark {
    }

    private static final class BeforeWander extends Mark {
    }

    private static final class BeforeAnimation extends Mark {
    }

    private static final class AfterAnimation extends Mark {
    }
}
