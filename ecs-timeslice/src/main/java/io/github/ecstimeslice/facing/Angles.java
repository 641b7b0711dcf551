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
     * finite angle lands in range; the direction is exact to float precision up to about
     * 10<sup>6</sup> radians, and beyond 10<sup>7</sup>, where one float step is a radian, a float
     * holds no direction to keep. The remainder is computed here, in double arithmetic that every
     * platform rounds alike ({@code Math.IEEEremainder} truncates in TeaVM and is missing in GWT).
     */
    public static float wrap(float radians) {
        if (radians >= -PI && radians < PI) {
            return radians;
        }
        if (Float.isNaN(radians) || Float.isInfinite(radians)) {
            return Float.NaN;
        }
        double result = radians;
        // each step leaves at most the rounding error of the last: three steps from the largest float
        while (result < -Math.PI || result > Math.PI) {
            double turns = Math.floor(result / (2 * Math.PI) + 0.5);
            if (turns == 0) {
                break; // a rounding error past ±π: the float below lands on ±PI
            }
            result -= 2 * Math.PI * turns;
        }
        float rounded = (float) result;
        // rounding to float can land on π (PI is a little above π); keep the half-open range
        return rounded >= PI ? rounded - TWO_PI : rounded;
    }

    /**
     * The signed turn from {@code from} to {@code to} along the shorter arc, in [-π, π): positive is
     * counter-clockwise. O(1).
     */
    public static float shortestTurn(float from, float to) {
        return wrap(to - from);
    }
}
