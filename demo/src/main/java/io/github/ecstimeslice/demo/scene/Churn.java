package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import io.github.ecstimeslice.facing.Angles;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnRate;

import java.util.Random;
import java.util.function.IntPredicate;

/**
 * NPCs dying and spawning in a {@link Scene}: {@code perSecond} NPCs die each second of game time,
 * spread over the ticks (the fraction of a death carried to the next tick), and as many spawn at
 * the start of the next tick, each in the place of one that died: artemis frees a dead NPC's id
 * when the tick ends and gives it to the next entity made, and a newcomer stands on its id's grid
 * cell facing a random way, so the scene's NPCs stay entities 1 to N (but for the tick's dead,
 * missing between ticks). Who dies and which way newcomers face come from the seed: the same
 * every run, and in every row of a comparison.
 *
 * <p>Three systems: the births and the deaths, before the decision system, so a newcomer joins
 * before the decision system's turn in the tick it spawns (and one that dies is gone for that
 * turn); and a watch at the end of each tick, which tells {@link Newcomers} which of the waiting
 * newcomers have their first decision now.
 */
final class Churn {

    private final double perSecond;
    private final int npcs;
    private final int columns;
    private final Random random;
    /** The NPC ids, shuffled as victims are drawn from them: a partial Fisher–Yates each tick. */
    private final int[] ids;
    private final Newcomers newcomers = new Newcomers();
    /** Whether a newcomer has its first decision; null when the decisions cannot be seen (no history). */
    private IntPredicate decided;
    /** The decision system to decide newcomers soon, turned on in the first tick (after the starting crowd joined). */
    private FaceTargetSystem decideSoonOn;

    /** The index of the tick in progress: 0 in the first. */
    private long tick = -1;
    /** The deaths owed but not yet due (under one), and the births due next tick (this tick's deaths). */
    private double carry;
    private int due;

    /** The systems, in this order: births and deaths before the decisions, the watch last. */
    final BaseSystem births = new Births();
    final BaseSystem deaths = new Deaths();
    final BaseSystem watch = new Watch();

    Churn(double perSecond, int npcs, int columns, long seed) {
        if (!(perSecond > 0 && perSecond <= npcs)) {
            throw new IllegalArgumentException("churn must be more than 0 and at most the " + npcs
                    + " NPCs a second, was " + perSecond);
        }
        this.perSecond = perSecond;
        this.npcs = npcs;
        this.columns = columns;
        this.random = new Random(seed ^ 0x636875726EL); // not the scene's own stream of the seed
        this.ids = new int[npcs];
        for (int i = 0; i < npcs; i++) {
            ids[i] = i + 1;
        }
    }

    /** The newcomers' waits for their first decision. */
    Newcomers newcomers() {
        return newcomers;
    }

    /** Sees a newcomer's first decision with {@code decided}; without one, the waits are not measured. */
    void watchDecisions(IntPredicate decided) {
        this.decided = decided;
    }

    /** True if the newcomers' first decisions are seen. */
    boolean seesDecisions() {
        return decided != null;
    }

    /** Decides the newcomers soon from the first tick on: after the starting crowd joined, so it is not decided soon. */
    void decideSoonWith(FaceTargetSystem decisions) {
        decideSoonOn = decisions;
    }

    private final class Deaths extends BaseSystem {
        @Override
        protected void processSystem() {
            carry += perSecond * world.delta;
            int dying = (int) Math.min(npcs, Math.floor(carry));
            carry -= dying;
            for (int j = 0; j < dying; j++) {
                int pick = j + random.nextInt(npcs - j);
                int victim = ids[pick];
                ids[pick] = ids[j];
                ids[j] = victim;
                newcomers.died(victim);
                world.delete(victim);
            }
            due = dying;
        }
    }

    private final class Births extends BaseSystem {
        private ComponentMapper<Position> positions;
        private ComponentMapper<DesiredOrientation> desired;
        private ComponentMapper<Orientation> orientations;
        private ComponentMapper<TurnRate> turnRates;

        @Override
        protected void processSystem() {
            tick++;
            if (decideSoonOn != null) { // the starting crowd joined as this tick began
                decideSoonOn.setDecideNewcomersSoon(true);
                decideSoonOn = null;
            }
            for (int b = 0; b < due; b++) {
                int npc = world.create(); // the id of one that died last tick: artemis freed them as it ended
                if (npc < 1 || npc > npcs) {
                    throw new IllegalStateException("a newcomer should take a dead NPC's id, 1 to " + npcs + ", was " + npc);
                }
                int i = npc - 1;
                positions.create(npc).set(i % columns, i / columns);
                float facing = Angles.wrap((float) (random.nextDouble() * 2 * Math.PI));
                orientations.create(npc).radians = facing;
                desired.create(npc).radians = facing;
                turnRates.create(npc).radiansPerSecond = FacingWorlds.TURN_RATE;
                newcomers.joined(npc, tick);
            }
        }
    }

    private final class Watch extends BaseSystem {
        @Override
        protected void processSystem() {
            if (decided != null) {
                newcomers.check(tick, decided);
            }
        }
    }
}
