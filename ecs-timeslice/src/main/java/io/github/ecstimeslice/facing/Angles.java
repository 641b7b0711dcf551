package io.github.ecstimeslice.facing;

/** Angle arithmetic on radians, allocation-free. */
public final class Angles {

    /** π as a float. */
    public static final float PI = (float) Math.PI;
    /** 2π as a float. */
    public static final float TWO_PI = (float) (2 * Math.PI);

    private Angles() {
    }

    /**
     * The same direction as {@code radians}, in [-π, π), for any finite angle; NaN for NaN and the
     * infinities. O(1). The remainder is exact ({@code Math.IEEEremainder}), so even angles near
     * {@code Float.MAX_VALUE} land in range.
     */
    public static float wrap(float radians) {
        if (radians >= -PI && radians < PI) {
            return radians;
        }
        float result = (float) Math.IEEEremainder(radians, 2 * Math.PI); // in [-π, π] before rounding
        // rounding to float can land on π (PI is a little above π); keep the half-open range
        return result >= PI ? result - TWO_PI : result;
    }

    /**
     * The signed turn from {@code from} to {@code to} along the shorter arc, in [-π, π): positive is
     * counter-clockwise. O(1).
     */
    public static float shortestTurn(float from, float to) {
        return wrap(to - from);
    }
}
