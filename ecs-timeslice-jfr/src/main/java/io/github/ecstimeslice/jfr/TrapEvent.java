package io.github.ecstimeslice.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** A profile trap fired: the tick, why, and its slowest job. */
@Name("io.github.ecstimeslice.Trap")
@Label("Profile Trap Fired")
@Category({"ecs-timeslice"})
@Description("A TickTrap fired on a tick past its threshold")
@StackTrace(false)
final class TrapEvent extends jdk.jfr.Event {
    @Label("Why")
    String why;
    @Label("Tick Time")
    @Timespan(Timespan.NANOSECONDS)
    long tickTime;
    @Label("Outside Time")
    @Description("What of the tick the timesliced systems' turns did not take")
    @Timespan(Timespan.NANOSECONDS)
    long outsideTime;
    @Label("Slowest Job System")
    String slowestSystem;
    @Label("Slowest Job Entity")
    int slowestEntity;
    @Label("Slowest Job Time")
    @Timespan(Timespan.NANOSECONDS)
    long slowestTime;
}
