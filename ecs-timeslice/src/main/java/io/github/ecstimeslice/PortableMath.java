package io.github.ecstimeslice;

/**
 * The library's own versions of a few {@code java.lang} methods that some platform lacks:
 * {@code Math.floorMod} is missing from MobiVM's runtime (its {@code long} form from Android before
 * API 24), {@code Double.hashCode(double)} from MobiVM's.
 */
final class PortableMath {

    private PortableMath() {
    }

    /** {@code dividend} modulo a positive {@code divisor}, in [0, divisor), as {@code Math.floorMod}. */
    static int floorMod(int dividend, int divisor) {
        int mod = dividend % divisor;
        return mod < 0 ? mod + divisor : mod;
    }

    /** {@code dividend} modulo a positive {@code divisor}, in [0, divisor), as {@code Math.floorMod}. */
    static int floorMod(long dividend, int divisor) {
        int mod = (int) (dividend % divisor);
        return mod < 0 ? mod + divisor : mod;
    }

    /** {@code value}'s hash, as {@code Double.hashCode(double)}. */
    static int hashOf(double value) {
        long bits = Double.doubleToLongBits(value);
        return (int) (bits ^ bits >>> 32);
    }
}
