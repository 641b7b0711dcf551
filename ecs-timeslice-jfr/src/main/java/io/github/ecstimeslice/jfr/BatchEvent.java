package io.github.ecstimeslice.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** A batch a timesliced system started in a turn. */
@Name("io.github.ecstimeslice.Batch")
@Label("Timesliced Batch Start")
@Category({"ecs-timeslice"})
@Description("A TimeslicedSystem started a batch: its number, its entities, what its start took")
@StackTrace(false)
final class BatchEvent extends jdk.jfr.Event {
    @Label("System")
    String system;
    @Label("Tick")
    long tick;
    @Label("Batch")
    long batch;
    @Label("Entities")
    int size;
    @Label("Start Time")
    @Description("The batch start's saves (sync output) and reads (sync input)")
    @Timespan(Timespan.NANOSECONDS)
    long batchStartTime;
}
