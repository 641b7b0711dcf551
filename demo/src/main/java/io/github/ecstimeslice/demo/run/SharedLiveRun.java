package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.SharedBudget;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.demo.scene.SharedPlan;
import io.github.ecstimeslice.demo.scene.SharedScene;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code --shared-budget}: the facing scene with three decision systems sharing one pool, a report
 * line per second of game time, then a line for the pool and one per system (jobs and milliseconds
 * a tick, the mean over the second's ticks, and decisions a second over the last whole batch, all
 * from the pool's reports), and a summary of the whole run over the ticks after the warm-up, with
 * the pool's turns split into the ticks in which a system started a batch and the others. The
 * report's "decide" is the world's thread's time from before the first system's turn to after the
 * last's; the pool's milliseconds are the systems' turns as their own clocks time them (read
 * between ticks, of the tick just run), which leave out the time between the turns: over the same
 * ticks, never more than "decide".
 */
final class SharedLiveRun implements RunMode {

    private final SharedScene scene;
    /** {@code --record} or {@code --replay}, or null. */
    private final DecisionLogFile logFile;
    private final SharedPlan plan;
    private final SharedBudget pool;
    private final int ticks;
    private final float delta;
    private final int ticksPerReport;
    private final int warmUpTicks;
    private final PrintStream out;
    private final LiveTimes times;
    private final TurnSplit split;
    private final int systems = SharedPlan.SYSTEMS.length;
    /** Per system, then the pool: jobs and milliseconds summed over this report's ticks, and over the summary's. */
    private final long[] reportJobs = new long[systems + 1];
    private final double[] reportMillis = new double[systems + 1];
    private final long[] allJobs = new long[systems + 1];
    private final double[] allMillis = new double[systems + 1];
    /** Per system, the batches it had started before this tick. */
    private final long[] batchesBefore = new long[systems];
    /** Ticks in this report, and in the summary (after the warm-up). */
    private int reportTicks;
    private int summaryTicks;
    private int done;
    private double lastFacingError;

    SharedLiveRun(RunOptions options, PrintStream out) {
        this.plan = options.shared();
        this.pool = plan.newPool();
        this.logFile = DecisionLogFile.of(options);
        this.scene = SharedScene.shared(options.npcs(), options.seed(), options.policy(), pool, plan.weights(),
                options.history(), options.threading(), logFile == null ? null : logFile.checksum())
                .animateOn(options.animationThreading());
        if (logFile != null) {
            scene.follow(logFile.log());
        }
        this.ticks = options.ticks();
        this.delta = options.delta();
        this.ticksPerReport = Math.max(1, (int) Math.round(options.tickRate()));
        this.warmUpTicks = LiveTimes.warmUpTicks(ticks, ticksPerReport);
        this.split = new TurnSplit(warmUpTicks);
        this.times = new LiveTimes(warmUpTicks);
        this.out = out;
        out.printf(Locale.ROOT, "%d NPCs, %s, shared budget %s (%s), weights %s (%s), history %d, threads %s,"
                        + " animation threads %s, %d ticks at %.0f Hz%n",
                options.npcs(), options.policy(), plan.poolText(), pool, plan.weightsText(),
                String.join(", ", SharedPlan.SYSTEMS), options.history(), ThreadingWords.word(options.threading()),
                ThreadingWords.word(options.animationThreading()), ticks, options.tickRate());
        out.println("decide: the world's thread from the first system's turn to the end of the last's; the pool's and"
                + " each system's ms: their turns by their own clocks, without the time between the turns");
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
        boolean summed = done > warmUpTicks;
        reportTicks++;
        summaryTicks += summed ? 1 : 0;
        for (int i = 0; i <= systems; i++) { // the pool's reports are of the tick just run
            long systemJobs = i == systems ? pool.jobsLastTick() : pool.jobsLastTick(scene.budget(i));
            double systemMillis = i == systems ? pool.millisLastTick() : pool.millisLastTick(scene.budget(i));
            reportJobs[i] += systemJobs;
            reportMillis[i] += systemMillis;
            if (summed) {
                allJobs[i] += systemJobs;
                allMillis[i] += systemMillis;
            }
        }
        for (int i = 0; i < systems; i++) {
            TimeslicedSystem<?, ?> system = scene.system(i);
            jobs += system.stats().jobsRunLastTick();
            if (system.stats().batchesStarted() != batchesBefore[i]) {
                batchStarted = true;
                batchStartMillis += system.stats().lastBatchStartMillis();
            }
        }
        split.add(scene.decisionNanos(), batchStarted, batchStartMillis, jobs);
        if (done % ticksPerReport == 0 || done == ticks) {
            report(end);
        }
        return done >= ticks;
    }

