package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.SharedBudget;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.demo.scene.SharedPlan;
import io.github.ecstimeslice.demo.scene.SharedScene;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code --shared-budget}: the facing scene with three decision systems sharing one pool, a report
 * line per second of game time for the pool and one per system (jobs and milliseconds a tick, the
 * mean over the second's ticks, and decisions a second over the last whole batch, all from the
 * pool's reports), and a summary of the whole run, with the pool's turns split into the ticks
 * in which a system started a batch and the others. Read between ticks, the pool's "last whole
 * tick" is the one before the tick just run (a tick is whole once the next begins): the sums
 * lag a tick, and leave out the read after the first tick, which has none.
 */
final class SharedLiveRun implements RunMode {

    private final SharedScene scene;
    private final SharedPlan plan;
    private final SharedBudget pool;
    private final int ticks;
    private final float delta;
    private final int ticksPerReport;
    private final PrintStream out;
    private final LiveTimes times;
    private final TurnSplit split;
    private final int systems = SharedPlan.SYSTEMS.length;
    /** Per system, then the pool: jobs and milliseconds summed over this report's ticks, and over the run. */
    private final long[] reportJobs = new long[systems + 1];
    private final double[] reportMillis = new double[systems + 1];
    private final long[] allJobs = new long[systems + 1];
    private final double[] allMillis = new double[systems + 1];
    /** Per system, the batches it had started before this tick. */
    private final long[] batchesBefore = new long[systems];
    /** Ticks whose pool reports are summed: this report's, and the run's. */
    private int reportPoolTicks;
    private int allPoolTicks;
    private int done;
    private double lastFacingError;

    SharedLiveRun(RunOptions options, PrintStream out) {
        this.plan = options.shared();
        this.pool = plan.newPool();
        this.scene = SharedScene.shared(options.npcs(), options.seed(), options.policy(), pool, plan.weights(),
                options.history(), options.threading()).animateOn(options.animationThreading());
        this.ticks = options.ticks();
        this.delta = options.delta();
        this.ticksPerReport = Math.max(1, (int) Math.round(options.tickRate()));
        this.split = new TurnSplit(LiveTimes.warmUpTicks(ticks, ticksPerReport));
        this.times = new LiveTimes(LiveTimes.warmUpTicks(ticks, ticksPerReport));
        this.out = out;
        out.printf(Locale.ROOT, "%d NPCs, %s, shared budget %s (%s), weights %s (%s), history %d, threads %s,"
                        + " animation threads %s, %d ticks at %.0f Hz%n",
                options.npcs(), options.policy(), plan.poolText(), pool, plan.weightsText(),
                String.join(", ", SharedPlan.SYSTEMS), options.history(), ThreadingWords.word(options.threading()),
                ThreadingWords.word(options.animationThreading()), ticks, options.tickRate());
    }

    @Override
    public boolean tick() {
        for (int i = 0; i < systems; i++) {
            batchesBefore[i] = scene.system(i).stats().batchesStarted();
        }
        long start = System.nanoTime();
        scene.tick(delta);
        long end = System.nanoTime();
        done++;
        times.add(end - start, scene.decisionNanos(), scene.animationNanos());
        int jobs = 0;
        boolean batchStarted = false;
        double batchStartMillis = 0;
        boolean poolTick = done > 1; // the pool's last whole tick is the one before this: none after the first
        if (poolTick) {
            reportPoolTicks++;
        }
        for (int i = 0; i < systems; i++) {
            Budget share = scene.budget(i);
            if (poolTick) {
                reportJobs[i] += pool.jobsLastTick(share);
                reportMillis[i] += pool.millisLastTick(share);
            }
            TimeslicedSystem<?, ?> system = scene.system(i);
            jobs += system.stats().jobsRunLastTick();
            if (system.stats().batchesStarted() != batchesBefore[i]) {
                batchStarted = true;
                batchStartMillis += system.stats().lastBatchStartMillis();
            }
        }
        if (poolTick) {
            reportJobs[systems] += pool.jobsLastTick();
            reportMillis[systems] += pool.millisLastTick();
        }
        split.add(scene.decisionNanos(), batchStarted, batchStartMillis, jobs);
        if (done % ticksPerReport == 0 || done == ticks) {
            report(end);
        }
        return done >= ticks;
    }

    private void report(long now) {
        lastFacingError = scene.meanFacingErrorDegrees();
        int reportTicks = Math.max(1, reportPoolTicks);
        out.printf(Locale.ROOT, "t=%6.1fs  %s  pool %s  facing error %5.2f°%n", done * delta,
                times.reportText(now, "decide", "animate"),
                usage(reportJobs[systems], reportMillis[systems], pool.decisionsPerSecond(), reportTicks),
                lastFacingError);
        for (int i = 0; i < systems; i++) {
            out.printf(Locale.ROOT, "  %-9s weight %s: %s%n", SharedPlan.SYSTEMS[i], weight(i),
                    usage(reportJobs[i], reportMillis[i], pool.decisionsPerSecond(scene.budget(i)), reportTicks));
        }
        for (int i = 0; i <= systems; i++) {
            allJobs[i] += reportJobs[i];
            allMillis[i] += reportMillis[i];
            reportJobs[i] = 0;
            reportMillis[i] = 0;
        }
        allPoolTicks += reportPoolTicks;
        reportPoolTicks = 0;
        times.nextReport(now);
    }

    private String weight(int i) {
        double w = plan.weights()[i];
        return w == Math.rint(w) ? String.format(Locale.ROOT, "%.0f", w) : Double.toString(w);
    }

    private static String usage(long jobs, double millis, double decisionsPerSecond, int ticks) {
        return String.format(Locale.ROOT, "%8.1f jobs/tick %6.3f ms/tick %9.0f decisions/s (last batch)", jobs / (double) ticks,
                millis / ticks, decisionsPerSecond);
    }

    @Override
    public void finish() {
        out.printf(Locale.ROOT, "summary: %d ticks of %d NPCs: %s; facing error %.2f° at the end%n",
                done, scene.npcCount(), times.summaryText("decide", "animate"), lastFacingError);
        out.printf(Locale.ROOT, "  pool %-9s %s%n", plan.poolText() + ":",
                usage(allJobs[systems], allMillis[systems], pool.decisionsPerSecond(), Math.max(1, allPoolTicks)));
        for (int i = 0; i < systems; i++) {
            out.printf(Locale.ROOT, "  %-9s weight %s: %s%n", SharedPlan.SYSTEMS[i], weight(i),
                    usage(allJobs[i], allMillis[i], pool.decisionsPerSecond(scene.budget(i)), Math.max(1, allPoolTicks)));
        }
        out.println(split.summary("the three systems' turns", "pool " + plan.poolText(),
                plan.millis() ? plan.amount() : Double.NaN));
        scene.dispose();
    }
}
