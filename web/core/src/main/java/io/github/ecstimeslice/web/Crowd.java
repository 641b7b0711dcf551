package io.github.ecstimeslice.web;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import com.artemis.utils.IntBag;
import com.badlogic.gdx.math.RandomXS128;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Tiers;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import io.github.ecstimeslice.facing.TurnRate;

/**
 * The web demo's scene, Chou's facing example: NPCs stand on a field and face a target that
 * bounces across it. The facing kit decides where each NPC should face, a rotating subset a tick
 * ({@link CrowdFacing}); its animation turns every NPC toward its latest decision.
 *
 * <ul>
 * <li>Tiers by distance to the target, on unless switched off: near NPCs decide every batch, the
 *     middle ring every 2nd, far ones every 4th, and the animation turns them every 1st, 2nd or
 *     4th tick.</li>
 * <li>Every half second 1% of the NPCs (at least one) die and as many spawn, each decided at once.</li>
 * <li>One {@link #tick()} is one tick of 1/60 s, whatever the frame rate.</li>
 * <li>Deterministic by seed: positions are multiples of 1/8, exact in float on every platform,
 *     so under a count budget the same seed makes the same decisions in the same ticks on the JVM
 *     and in a browser ({@link #checksum()}).</li>
 * </ul>
 */
public final class Crowd {

    /** The field's size, in world units. */
    public static final int WIDTH = 96;
    public static final int HEIGHT = 60;
    /** The seconds a tick stands for. */
    public static final float TICK_SECONDS = 1 / 60f;
    /** Ticks whose saves {@link #checksum()} folds in. */
    public static final int CHECKSUM_TICKS = 300;
    /** The page's start: 2,000 NPCs, a batch every half second (AIAO, tiered). */
    public static final int DEFAULT_NPCS = 2_000;
    public static final Budget DEFAULT_BUDGET = Budget.batchEvery(0.5);
    /** NPCs at most: the count a page may ask for. */
    public static final int MOST_NPCS = 100_000;
    /** Ticks between two rounds of deaths and spawns. */
    static final int CHURN_PERIOD = 30;
    /** The ring limits of the tiers, in world units from the target. */
    static final float NEAR = 16;
    static final float MIDDLE = 32;
    /** The tiers when on: batch periods of the near, middle and far rings. */
    static final Tiers TIERS = Tiers.decideEvery(1, 2, 4).reassessEvery(0.25);

    private final World world;
    private final CrowdFacing facing;
    private final RandomXS128 random;
    private final EntitySubscription npcs;
    private final ComponentMapper<Position> positions;
    private final ComponentMapper<Born> births;
    /** The target's position, which the decisions read too ({@link CrowdFacing#target}). */
    private final Position target;
    private float targetStepX = 3 / 8f;
    private float targetStepY = 1 / 4f;
    private int npcsWanted;
    /** NPCs alive once the deletes and spawns asked for take effect. */
    private int alive;
    private long tick;
    /** The tick a setting was first changed at, or -1: the checksum stands for the start settings only. */
    private long changedAt = -1;

