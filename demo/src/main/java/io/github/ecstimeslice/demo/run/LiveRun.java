package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.DecisionAges;
import io.github.ecstimeslice.JobTimeline;
import io.github.ecstimeslice.TickTrap;
import io.github.ecstimeslice.TraceEvents;
import io.github.ecstimeslice.demo.scene.Newcomers;
import io.github.ecstimeslice.demo.scene.Scene;
import io.github.ecstimeslice.demo.picture.TimelinePicture;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.jfr.FlightRecorderEvents;
import jdk.jfr.Recording;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

/**
 * The default demo: one scene, a report line per second of game time, a summary at the end, and
 * optionally a job trace (the library's {@link JobTimeline}: the last ticks' spans, or with a
 * profile trap the tick that fired it) and a profile trap ({@link TickTrap}) that stops the run at
 * the first tick past its threshold and prints that tick's slowest jobs. With churn, the report and the summary say how many
 * ticks the NPCs that spawned waited for their first decision. The summary splits the decision
 * system's turns into ticks with a batch start and without ({@link TurnSplit}): whether a time
 * budget holds.
 */
final class LiveRun implements RunMode {

    /** Spans the job timeline keeps: the latest, the oldest written over. */
    private static final int TIMELINE_SPANS = 500_000;
    /** The jobs a fired trap prints. */
    private static final int CULPRITS = 10;
    /** A job past this is a SlowJob event in the Flight Recorder file. */
    private static final double SLOW_JOB_MILLIS = 0.05;
    /** The events the Flight Recorder file holds. */
    private static final String[] JFR_EVENTS = {"Turn", "Batch", "SlowJob", "Trap"};

    private final Scene scene;
    /** {@code --record} or {@code --replay}, or null. */
    private final DecisionLogFile logFile;
    /** The timesliced decision system, which counts the decisions made. */
    private final FaceTargetSystem decisions;
    private final int ticks;
    private final float delta;
    private final int ticksPerReport;
    private final PrintStream out;
    private final JobTimeline timeline;
    private final Path traceFile;
    /** The profile trap, or null without --trap-ms; its threshold. */
    private final TickTrap trap;
    private final double trapMillis;
    /** Ticks before the trap is armed: the JIT's warm-up, whose slow ticks say nothing of the game. */
    private final int trapFrom;
    /** The Flight Recorder recording of the run, or null without --jfr; its file. */
    private final Recording recording;
    private final Path jfrFile;

    private int done;
    /** The ticks' times, made after the scene was built. */
    private final LiveTimes times;
    private double lastFacingError;
    /** Decisions made before this report's ticks; the ages' sum, samples and max over this report's ticks. */
    private long decisionsBefore;
    private double reportAgeSum;
    private int reportAgeSamples;
    private double reportAgeMax;
    /** Picks the ticks whose ages are sampled; seeded, so a run reports the same each time. */
    private final Random sampling = new Random(1);
    /** Reused for the per-tier ages. */
    private final DecisionAges tierAges = new DecisionAges();
    /** The NPCs that spawned, or null without churn. */
    private final Newcomers newcomers;
    /** The decision system's turns, with a batch start and without; the budget they are held to. */
    private final TurnSplit turns;
    private final String budgetText;
    private final double budgetMillis;