    private void report(long now) {
        lastFacingError = scene.meanFacingErrorDegrees();
        out.printf(Locale.ROOT, "t=%6.1fs  %s  facing error %5.2f°%n", done * delta,
                times.reportText(now, "decide", "animate"), lastFacingError);
        out.printf(Locale.ROOT, "  %-20s %s%n", "pool " + plan.poolText() + ":", poolUsage(reportJobs[systems],
                reportMillis[systems], pool.decisionsPerSecond(), reportTicks));
        for (int i = 0; i < systems; i++) {
            out.printf(Locale.ROOT, "  %-20s %s%n", SharedPlan.SYSTEMS[i] + " weight " + weight(i) + ":",
                    systemUsage(reportJobs[i], reportMillis[i], pool.decisionsPerSecond(scene.budget(i)), reportTicks));
        }
        for (int i = 0; i <= systems; i++) {
            reportJobs[i] = 0;
            reportMillis[i] = 0;
        }
        reportTicks = 0;
        times.nextReport(now);
    }

    private String weight(int i) {
        double w = plan.weights()[i];
        return w == Math.rint(w) ? String.format(Locale.ROOT, "%.0f", w) : Double.toString(w);
    }

    /** The pool's jobs and milliseconds a tick over {@code ticks}, and its systems' decisions a second. */
    static String poolUsage(long jobs, double millis, double decisionsPerSecond, int ticks) {
        return String.format(Locale.ROOT, "%8.1f jobs/tick %6.3f ms/tick in the three turns %9.0f decisions/s over"
                + " their last whole batches", jobs / (double) Math.max(1, ticks), millis / Math.max(1, ticks),
                decisionsPerSecond);
    }

    /** A system's jobs and milliseconds a tick over {@code ticks}, and its decisions a second. */
    static String systemUsage(long jobs, double millis, double decisionsPerSecond, int ticks) {
        return String.format(Locale.ROOT, "%8.1f jobs/tick %6.3f ms/tick in its turn        %9.0f decisions/s over its"
                + " last whole batch", jobs / (double) Math.max(1, ticks), millis / Math.max(1, ticks), decisionsPerSecond);
    }

    @Override
    public void abandon() throws IOException {
        if (logFile != null) {
            logFile.close(); // a recording up to the failed tick
        }
    }

    @Override
    public void finish() throws IOException {
        out.printf(Locale.ROOT, "summary: %d ticks of %d NPCs: %s; facing error %.2f° at the end%n",
                done, scene.npcCount(), times.summaryText("decide", "animate"), lastFacingError);
        out.printf(Locale.ROOT, "the pool's reports over the same %d ticks:%n", summaryTicks);
        out.printf(Locale.ROOT, "  %-20s %s%n", "pool " + plan.poolText() + ":",
                poolUsage(allJobs[systems], allMillis[systems], pool.decisionsPerSecond(), summaryTicks));
        for (int i = 0; i < systems; i++) {
            out.printf(Locale.ROOT, "  %-20s %s%n", SharedPlan.SYSTEMS[i] + " weight " + weight(i) + ":",
                    systemUsage(allJobs[i], allMillis[i], pool.decisionsPerSecond(scene.budget(i)), summaryTicks));
        }
        out.println(split.summary("the three systems' turns", "pool " + plan.poolText(),
                plan.millis() ? plan.amount() : Double.NaN));
        if (logFile != null) {
            logFile.close();
            out.println(logFile.summary(done, systems));
        }
        scene.dispose();
    }
}
