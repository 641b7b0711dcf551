package io.github.ecstimeslice.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** A timesliced system's turn: what was due, what ran, what the budget held back. */
@Name("io.github.ecstimeslice.Turn")
@Label("Timesliced Turn")
@Category({"ecs-timeslice"})
@Description("One turn of a TimeslicedSystem: demand, jobs run and held back, pressure and quality")
@StackTrace(false)
final class TurnEvent extends jdk.jfr.Event {
    @Label("System")
    String system;
    @Label("Tick")
    long tick;
    @Label("Demand")
    @Description("Jobs due as the turn's jobs began: urgent asks waiting and the batch's jobs left")
    int demand;
    @Label("Jobs Run")
    int jobsRun;
    @Label("Urgent Jobs")
    int urgentJobs;
    @Label("Held Back")
    int heldBack;
    @Label("Pressure")
    @Description("Demand over what the budget let run, smoothed")
    double pressure;
    @Label("Quality")
    @Description("Jobs run over demand, smoothed")
    double quality;
    @Label("Turn Time")
    @Timespan(Timespan.NANOSECONDS)
    long turnTime;
}