    LiveRun(RunOptions options, PrintStream out) {
        this.traceFile = options.traceFile();
        this.trapMillis = options.trapMillis();
        this.timeline = traceFile == null && trapMillis == 0 ? null : new JobTimeline(TIMELINE_SPANS);
        this.trap = trapMillis == 0 ? null : new TickTrap(timeline, trapMillis);
        this.trapFrom = LiveTimes.warmUpTicks(options.ticks(), Math.max(1, (int) Math.round(options.tickRate())));
        this.logFile = DecisionLogFile.of(options);
        this.scene = (options.tiers() == null
                ? Scene.timesliced(options.npcs(), options.seed(), options.policy(), options.budget(),
                options.history(), options.threading(), timeline, options.churn(),
                logFile == null ? null : logFile.checksum())
                : Scene.tiered(options.npcs(), options.seed(), options.policy(), options.budget(), options.history(),
                options.threading(), options.tiers())).animateOn(options.animationThreading());
        if (options.decideSoon()) {
            scene.decideNewcomersSoon();
        }
        if (logFile != null) {
            scene.follow(logFile.log());
        }
        this.jfrFile = options.jfrFile();
        this.recording = jfrFile == null ? null : new Recording();
        if (recording != null) {
            for (String event : JFR_EVENTS) {
                recording.enable("io.github.ecstimeslice." + event).withoutThreshold();
            }
            FlightRecorderEvents.record(scene.decisions(), timeline, SLOW_JOB_MILLIS);
            recording.start();
        }
        this.newcomers = scene.newcomers();
        this.decisions = scene.decisions();
        this.ticks = options.ticks();
        this.delta = options.delta();
        this.ticksPerReport = Math.max(1, (int) Math.round(options.tickRate()));
        this.times = new LiveTimes(LiveTimes.warmUpTicks(ticks, ticksPerReport));
        this.turns = new TurnSplit(LiveTimes.warmUpTicks(ticks, ticksPerReport));
        this.budgetText = options.budget().toString();
        this.budgetMillis = options.budgetMillis();
        this.out = out;
        out.printf(Locale.ROOT, "%d NPCs, %s, budget %s, history %d, threads %s, animation threads %s, %d ticks at %.0f Hz%n",
                options.npcs(), options.policy(), options.budget(), options.history(),
                ThreadingWords.word(options.threading()), ThreadingWords.word(options.animationThreading()), ticks,
                options.tickRate());
        if (options.tiers() != null) {
            out.printf(Locale.ROOT, "%s%n", options.tiers());
        }
        if (newcomers != null) {
            out.printf(Locale.ROOT, "churn: %s NPCs die and as many spawn each second; newcomers decided %s%n",
                    number(options.churn()), options.decideSoon() ? "soon, in the tick they join" : "in the next batch");
        }
    }

    @Override
    public boolean tick() {
        long batchesBefore = decisions.stats().batchesStarted();
        long start = System.nanoTime();
        boolean trapping = trap != null && done >= trapFrom;
        boolean fired = false;
        if (trapping) {
            fired = scene.tick(delta, trap);
        } else {
            scene.tick(delta);
        }
        long end = System.nanoTime();
        if (timeline != null && !trapping) {
            timeline.recordTick(done, start, end);
        }
        done++;
        if (fired) {
            if (recording != null) {
                FlightRecorderEvents.trapFired(trap, timeline);
            }
            out.print("trap: " + trap.culprits(CULPRITS).replaceFirst("^tick \\d+", "tick " + (done - 1)));
            return true; // the run stops at the trapped tick
        }
        times.add(end - start, scene.decisionNanos(), scene.animationNanos());
        turns.add(scene.decisionNanos(), decisions.stats().batchesStarted() != batchesBefore,
                decisions.stats().lastBatchStartMillis(), decisions.stats().jobsRunLastTick());
        sampleAges();
        if (done % ticksPerReport == 0 || done == ticks) {
            report(end);
        }
        return done >= ticks;
    }

    /**
     * On a random quarter of the ticks, outside their time: the age of the decisions the NPCs act
     * on, so a report's mean and max cover all of its second, not the moment the report lands on
     * (with sync output, a sample at the same point of every batch gives the same number each
     * second). Measuring walks every NPC: a quarter of the ticks keeps that cost small, and random
     * ones hide no period of the batches.
     */
    private void sampleAges() {
        if (scene.measuresAges() && sampling.nextInt(4) == 0 && scene.measureDecisionAges()) {
            reportAgeSum += scene.meanDecisionAgeSeconds();
            reportAgeSamples++;
            reportAgeMax = Math.max(reportAgeMax, scene.maxDecisionAgeSeconds());
        }
    }

