package io.github.ecstimeslice.facing;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.SkipWire;
import io.github.ecstimeslice.ParallelIteratingSystem;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;

import java.util.Arrays;

/**
 * The animation layer: every tick, turns every NPC's {@link Orientation} toward its
 * {@link DesiredOrientation} along the shorter arc, by at most {@link TurnRate} × the time since
 * its last turn ({@code world.delta} untiered), never overshooting. O(entities) per tick, no
 * allocation; an NPC that already faces its desired orientation is only read, not written. Each
 * NPC's turn touches only its own components, so
 * {@link #setThreading(Threading) setThreading}{@code (WORKERS_SAME_TICK)} spreads the NPCs over
 * all cores, finished within the system's turn.
 *
 * <p>{@link #followTiersOf} thins it by the decision system's significance tiers: with
 * {@code processEvery(1, 2, 4)} an NPC in tier 2 turns every 4th tick, by four ticks' worth, and
 * costs a quarter.
 */
public class TurnAnimationSystem extends ParallelIteratingSystem {

    private ComponentMapper<Orientation> orientations;
    private ComponentMapper<DesiredOrientation> desired;
    private ComponentMapper<TurnRate> turnRates;
    @SkipWire
    private TimeslicedSystem<?, ?> tiersFrom;

    /** Turns every NPC with an {@link Orientation}, a {@link DesiredOrientation} and a {@link TurnRate}. */
    public TurnAnimationSystem() {
        super(Aspect.all(Orientation.class, DesiredOrientation.class, TurnRate.class)); // subclasses keep it
    }

    /**
     * Takes each NPC's tier from {@code decisions} ({@link TimeslicedSystem#tier(int)}; an NPC it
     * does not decide for is in tier 0) and turns tier {@code i} once every {@code tickPeriods[i]}
     * ticks.
     *
     * @throws IllegalArgumentException if {@code decisions} is null, has more tiers than there are
     *                                  periods, or the periods are not valid (see
     *                                  {@link #processEvery(int...)}); tiers set on {@code decisions}
     *                                  later must fit too, or the tick fails naming the tier
     */
    public void followTiersOf(TimeslicedSystem<?, ?> decisions, int... tickPeriods) {
        if (decisions == null) {
            throw new IllegalArgumentException("decisions must not be null, was null");
        }
        if (tickPeriods != null && decisions.tiers().count() > tickPeriods.length) {
            throw new IllegalArgumentException("a tick period for each of the decisions' " + decisions.tiers().count()
                    + " tiers, was " + Arrays.toString(tickPeriods));
        }
        processEvery(tickPeriods);
        tiersFrom = decisions;
    }

    @Override
    protected int tierOf(int entityId) {
        return tiersFrom == null ? 0 : Math.max(0, tiersFrom.tier(entityId));
    }

    @Override
    protected void process(int entityId) {
        Orientation orientation = orientations.get(entityId);
        float want = Angles.wrap(desired.get(entityId).radians);
        if (orientation.radians != want) { // an NPC already facing its way costs two reads, no write
            float maxTurn = turnRates.get(entityId).radiansPerSecond * entityDelta(entityId);
            orientation.radians = turned(orientation.radians, want, maxTurn);
        }
    }

    /**
     * Where an NPC facing {@code current} faces after turning toward {@code desired} by at most
     * {@code maxTurn} radians (negative or NaN counts as 0), in [-π, π), never past it. A NaN or
     * infinite {@code desired} is no direction: the NPC keeps facing {@code current} (0 if that is
     * no number either); a NaN or infinite {@code current} is no orientation: the NPC faces
     * {@code desired} at once. O(1).
     */
    public static float turned(float current, float desired, float maxTurn) {
        if (!isFinite(desired)) {
            return isFinite(current) ? Angles.wrap(current) : 0f;
        }
        if (!isFinite(current)) {
            return Angles.wrap(desired);
        }
        float turn = Angles.shortestTurn(current, desired);
        if (Math.abs(turn) <= maxTurn) {
            return Angles.wrap(desired);
        }
        float step = maxTurn > 0 ? maxTurn : 0;
        float next = Angles.wrap(turn > 0 ? current + step : current - step);
        float left = Angles.shortestTurn(next, desired);
        return (turn > 0 ? left < 0 : left > 0) ? Angles.wrap(desired) : next; // rounding passed it: stop on it
    }

    /** False for NaN and the infinities, as {@code Float.isFinite} (which MobiVM's runtime lacks). */
    private static boolean isFinite(float value) {
        return Math.abs(value) <= Float.MAX_VALUE;
    }
}
