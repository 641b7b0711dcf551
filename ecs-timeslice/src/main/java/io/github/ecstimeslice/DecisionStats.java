package io.github.ecstimeslice;

/**
 * A {@link TimeslicedSystem}'s clock and counters: ticks, game time, jobs and batches. The system
 * marks the tick's and the batch's boundaries, the job runners add the jobs they started to
 * {@link #jobsThisTick}, and the system's getters read the fields. O(1) per tick.
 */
final class Stats {

    /** The current tick's index: 0 during the first processed tick. */
    long tick;
    /** True from a tick's start to its end. */
    private boolean inTick;
    /** Game time at the end of the current tick: the sum of the processed ticks' deltas. */
    double gameSeconds;
    /** Jobs started in this tick so far. */
    int jobsThisTick;
    int jobsRunLastTick;
    long jobsRunTotal;
    long batchesCompleted;
    long lastBatchJobs;
    long lastBatchTicks;
    double lastBatchSeconds;
    /**
     * Game time from the start of the tick the current batch started in to the start of this
     * tick, summed from the ticks' deltas: a difference of two game times would lose them once the
     * game time is so large that adding a delta leaves it unchanged.
     */
    double batchSeconds;
    /** How long the batch that ended last lasted (one that held no job too), summed likewise. */
    double endedBatchSeconds;
    private float tickDelta;
    private long batchStartJobs;
    private long batchStartTick;

    /**
     * The world's delta, checked (a tick needs one that is finite and at least 0) and rounded to a
     * float: a browser holds floats as doubles (GWT makes {@code 1 / 60f} the double 1/60), and the
     * rounding gives every platform the same game time, so the same ticks for every batch.
     *
     * @throws IllegalArgumentException naming the value and the system, if it is not
     */
    static float checkedDelta(float delta, Object system) {
        if (!(delta >= 0) || delta == Float.POSITIVE_INFINITY) { // NaN fails the first test
            throw new IllegalArgumentException(system.getClass().getName()
                    + ": world.delta must be finite and at least 0, was " + delta);
        }
        return Float.intBitsToFloat(Float.floatToIntBits(delta)); // the same float on the JVM
    }

    /** A tick of {@code delta} seconds begins. */
    void tickStarted(float delta) {
        inTick = true;
        gameSeconds += delta;
        tickDelta = delta;
        jobsThisTick = 0;
    }

    /** A batch of {@code size} slots ended (its last job finished) and the next starts in this tick. */
    void batchTurnedOver(int size) {
        if (size > 0) {
            batchesCompleted++;
            lastBatchJobs = jobsRunTotal - batchStartJobs;
            lastBatchTicks = tick - batchStartTick;
            lastBatchSeconds = batchSeconds;
        }
        endedBatchSeconds = batchSeconds;
        batchSeconds = 0;
        batchStartJobs = jobsRunTotal;
        batchStartTick = tick;
    }

    /** The tick is over, however it ended: its jobs count. */
    void tickEnded() {
        jobsRunLastTick = jobsThisTick;
        jobsRunTotal += jobsThisTick;
        batchSeconds += tickDelta;
        tick++;
        inTick = false;
    }

    /** The index of the latest tick: the one in progress during a tick, else the last processed; -1 before any. */
    long latestTick() {
        return inTick ? tick : tick - 1;
    }

    /** Jobs per game second over the last completed batch; 0 before one completed. */
    double decisionsPerSecond() {
        return lastBatchSeconds > 0 ? lastBatchJobs / lastBatchSeconds : 0;
    }
}
