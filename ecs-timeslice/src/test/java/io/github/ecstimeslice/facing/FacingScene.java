package io.github.ecstimeslice.facing;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;

/** The seed's scene for tests: NPCs on a ring, a tagged target moving on a circle inside it. */
final class FacingScene {

    final World world;
    final FaceTargetSystem decisions;
    final TurnAnimationSystem animation;
    final int target;
    final int[] npcs;
    private final ComponentMapper<Position> positions;
    private final ComponentMapper<Orientation> orientations;

    /**
     * @param targetOrbit   radius of the target's circle around the origin (0 for a still target)
     * @param targetSpeed   the target's angular speed on its circle, radians per second
     * @param npcRing       radius of the NPCs' ring around the origin
     */
    FacingScene(IoPolicy policy, Budget budget, int npcCount, float npcRing, float targetOrbit,
                float targetSpeed, float turnRate) {
        this(policy, budget, TimeslicedSystem.DEFAULT_HISTORY_DEPTH, npcCount, npcRing, targetOrbit, targetSpeed, turnRate);
    }

    /** The scene with a FaceTargetSystem that keeps {@code historyDepth} decisions per NPC. */
    FacingScene(IoPolicy policy, Budget budget, int historyDepth, int npcCount, float npcRing, float targetOrbit,
                float targetSpeed, float turnRate) {
        this(policy, budget, historyDepth, npcCount, npcRing, targetOrbit, targetSpeed, turnRate, false);
    }

    /**
     * The scene, with {@code restless} tiers if asked: three tiers (1, 4, 16) that every NPC
     * changes at every assessment (reassessed every 0.05 s, and a tenth of them every tick at
     * once), the animation thinned to match.
     */
    FacingScene(IoPolicy policy, Budget budget, int historyDepth, int npcCount, float npcRing, float targetOrbit,
                float targetSpeed, float turnRate, boolean restless) {
        decisions = restless ? new RestlessTiers(policy, budget, historyDepth) : new FaceTargetSystem(policy, budget, historyDepth);
        animation = new TurnAnimationSystem();
        if (restless) {
            decisions.setTiers(io.github.ecstimeslice.Tiers.decideEvery(1, 4, 16).reassessEvery(0.05));
            animation.followTiersOf(decisions, 1, 2, 4);
        }
        world = new World(new WorldConfigurationBuilder()
                .with(new TagManager(), new TargetMover(targetOrbit, targetSpeed), decisions, animation)
                .build());
        positions = world.getMapper(Position.class);
        orientations = world.getMapper(Orientation.class);
        target = world.create();
        positions.create(target).set(targetOrbit, 0);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        npcs = new int[npcCount];
        for (int i = 0; i < npcCount; i++) {
            double angle = 2 * Math.PI * i / npcCount;
            npcs[i] = npc((float) (npcRing * Math.cos(angle)), (float) (npcRing * Math.sin(angle)), 0f, turnRate);
        }
    }

    int npc(float x, float y, float orientation, float turnRate) {
        int id = world.create();
        positions.create(id).set(x, y);
        orientations.create(id).radians = orientation;
        world.getMapper(DesiredOrientation.class).create(id).radians = orientation;
        world.getMapper(TurnRate.class).create(id).radiansPerSecond = turnRate;
        return id;
    }

    void run(int ticks, float delta) {
        for (int i = 0; i < ticks; i++) {
            world.setDelta(delta);
            world.process();
            if (decisions instanceof RestlessTiers) {
                for (int n = i % 10; n < npcs.length; n += 10) {
                    decisions.reassess(npcs[n]);
                }
            }
        }
    }

    /** Facing decisions whose every assessment moves the NPC to another tier. */
    static final class RestlessTiers extends FaceTargetSystem {
        private int asked;

        RestlessTiers(IoPolicy policy, Budget budget, int historyDepth) {
            super(policy, budget, historyDepth);
        }

        @Override
        protected int tierOf(int entityId) {
            return (entityId + asked++) % 3;
        }
    }

    /** How far, in radians, the NPC's orientation is from facing the target now. */
    float facingError(int npc) {
        Position self = positions.get(npc);
        Position aim = positions.get(target);
        float toTarget = (float) Math.atan2(aim.y - self.y, aim.x - self.x);
        return Math.abs(Angles.shortestTurn(orientations.get(npc).radians, toTarget));
    }

    /** Moves the tagged target around the origin at a constant angular speed. */
    static final class TargetMover extends BaseSystem {
        private final float orbit;
        private final float speed;
        private double angle;
        private ComponentMapper<Position> positions;
        private TagManager tags;

        TargetMover(float orbit, float speed) {
            this.orbit = orbit;
            this.speed = speed;
        }

        @Override
        protected void processSystem() {
            angle += speed * world.delta;
            int target = tags.getEntityId(FaceTargetSystem.DEFAULT_TARGET_TAG);
            positions.get(target).set((float) (orbit * Math.cos(angle)), (float) (orbit * Math.sin(angle)));
        }
    }
}