    /**
     * A crowd of {@code npcs} NPCs placed by {@code seed}, decided under {@code policy} within
     * {@code budget}, tiered.
     *
     * @throws IllegalArgumentException if {@code npcs} is not 1 to {@link #MOST_NPCS}, or
     *                                  {@code policy} or {@code budget} is null
     */
    public Crowd(long seed, int npcs, IoPolicy policy, Budget budget) {
        checkedCount(npcs);
        random = new RandomXS128(seed);
        facing = new CrowdFacing(policy, budget);
        facing.setTiers(TIERS);
        facing.setDecideNewcomersSoon(true);
        TurnAnimationSystem animation = new TurnAnimationSystem();
        animation.followTiersOf(facing, 1, 2, 4);
        world = new World(new WorldConfigurationBuilder().with(new TagManager(), facing, animation).build());
        world.setDelta(TICK_SECONDS);
        positions = world.getMapper(Position.class);
        births = world.getMapper(Born.class);
        this.npcs = world.getAspectSubscriptionManager().get(Aspect.all(TurnRate.class, Born.class, Decided.class));
        int targetId = world.create();
        target = positions.create(targetId).set(WIDTH / 4f, HEIGHT / 3f);
        facing.target = target;
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, targetId);
        npcsWanted = npcs;
        matchCount();
    }

    /** Plays one tick: the target steps, NPCs die and spawn on their period, then the world runs. */
    public void tick() {
        moveTarget();
        if (alive != npcsWanted) {
            matchCount();
        } else if (tick % CHURN_PERIOD == CHURN_PERIOD - 1) {
            churn(Math.max(1, npcsWanted / 100));
        }
        world.process();
        tick++;
    }

    /** Ticks played. */
    public long ticks() {
        return tick;
    }

    /**
     * The checksum of every save's tick and entity over the first {@link #CHECKSUM_TICKS} ticks,
     * once they are played; -1 before then, or if a setting changed within them.
     */
    public long checksum() {
        return tick < CHECKSUM_TICKS || changedAt >= 0 && changedAt < CHECKSUM_TICKS ? -1 : facing.checksum;
    }

    /** The facing decisions, to draw and to read the monitor's figures from. */
    public CrowdFacing facing() {
        return facing;
    }

    /** The living NPCs, in ascending id order; the crowd's own bag: read it, do not keep it. */
    public IntBag npcs() {
        return npcs.getEntities();
    }

    /** The NPCs the page asked for. */
    public int npcsWanted() {
        return npcsWanted;
    }

    /** The world, to read components from. */
    public World world() {
        return world;
    }

    public float targetX() {
        return target.x;
    }

    public float targetY() {
        return target.y;
    }

    /** Whether the NPCs are tiered by distance. */
    public boolean tiered() {
        return facing.tiers().equals(TIERS);
    }

    /** The tick the NPC spawned at (0: one of the first). */
    public int bornAt(int npc) {
        return births.get(npc).tick;
    }

    /** Decides under {@code policy} from the next batch. @throws IllegalArgumentException if null */
    public void setPolicy(IoPolicy policy) {
        if (policy != facing.policy()) {
            facing.setPolicy(policy);
            changed();
        }
    }

    /** Decides within {@code budget} from the next tick. @throws IllegalArgumentException if null */
    public void setBudget(Budget budget) {
        if (!facing.budget().equals(budget)) {
            facing.setBudget(budget);
            changed();
        }
    }

    /**
     * Grows or shrinks the crowd to {@code npcs} NPCs as the next tick begins.
     *
     * @throws IllegalArgumentException if {@code npcs} is not 1 to {@link #MOST_NPCS}
     */
    public void setNpcs(int npcs) {
        if (checkedCount(npcs) != npcsWanted) {
            npcsWanted = npcs;
            changed();
        }
    }

    /** Tiers the NPCs by distance, or decides every NPC every batch, from the next batch. */
    public void setTiered(boolean tiered) {
        if (tiered != tiered()) {
            facing.setTiers(tiered ? TIERS : Tiers.decideEvery(1));
            changed();
        }
    }

    /** Frees the world's entities and systems. */
    public void dispose() {
        world.dispose();
    }

    /** A setting changed; before the first tick it is one of the start settings, which the checksum stands for. */
    private void changed() {
        if (changedAt < 0 && tick > 0) {
            changedAt = tick;
        }
    }

    /** Bounces the target off the field's edges, in steps of 1/8 (exact in float). */
    private void moveTarget() {
        if (target.x + targetStepX < 0 || target.x + targetStepX > WIDTH) {
            targetStepX = -targetStepX;
        }
        if (target.y + targetStepY < 0 || target.y + targetStepY > HEIGHT) {
            targetStepY = -targetStepY;
        }
        target.set(target.x + targetStepX, target.y + targetStepY);
    }

    /** {@code count} NPCs, evenly spaced from one the seed picks, die and as many spawn. */
    private void churn(int count) {
        IntBag living = npcs.getEntities();
        int first = random.nextInt(living.size());
        for (int i = 0; i < count; i++) {
            world.delete(living.get((first + i * (living.size() / count)) % living.size()));
            alive--;
            spawn();
        }
    }

    /** Spawns NPCs, or deletes the highest ids, until the crowd has the count asked for. */
    private void matchCount() {
        IntBag living = npcs.getEntities();
        for (int i = living.size() - 1; i >= 0 && alive > npcsWanted; i--, alive--) { // none to delete before the first tick
            world.delete(living.get(i));
        }
        while (alive < npcsWanted) {
            spawn();
        }
    }

    private void spawn() {
        int npc = world.create();
        positions.create(npc).set(random.nextInt(WIDTH * 8) / 8f, random.nextInt(HEIGHT * 8) / 8f);
        float facing = random.nextInt(48) / 8f - 3;
        world.getMapper(Orientation.class).create(npc).radians = facing;
        world.getMapper(DesiredOrientation.class).create(npc).radians = facing; // until its first decision
        world.getMapper(TurnRate.class).create(npc).radiansPerSecond = 3;
        world.getMapper(Decided.class).create(npc);
        births.create(npc).tick = (int) tick;
        alive++;
    }

    private static int checkedCount(int npcs) {
        if (npcs < 1 || npcs > MOST_NPCS) {
            throw new IllegalArgumentException("npcs must be 1 to " + MOST_NPCS + ", was " + npcs);
        }
        return npcs;
    }
}
