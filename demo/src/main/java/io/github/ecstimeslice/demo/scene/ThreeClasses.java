package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.annotations.All;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionHistory;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.FacingDecision;
import io.github.ecstimeslice.facing.Position;

/**
 * Worlds of three facing decision systems of three classes, as a game has several decision
 * systems: in one JVM their job loops call three classes' {@code runJob}s. The three split 10,000
 * decisions a tick (3,334, 3,333 and 3,333), each walking all the NPCs on its own; the walkers'
 * world makes the same decisions by hand. Each walker and each timesliced system is a class of its
 * own (artemis takes one system of a class per world).
 */
public final class ThreeClasses {

    /** Each system's decisions a tick. */
    static final int[] JOBS = {3_334, 3_333, 3_333};

    private ThreeClasses() {
    }

    /** Three walkers of three classes, each keeping {@code records} stamped records (0 or 1), in a record type of its own. */
    public static World walkers(int npcs, int records) {
        return FacingWorlds.create(npcs, false, new WalkerOne(records), new WalkerTwo(records),
                new WalkerThree(records));
    }

    /** Three AIAO face-target systems of three classes, each keeping a history {@code depth} deep (0: none). */
    public static World timesliced(int npcs, int depth) {
        return timesliced(npcs, depth, IoPolicy.AIAO, Threading.WORLD_THREAD);
    }

    /** Three face-target systems of three classes under {@code policy} and {@code threading}, each keeping a history {@code depth} deep. */
    public static World timesliced(int npcs, int depth, IoPolicy policy, Threading threading) {
        FaceTargetSystem[] systems = {new FacingOne(policy, depth), new FacingTwo(policy, depth),
                new FacingThree(policy, depth)};
        for (FaceTargetSystem system : systems) {
            system.setThreading(threading);
        }
        return FacingWorlds.create(npcs, false, systems);
    }

    private static Budget jobsOf(int system) {
        return Budget.jobsPerTick(JOBS[system]);
    }

    /** The decisions a world of {@link #walkers} or {@link #timesliced} made so far. */
    public static long decisionsOf(World world) {
        long decisions = 0;
        for (BaseSystem system : world.getSystems()) {
            if (system instanceof RoundRobinFacingSystem || system instanceof FaceTargetSystem) {
                decisions += FacingWorlds.decisionsOf(system).getAsLong();
            }
        }
        return decisions;
    }

    @All({Position.class, DesiredOrientation.class}) // artemis reads a system's own class
    static final class WalkerOne extends RoundRobinFacingSystem {
        WalkerOne(int records) {
            super(JOBS[0], records, RecordOne.class);
        }
    }

    @All({Position.class, DesiredOrientation.class}) // artemis reads a system's own class
    static final class WalkerTwo extends RoundRobinFacingSystem {
        WalkerTwo(int records) {
            super(JOBS[1], records, RecordTwo.class);
        }
    }

    @All({Position.class, DesiredOrientation.class}) // artemis reads a system's own class
    static final class WalkerThree extends RoundRobinFacingSystem {
        WalkerThree(int records) {
            super(JOBS[2], records, RecordThree.class);
        }
    }

    /** Each walker's records, in a type of its own as each timesliced system's history is. */
    public static final class RecordOne extends FacingRecord {
    }

    public static final class RecordTwo extends FacingRecord {
    }

    public static final class RecordThree extends FacingRecord {
    }

    public static final class HistoryOne extends DecisionHistory<FacingDecision> {
    }

    public static final class HistoryTwo extends DecisionHistory<FacingDecision> {
    }

    public static final class HistoryThree extends DecisionHistory<FacingDecision> {
    }

    static final class FacingOne extends FaceTargetSystem {
        FacingOne(IoPolicy policy, int depth) {
            super(policy, jobsOf(0), HistoryOne.class, depth);
        }
    }

    static final class FacingTwo extends FaceTargetSystem {
        FacingTwo(IoPolicy policy, int depth) {
            super(policy, jobsOf(1), HistoryTwo.class, depth);
        }
    }

    static final class FacingThree extends FaceTargetSystem {
        FacingThree(IoPolicy policy, int depth) {
            super(policy, jobsOf(2), HistoryThree.class, depth);
        }
    }
}
