package io.github.ecstimeslice.demo.scene;

import com.artemis.BaseSystem;

/**
 * A few threats circling over the crowd, each on a circle of its own about the grid's centre at a
 * speed of its own: what {@link AlertnessSystem} watches and {@link WanderGoalSystem} keeps away
 * from. Positions only, no entities; moved each tick before the decision systems.
 */
final class Threats extends BaseSystem {

    /** How many threats circle the crowd. */
    static final int COUNT = 4;

    final float[] x = new float[COUNT];
    final float[] y = new float[COUNT];
    private final float centerX;
    private final float centerY;
    private final float radius;
    private double seconds;

    Threats(float centerX, float centerY, float radius) {
        this.centerX = centerX;
        this.centerY = centerY;
        this.radius = radius;
        place();
    }

    @Override
    protected void processSystem() {
        seconds += world.delta;
        place();
    }

    private void place() {
        for (int i = 0; i < COUNT; i++) {
            double r = radius * (0.25 + 0.2 * i);
            double phase = (i % 2 == 0 ? 1 : -1) * seconds * (0.6 / (1 + i)) + i * Math.PI / 2;
            x[i] = centerX + (float) (r * Math.cos(phase));
            y[i] = centerY + (float) (r * Math.sin(phase));
        }
    }
}
