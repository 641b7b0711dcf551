package io.github.ecstimeslice.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** A job that took longer than the recorder's threshold. */
@Name("io.github.ecstimeslice.SlowJob")
@Label("Slow Timesliced Job")
@Category({"ecs-timeslice"})
@Description("A job of a TimeslicedSystem past the threshold, with its entity and the thread that ran it")
@StackTrace(false)
final class SlowJobEvent extends jdk.jfr.Event {
    @Label("System")
    String system;
    @Label("Entity")
    int entity;
    @Label("Urgent")
    boolean urgent;
    @Label("Tick")
    long tick;
    @Label("Thread Id")
    long threadId;
    @Label("Job Time")
    @Timespan(Timespan.NANOSECONDS)
    long jobTime;
}
