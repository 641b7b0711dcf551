package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SharedBudget;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.demo.scene.SharedPlan;
import io.github.ecstimeslice.demo.scene.SharedScene;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@link SideBySide}'s comparison {@code shared}: the shared scene's three decision systems of three
 * classes ({@link SharedPlan#SYSTEMS}: facing, alertness, wander; AIAO) with budgets of their own,
 * {@code jobsPerTick} 6,000, 4,000 and 2,000, against the same three holding shares of one
 * {@code SharedBudget.jobsPerTick(12,000)} weighted 3:2:1, whose parts are exactly those budgets.
 * At 120,000 NPCs every batch ends with a tick (20, 30 and 60 ticks), so no system leaves part of
 * its share to pass on, and both worlds make the same decisions in every tick but the pool's first
 * (its first system takes the whole pool then): {@link #printDecisions} shows it. Timed: the three
 * systems' turns, not the turn animation both worlds run alike. A second copy of the separate
 * world runs too, its ratio the lineup's noise floor: how far two identical worlds sit apart.
 */
final class SharedLineup {

    static final int NPCS = 120_000;
    static final int POOL = 12_000;
    private static final double[] WEIGHTS = {3, 2, 1};
    private static final int[] PARTS = {6_000, 4_000, 2_000};
    private static final float DELTA = 1 / 60f;
    /** Ticks each world runs before the lineup's warm-up in turn: two of the slowest system's batches. */
    private static final int WARM_UP = 2 * NPCS / 2_000 + 10;

    private final SharedScene separate;
    private final SharedScene shared;
    private final SharedScene separateAgain;
    private final JobsEachTick separateJobs;
    private final JobsEachTick sharedJobs;

    /** The three worlds, ready for a lineup of at most {@code ticks} ticks each. */
    SharedLineup(int ticks) {
        Budget[] own = new Budget[PARTS.length];
        for (int i = 0; i < PARTS.length; i++) {
            own[i] = Budget.jobsPerTick(PARTS[i]);
        }
        separate = separate(own);
        separateAgain = separate(own);
        shared = SharedScene.shared(NPCS, 1, IoPolicy.AIAO, SharedBudget.jobsPerTick(POOL), WEIGHTS,
                TimeslicedSystem.DEFAULT_HISTORY_DEPTH, Threading.WORLD_THREAD);
        separateJobs = new JobsEachTick(separate, ticks);
        sharedJobs = new JobsEachTick(shared, ticks);
    }

    private static SharedScene separate(Budget[] own) {
        return SharedScene.separate(NPCS, 1, IoPolicy.AIAO, own, TimeslicedSystem.DEFAULT_HISTORY_DEPTH,
                Threading.WORLD_THREAD);
    }

    /** Adds the worlds, separate budgets first (the ratios' reference), to {@code lineup}. */
    void addTo(Lineup lineup) {
        lineup.addTimedPart("separate budgets: jobs:6000, jobs:4000, jobs:2000", () -> tick(separate, separateJobs),
                separate::dispose, WARM_UP, separate::decisionNanos);
        lineup.addTimedPart("one shared pool: jobs:12000, weights 3:2:1", () -> tick(shared, sharedJobs),
                shared::dispose, WARM_UP, shared::decisionNanos);
        lineup.addTimedPart("separate budgets, a second copy", () -> separateAgain.tick(DELTA), separateAgain::dispose,
                WARM_UP, separateAgain::decisionNanos);
    }

    /** The ticks a lineup of {@code rounds} rounds of {@code ticks} runs each world, at most. */
    static int ticksOf(int rounds, int ticks) {
        return WARM_UP + Math.min(ticks, 500) + rounds * ticks;
    }

    private static void tick(SharedScene scene, JobsEachTick jobs) {
        scene.tick(DELTA);
        jobs.note();
    }

    /**
     * Per system, its decisions a tick in each world (mean over every tick run), and the ticks in
     * which the two worlds' counts differ.
     */
    void printDecisions(PrintStream out) {
        out.printf(Locale.ROOT, "| system | separate: decisions a tick | shared: decisions a tick | ticks that differ |%n"
                + "|---|---:|---:|---|%n");
        for (int i = 0; i < PARTS.length; i++) {
            int ticks = Math.min(separateJobs.ticks, sharedJobs.ticks);
            int differ = 0;
            int first = -1;
            for (int t = 0; t < ticks; t++) {
                if (separateJobs.jobs[i][t] != sharedJobs.jobs[i][t]) {
                    differ++;
                    first = first < 0 ? t : first;
                }
            }
            out.printf(Locale.ROOT, "| %s | %,.1f | %,.1f | %,d of %,d%s |%n", SharedPlan.SYSTEMS[i],
                    separateJobs.mean(i), sharedJobs.mean(i), differ, ticks,
                    first < 0 ? "" : String.format(Locale.ROOT, ", the first in tick %d (%d against %d)", first + 1,
                            sharedJobs.jobs[i][first], separateJobs.jobs[i][first]));
        }
    }

    /** Each decision system's jobs in each tick of one world. */
    private static final class JobsEachTick {
        private final SharedScene scene;
        private final int[][] jobs;
        private int ticks;

        JobsEachTick(SharedScene scene, int capacity) {
            this.scene = scene;
            this.jobs = new int[PARTS.length][capacity];
        }

        void note() {
            if (ticks < jobs[0].length) {
                for (int i = 0; i < PARTS.length; i++) {
                    jobs[i][ticks] = scene.system(i).stats().jobsRunLastTick();
                }
                ticks++;
            }
        }

        double mean(int system) {
            long sum = 0;
            for (int t = 0; t < ticks; t++) {
                sum += jobs[system][t];
            }
            return ticks == 0 ? 0 : (double) sum / ticks;
        }
    }
}