    private void report(long now) {
        lastFacingError = scene.meanFacingErrorDegrees();
        long decisions = decisionsMade();
        out.printf(Locale.ROOT,
                "t=%6.1fs  %s  %9.0f decisions/s, %s  %s  facing error %5.2f°%s%n",
                done * delta, times.reportText(now, "decide", "animate"),
                (decisions - decisionsBefore) / (times.reportTicks * (double) delta),
                lastBatch(this.decisions.stats().decisionsPerSecond(), this.decisions.stats().lastBatchSeconds(),
                        scene.tierCount() > 1), ages(), lastFacingError, newcomersThisSecond());
        decisionsBefore = decisions;
        reportTiers();
        times.nextReport(now);
        reportAgeSum = 0;
        reportAgeSamples = 0;
        reportAgeMax = 0;
    }

    /**
     * With tiers, a line per tier: its NPCs and decisions per second, its decisions' ages, and the
     * facing error of the NPCs in its ring about the player now. A tier's age max counts the NPCs
     * that just moved up into it from a slower tier, whose decision was made there (a max of
     * 1.5 s in a tier deciding every 0.4 s): a max above what the tier's own period allows says so.
     */
    private void reportTiers() {
        if (scene.tierCount() == 1) {
            return;
        }
        for (int tier = 0; tier < scene.tierCount(); tier++) {
            String age = "age n/a (no history)";
            if (scene.measuresAges()) {
                decisions.stats().measureAges(tier, tierAges);
                age = String.format(Locale.ROOT, "age mean %5.3f max %5.3f s%s", tierAges.meanSeconds(),
                        tierAges.maxSeconds(), movedUp(tier, tierAges.maxSeconds()));
            }
            int period = decisions.tiers().batchPeriod(tier);
            out.printf(Locale.ROOT, "  tier %d (every %d batch%s): %7d NPCs  %9.0f decisions/s  %s  facing error %5.2f°%n",
                    tier, period, period == 1 ? "" : "es", decisions.stats().entitiesInTier(tier),
                    decisions.stats().decisionsPerSecond(tier), age, scene.meanFacingErrorDegrees(tier));
        }
    }

    /**
     * After a tier's age max, a note when the max is above what the tier's own period allows (its
     * batches and one more, for sync output, at the last batch's length, plus a tick): those are
     * NPCs that just moved up from a slower tier. Else nothing, and nothing for the slowest tier.
     */
    private String movedUp(int tier, double maxSeconds) {
        double batchSeconds = decisions.stats().lastBatchSeconds();
        if (tier == scene.tierCount() - 1 || !(batchSeconds > 0)) {
            return "";
        }
        double own = (decisions.tiers().batchPeriod(tier) + 1) * batchSeconds + delta;
        return maxSeconds > own ? String.format(Locale.ROOT, " (max over the tier's own %.3f s: NPCs just moved up"
                + " from a slower tier)", own) : "";
    }

    /**
     * The decisions' age over the report's ticks, mean and max, or a note that a system with no
     * history has none to measure.
     */
    private String ages() {
        if (!scene.measuresAges()) {
            return "age n/a (no history)";
        }
        if (reportAgeSamples == 0) {
            return "age n/a (no decision yet)";
        }
        return String.format(Locale.ROOT, "age mean %5.3f max %5.3f s", reportAgeSum / reportAgeSamples, reportAgeMax);
    }

    /**
     * With churn, the newcomers first decided over the report's ticks and the ticks they waited
     * since they joined, mean and max; else nothing.
     */
    private String newcomersThisSecond() {
        if (newcomers == null) {
            return "";
        }
        if (!scene.seesNewcomersDecisions()) {
            return "  newcomers' first decisions n/a (no history)";
        }
        Newcomers.Tally tally = newcomers.report();
        String text = tally.decided() == 0 ? "  newcomers: none first decided"
                : String.format(Locale.ROOT, "  newcomers: %d first decided %.1f ticks after joining, at most %d",
                tally.decided(), tally.meanTicks(), tally.maxTicks());
        newcomers.nextReport();
        return text;
    }

