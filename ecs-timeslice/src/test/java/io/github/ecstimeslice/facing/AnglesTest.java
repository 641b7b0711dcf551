package io.github.ecstimeslice.facing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
