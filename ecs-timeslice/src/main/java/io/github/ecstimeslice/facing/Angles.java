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
     * The same direction as {@code radians}, in [-π, π); NaN for NaN and the infinities. O(1). Any
     * finite angle lands in range ({@code Math.IEEEremainder} by 2π as a double is exact); the
     * direction is exact to float precision up to about 10<sup>6</sup> radians, and beyond 10<sup>7</sup>,
     * where one float step is a radian, a float holds no direction to keep.
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