    /** Decisions made since the run began. */
    private long decisionsMade() {
        return decisions.stats().jobsRunTotal();
    }

    /**
     * The last whole batch, for a report line: untiered, its decisions and its game seconds (a
     * batch of {@code decisionsPerSecond} × {@code batchSeconds} decisions); tiered, the rate over
     * the tiers' last batches, which a single batch's count would not show (a batch holds only the
     * NPCs due); "no whole batch yet" before one has ended (a rate of 0).
     */
    static String lastBatch(double decisionsPerSecond, double batchSeconds, boolean tiered) {
        if (!(decisionsPerSecond > 0) || !tiered && !(batchSeconds > 0)) {
            return "no whole batch yet";
        }
        return tiered ? String.format(Locale.ROOT, "the tiers' last whole batches %.0f decisions/s", decisionsPerSecond)
                : String.format(Locale.ROOT, "last whole batch %d decisions in %.3f s",
                Math.round(decisionsPerSecond * batchSeconds), batchSeconds);
    }

    /**
     * The run's newcomers: how many joined, the ticks from join to first decision (mean and max)
     * of those decided, and those that died first or still wait.
     */
    static String newcomersSummary(Newcomers newcomers, boolean seen) {
        if (!seen) {
            return String.format(Locale.ROOT, "newcomers: %d joined; their first decisions are not seen with history 0",
                    newcomers.joined());
        }
        Newcomers.Tally total = newcomers.total();
        return String.format(Locale.ROOT, "newcomers: %d joined, %d decided: first decision %s ticks after joining"
                        + " (mean), %d at most; %d died before their first, %d still wait",
                newcomers.joined(), total.decided(), total.decided() == 0 ? "n/a" : String.format(Locale.ROOT, "%.2f",
                        total.meanTicks()), total.maxTicks(), newcomers.diedFirst(), newcomers.waiting());
    }

    /** A number without a fraction when it has none. */
    static String number(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value) : Double.toString(value);
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
        out.println(turns.summary("decision turns", budgetText, budgetMillis));
        if (newcomers != null) {
            out.println(newcomersSummary(newcomers, scene.seesNewcomersDecisions()));
        }
        if (logFile != null) {
            logFile.close();
            out.println(logFile.summary(done, 1));
        }
        if (trap != null && !trap.fired()) {
            out.printf(Locale.ROOT, "trap: no tick took longer than %s ms in the %d ticks after the first %d (the JIT's"
                    + " warm-up); the run went to its end%n", number(trapMillis), Math.max(0, done - trapFrom), trapFrom);
        }
        if (recording != null) {
            recording.stop();
            recording.dump(jfrFile);
            recording.close();
            out.printf(Locale.ROOT, "jfr: the run's turns, batch starts%s written to %s; `jfr summary %s`, or open it in"
                    + " JDK Mission Control%n", timeline == null ? " and trap" : ", jobs past " + number(SLOW_JOB_MILLIS)
                    + " ms and trap", jfrFile, jfrFile);
        }
        if (timeline != null && traceFile != null) {
            boolean trapped = trap != null && trap.fired();
            long from = trapped ? trap.firstSpan() : timeline.oldest();
            long to = trapped ? trap.endSpan() : timeline.next();
            try (Writer file = Files.newBufferedWriter(traceFile, StandardCharsets.UTF_8)) {
                if (trapped) {
                    TraceEvents.write(timeline, trap, file);
                } else {
                    TraceEvents.write(timeline, from, to, file);
                }
            }
            out.printf(Locale.ROOT, "trace: %d spans (%s) written to %s; open it in https://ui.perfetto.dev%n",
                    to - Math.max(from, timeline.oldest()), trapped ? "the trapped tick" : "the run's last ticks", traceFile);
            if (trapped) {
                Path picture = traceFile.resolveSibling(traceFile.getFileName() + ".png");
                TimelinePicture.write(timeline, from, to, "tick " + (done - 1) + ": " + trap.why(), picture);
                out.printf(Locale.ROOT, "trace: the trapped tick drawn at %s%n", picture);
            }
        }
    }
}
