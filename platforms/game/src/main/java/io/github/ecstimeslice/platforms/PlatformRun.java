package io.github.ecstimeslice.platforms;

import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.managers.TagManager;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionLog;
import io.github.ecstimeslice.DecisionHistory;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SharedBudget;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.Tiers;
import io.github.ecstimeslice.WorldEditCheck;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import io.github.ecstimeslice.facing.TurnRate;

import java.io.InputStream;
import java.io.OutputStream;

/**
 * One small game, the same on every platform: 1,000 NPCs face a target that circles them (the
 * facing kit, tiered by distance, its animation following the tiers) and grow alert of it (a
 * custom SISO system with a history), while NPCs die and spawn (ids recycled). {@link #run} plays
 * it for 300 ticks and reports a checksum of every save's tick and entity, and every NPC's facing.
 * Java 8, as GWT 2.11 and TeaVM take it; the JVM, TeaVM and GWT each run it from their own main.
 */
public final class PlatformRun {

    /** NPCs alive at any time. */
    public static final int NPCS = 1_000;
    /** Ticks played, at 60 a second. */
    public static final int TICKS = 300;
    /** Ticks a recording is played back for: long enough for every kind of turn to come many times. */
    public static final int LONG_TICKS = 10_000;

    private PlatformRun() {
    }

    /**
     * Plays the game; {@code workers}: both decision systems and the animation ask for worker
     * threads (a browser runs them on the world's thread). Returns the report: a line
     * {@code saves N checksum C}, then a line {@code facing} and each NPC's orientation in
     * millionths of a radian, in entity order, comma-separated.
     */
    public static String run(boolean workers) {
        return run(workers, null, null, TICKS);
    }

    /**
     * As {@link #run(boolean)} for {@code ticks} ticks, the decision systems' budgets following a
     * {@link DecisionLog}: recorded to {@code record} unless it is null, under a millisecond pool
     * the two share (the machine's speed decides how many jobs a tick runs); or played back from
     * {@code playback} unless it is null.
     */
    public static String run(boolean workers, OutputStream record, InputStream playback, int ticks) {
        Saves saves = new Saves();
        CountedFacing facing = new CountedFacing(saves);
        AlertSystem alert = new AlertSystem(saves);
        TurnAnimationSystem animation = new TurnAnimationSystem();
        animation.followTiersOf(facing, 1, 2, 4);
        if (workers) {
            facing.setThreading(Threading.WORKERS_SAME_TICK);
            alert.setThreading(Threading.WORKERS_SAME_TICK);
            animation.setThreading(Threading.WORKERS_SAME_TICK);
            animation.setMinEntitiesForWorkers(1);
        }
        World world = new World(new WorldConfigurationBuilder()
                .with(new TagManager(), facing, alert, animation)
                .build());
        WorldEditCheck.install(world); // a browser has nothing for it to check, and compiles none of it
        if (record != null) {
            SharedBudget pool = SharedBudget.millisPerTick(0.07);
            facing.setBudget(pool.share(2));
            alert.setBudget(pool.share(1));
            DecisionLog.recordTo(record).attach(world);
        } else if (playback != null) {
            DecisionLog.playBackFrom(playback).attach(world);
        }
        int target = world.create();
        world.edit(target).create(Position.class).set(20, 20);
        world.getSystem(TagManager.class).register(FaceTargetSystem.DEFAULT_TARGET_TAG, target);
        for (int i = 0; i < NPCS; i++) {
            spawn(world, i);
        }

        ComponentMapper<Position> positions = world.getMapper(Position.class);
        IntBag npcs = new IntBag();
        world.setDelta(1 / 60f);
        for (int tick = 0; tick < ticks; tick++) {
            // the target walks a square around the crowd's middle in quarter steps (exact in float on
            // every platform, as no sine would be); every 30 ticks, ten NPCs die and ten spawn, each
            // decided at once (together, on workers)
            int step = tick % 480;
            float along = (step % 120) * 0.25f;
            int side = step / 120;
            positions.get(target).set(side == 0 ? 5 + along : side == 1 ? 35 : side == 2 ? 35 - along : 5,
                    side == 0 ? 5 : side == 1 ? 5 + along : side == 2 ? 35 : 35 - along);
            if (tick % 30 == 29) {
                npcsOf(world, npcs);
                for (int i = 0; i < 10; i++) {
                    world.delete(npcs.get((tick * 7 + i * 97) % npcs.size()));
                    facing.decideSoon(spawn(world, tick * 10 + i));
                }
            }
            world.process();
        }

        npcsOf(world, npcs);
        ComponentMapper<Orientation> orientations = world.getMapper(Orientation.class);
        StringBuilder report = new StringBuilder();
        report.append("saves ").append(saves.count).append(" checksum ").append(saves.checksum).append("\nfacing ");
        for (int i = 0; i < npcs.size(); i++) {
            report.append(i == 0 ? "" : ",").append(Math.round(orientations.get(npcs.get(i)).radians * 1e6));
        }
        world.dispose();
        return report.toString();
    }

