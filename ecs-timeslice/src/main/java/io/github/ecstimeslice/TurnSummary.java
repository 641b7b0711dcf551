package io.github.ecstimeslice;

/**
 * What one turn of a {@link TimeslicedSystem} did, for its {@link TurnWatcher}: how much work was
 * due, how much the budget let run, how long it took, and the budget's pressure and the quality
 * it allowed, smoothed over the last turns. One object a system, filled anew each turn: read it in
 * the callback.
 *
 * <ul>
 *   <li><b>Demand</b>: the jobs due as the turn's jobs began: the urgent jobs waiting, and the
 *   jobs left in the batch in progress (with tiers, the entities due in it).</li>
 *   <li><b>Released</b>: the jobs the budget let this turn start (a jobs budget, or a share of a
 *   jobs pool); -1 under a time budget, whose limit is {@link #budgetMillis()}.</li>
 *   <li><b>Held back</b>: demand the turn did not start: it waits for a later turn.</li>
 *   <li><b>Pressure</b>: demand over what the budget let run, smoothed: 1 means the budget just
 *   keeps up, 4 means four times more was due than ran. <b>Quality</b>: jobs run over demand,
 *   smoothed, at most 1. Both are the plain mean of the first ten turns with demand, then an
 *   exponential average in which the newest turn weighs a tenth; a turn with no demand leaves
 *   them as they were.</li>
 * </ul>
 */
public final class TurnSummary {

    /** How much the newest turn weighs in {@link #pressure()} and {@link #quality()}. */
    static final double NEWEST_TURN_WEIGHT = 0.1;

    long tick;
    int demand;
    int jobsRun;
    int urgentJobs;
    /** Urgent jobs on top of the budget ({@link TimeslicedSystem#setUrgentAllowance}): not the budget's. */
    int urgentOnTop;
    int released;
    double budgetMillis;
    long turnNanos;
    private double pressure;
    private double quality = 1;
    /** Turns with demand so far: the first ten are averaged plainly, so no single early turn outweighs the rest. */
    private int turnsWithDemand;

    TurnSummary() {
    }

    /** Smooths the pressure and quality with this turn's; called once its counts are in. */
    void smooth() {
        if (demand == 0) {
            return;
        }
        int let = Math.max(1, released >= 0 ? released : jobsRun - urgentOnTop);
        double turnPressure = demand / (double) let;
        double turnQuality = Math.min(1, jobsRun / (double) demand);
        if (turnsWithDemand < Integer.MAX_VALUE) {
            turnsWithDemand++;
        }
        double weight = Math.max(NEWEST_TURN_WEIGHT, 1.0 / turnsWithDemand); // a plain mean of the first turns
        pressure += weight * (turnPressure - pressure);
        quality += weight * (turnQuality - quality);
    }

    /** The tick this turn was ({@link DecisionStats#tick()} during it). */
    public long tick() {
        return tick;
    }

    /** The jobs due as the turn's jobs began: urgent ones waiting and the batch's left. */
    public int demand() {
        return demand;
    }

    /** The jobs the turn started, urgent ones included (as {@link DecisionStats#jobsRunLastTick()}). */
    public int jobsRun() {
        return jobsRun;
    }

    /** The urgent jobs the turn started. */
    public int urgentJobs() {
        return urgentJobs;
    }

    /** Of those, the ones run on top of the budget by the urgent allowance. */
    public int urgentJobsOnTop() {
        return urgentOnTop;
    }

    /** Demand the turn did not start, 0 or more. */
    public int heldBack() {
        return Math.max(0, demand - jobsRun);
    }

    /** The jobs the budget let this turn start, or -1 under a time budget. */
    public int released() {
        return released;
    }

    /** A time budget's milliseconds for this turn (a share's part of a pool), or NaN under a jobs budget. */
    public double budgetMillis() {
        return budgetMillis;
    }

    /** The wall time of the whole turn, in milliseconds: finishing, batch start, every job and save on the world's thread. */
    public double turnMillis() {
        return turnNanos / 1e6;
    }

    /** The turn's wall time over the jobs it started, in microseconds (0 if none): a job's cost with its share of the turn. */
    public double microsPerJob() {
        return jobsRun == 0 ? 0 : turnNanos / 1e3 / jobsRun;
    }

    /** Demand over what the budget let run, smoothed (see the class javadoc); 0 before any demand. */
    public double pressure() {
        return pressure;
    }

    /** Jobs run over demand, smoothed, 0 to 1; 1 before any demand. */
    public double quality() {
        return quality;
    }

    /** One line, for a log. */
    @Override
    public String toString() {
        return "tick " + tick + ": demand " + demand + ", ran " + jobsRun + " (urgent " + urgentJobs + "), held back "
                + heldBack() + ", released " + (released >= 0 ? String.valueOf(released) : budgetMillis + " ms")
                + ", turn " + Math.round(turnNanos / 1e3) + " µs, pressure " + Math.round(pressure * 100) / 100.0
                + ", quality " + Math.round(quality * 100) / 100.0;
    }
}
