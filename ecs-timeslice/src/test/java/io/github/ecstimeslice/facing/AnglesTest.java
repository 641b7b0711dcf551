package io.github.ecstimeslice.facing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnglesTest {

    private static final double PI = Math.PI;

    @ParameterizedTest
    @CsvSource({
            "0, 0",
            "1.5, 1.5",
            "-3.0, -3.0",
            "3.1415927, -3.1415927",   // π wraps to -π: the range is [-π, π)
            "-3.1415927, -3.1415927",
            "6.2831855, 0",
            "7.5, 1.2168147",          // 7.5 - 2π
            "-7.5, -1.2168147",        // -7.5 + 2π
            "20, 1.1504440",           // 20 - 6π
    })
    void wrapGivesTheSameDirectionInMinusPiToPi(float radians, float expected) {
        float wrapped = Angles.wrap(radians);
        assertEquals(expected, wrapped, 1e-5);
        assertTrue(wrapped >= -PI - 1e-6 && wrapped < PI, "in range: " + wrapped);
    }

    @ParameterizedTest
    @ValueSource(floats = {1e17f, -1e17f, 1e30f, -1e30f, Float.MAX_VALUE, -Float.MAX_VALUE, 16777217f, 1e9f})
    void wrapKeepsEvenHugeAnglesInMinusPiToPi(float radians) {
        float wrapped = Angles.wrap(radians);
        assertTrue(wrapped >= -Angles.PI && wrapped < Angles.PI, radians + " wrapped to " + wrapped);
    }

    @ParameterizedTest
    @ValueSource(floats = {4f, -4f, 100.5f, -1234.5f, 65432.1f, 999_999f, -999_999f})
    void wrapKeepsTheDirectionOfLargeAngles(float radians) {
        float wrapped = Angles.wrap(radians);
        // sin and cos reduce their argument exactly: the direction they see is the true one
        double direction = Math.atan2(Math.sin(radians), Math.cos(radians));
        double apart = Math.abs(Math.IEEEremainder(wrapped - direction, 2 * PI));
        assertTrue(apart < 1e-6, radians + " wrapped to " + wrapped + ", " + apart + " rad from its direction " + direction);
    }

    @Test
    void wrapKeepsEveryFiniteFloatInRange() {
        Random random = new Random(7);
        for (int i = 0; i < 1_000_000; i++) {
            float radians = Float.intBitsToFloat(random.nextInt());
            if (Float.isFinite(radians)) {
                float wrapped = Angles.wrap(radians);
                assertTrue(wrapped >= -Angles.PI && wrapped < Angles.PI, radians + " wrapped to " + wrapped);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {Math.PI, -Math.PI, 3 * Math.PI, -3 * Math.PI, 201 * Math.PI, -201 * Math.PI})
    void wrapKeepsTheFloatsAroundAnOddMultipleOfPiInRange(double oddMultiple) {
        float radians = (float) oddMultiple;
        for (int i = 0; i < 64; i++) {
            radians = Math.nextDown(radians);
        }
        for (int i = 0; i < 128; i++, radians = Math.nextUp(radians)) {
            float wrapped = Angles.wrap(radians);
            assertTrue(wrapped >= -Angles.PI && wrapped < Angles.PI, radians + " wrapped to " + wrapped);
            double apart = Math.abs(Math.IEEEremainder((double) wrapped - radians, 2 * PI));
            assertTrue(apart < 1e-6, radians + " wrapped to " + wrapped + ", " + apart + " rad off");
        }
    }

    @ParameterizedTest
    @ValueSource(floats = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY})
    void aDesiredOrientationThatIsNoNumberLeavesTheNpcFacingAsItWas(float desired) {
        assertTrue(Float.isNaN(Angles.wrap(desired)));
        assertEquals(0.4f, TurnAnimationSystem.turned(0.4f, desired, 1f));
        assertEquals(-3f, TurnAnimationSystem.turned(-3f, Angles.wrap(desired), 0.5f));
    }

    @ParameterizedTest
    @ValueSource(floats = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY})
    void anOrientationThatIsNoNumberTurnsStraightToTheDesiredOne(float current) {
        assertEquals(0.4f, TurnAnimationSystem.turned(current, 0.4f, 0.01f));
        assertEquals(-3f, TurnAnimationSystem.turned(current, (float) (-3 + 2 * PI), 0f), 1e-6);
    }

    @ParameterizedTest
    @CsvSource({
            "0, 1, 1",
            "1, 0, -1",
            "3.0, -3.0, 0.2831853",    // across the ±π wrap, counter-clockwise
            "-3.0, 3.0, -0.2831853",   // across the ±π wrap, clockwise
            "0.1, 6.2831855, -0.1",
    })
    void shortestTurnTakesTheShorterArc(float from, float to, float expected) {
        assertEquals(expected, Angles.shortestTurn(from, to), 1e-5);
    }

    @Test
    void turningAcrossTheWrapGoesTheShortWayAndStaysInRange() {
        // from 3.0 toward -3.0 the short way is up through π
        assertEquals(3.1f, TurnAnimationSystem.turned(3.0f, -3.0f, 0.1f), 1e-5);
        assertEquals(3.2 - 2 * PI, TurnAnimationSystem.turned(3.0f, -3.0f, 0.2f), 1e-5);
        assertEquals(-3.0f, TurnAnimationSystem.turned(3.0f, -3.0f, 0.3f), 1e-6);
    }

    @Test
    void aTurnThatCanReachTheDesiredOrientationStopsExactlyThere() {
        assertEquals(0.5f, TurnAnimationSystem.turned(0.4f, 0.5f, 1f));
        assertEquals(0.4f, TurnAnimationSystem.turned(0.4f, 0.4f, 0f));
    }

    @Test
    void aNegativeMaxTurnDoesNotTurn() {
        assertEquals(0.4f, TurnAnimationSystem.turned(0.4f, 1.5f, -1f));
    }
}