    private static int spawn(World world, int i) {
        int npc = world.create();
        world.edit(npc).create(Position.class).set(i % 40, (i / 40) % 40);
        world.edit(npc).create(Orientation.class).radians = (i % 7) - 3;
        world.edit(npc).create(DesiredOrientation.class);
        world.edit(npc).create(TurnRate.class).radiansPerSecond = 2f;
        world.edit(npc).create(Alertness.class);
        return npc;
    }

    /** The living NPCs, in ascending id order. */
    private static void npcsOf(World world, IntBag into) {
        IntBag entities = world.getAspectSubscriptionManager().get(Aspect.all(TurnRate.class)).getEntities();
        into.clear();
        into.addAll(entities);
    }

    /** {@code bytes} as hexadecimal digits, two a byte: a recording passed to a program as an argument. */
    public static String hex(byte[] bytes) {
        StringBuilder digits = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            digits.append(Character.forDigit((b >> 4) & 15, 16)).append(Character.forDigit(b & 15, 16));
        }
        return digits.toString();
    }

    /** The bytes {@link #hex} wrote. */
    public static byte[] bytes(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (Character.digit(hex.charAt(2 * i), 16) << 4 | Character.digit(hex.charAt(2 * i + 1), 16));
        }
        return bytes;
    }

    /** Every save of both systems as (tick, entity), folded into one checksum: whole numbers below 2^40, exact everywhere. */
    static final class Saves {
        long checksum;
        int count;

        void saved(long tick, int entityId) {
            checksum = (checksum * 31 + tick * 7_919 + entityId) % 1_000_000_007L;
            count++;
        }
    }

    /** The facing kit's decisions, a batch every 0.1 s, near NPCs every batch, far ones every fourth (public, as artemis's reflection on GWT needs). */
    public static final class CountedFacing extends FaceTargetSystem {
        private final Saves saves;
        private ComponentMapper<Position> positions;
        private TagManager tags;

        CountedFacing(Saves saves) {
            super(IoPolicy.AIAO, Budget.batchEvery(0.1));
            setTiers(Tiers.decideEvery(1, 2, 4).reassessEvery(0.25));
            this.saves = saves;
        }

        @Override
        protected int tierOf(int npc) {
            Position self = positions.get(npc);
            Position target = positions.get(tags.getEntityId(DEFAULT_TARGET_TAG));
            float dx = self.x - target.x;
            float dy = self.y - target.y;
            float squared = dx * dx + dy * dy;
            return squared < 10 * 10 ? 0 : squared < 20 * 20 ? 1 : 2;
        }

        @Override
        protected void outputSaved(int npc, io.github.ecstimeslice.facing.FacingDecision output) {
            super.outputSaved(npc, output);
            saves.saved(stats().tick(), npc);
        }
    }

    /** How alert an NPC is of the target. */
    public static final class Alertness extends Component {
        public float level;
    }

    /** What an alertness job reads. */
    public static final class Sight {
        float x;
        float y;
        float targetX;
        float targetY;
    }

    /** What an alertness job decides. */
    public static final class Verdict {
        float alertness;
    }

    /** The alertness system's history component. */
    public static final class AlertHistory extends DecisionHistory<Verdict> {
    }

    /** A custom decision system: SISO, 40 jobs a tick, two verdicts kept per NPC. */
    public static final class AlertSystem extends TimeslicedSystem<Sight, Verdict> {
        private final Saves saves;
        private ComponentMapper<Position> positions;
        private ComponentMapper<Alertness> alertness;
        private TagManager tags;

        AlertSystem(Saves saves) {
            super(Aspect.all(Position.class, Alertness.class), IoPolicy.SISO, Budget.jobsPerTick(40), AlertHistory.class, 2);
            this.saves = saves;
        }

        @Override
        protected Sight createInput() {
            return new Sight();
        }

        @Override
        protected Verdict createOutput() {
            return new Verdict();
        }

        @Override
        protected void setUpInput(int npc, Sight sight) {
            Position self = positions.get(npc);
            Position target = positions.get(tags.getEntityId(FaceTargetSystem.DEFAULT_TARGET_TAG));
            sight.x = self.x;
            sight.y = self.y;
            sight.targetX = target.x;
            sight.targetY = target.y;
        }

        @Override
        protected void runJob(int npc, Sight sight, Verdict verdict) {
            float dx = sight.targetX - sight.x;
            float dy = sight.targetY - sight.y;
            verdict.alertness = 1f / (1f + (dx * dx + dy * dy) / 100f);
        }

        @Override
        protected void outputSaved(int npc, Verdict verdict) {
            alertness.get(npc).level = verdict.alertness;
            saves.saved(stats().tick(), npc);
        }
    }
}
