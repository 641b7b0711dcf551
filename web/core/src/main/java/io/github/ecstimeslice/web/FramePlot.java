package io.github.ecstimeslice.web;

import com.badlogic.gdx.graphics.glutils.ShapeRenderer;

import java.util.Arrays;

/**
 * The last frames' times, kept and drawn as a strip under the field: the whole frame's work (white),
 * the tick within it (teal: the decisions, the animation, the spawns) and the decisions' turn
 * within the tick (orange), against a grey line at 1/60 s and, under a time budget, a green line at
 * the budget.
 */
final class FramePlot {

    /** Frames kept and drawn. */
    static final int FRAMES = 240;
    /** The milliseconds at the strip's top; longer frames are drawn at the top. */
    static final float TOP_MILLIS = 25;

    private final float[] frameMillis = new float[FRAMES];
    private final float[] tickMillis = new float[FRAMES];
    private final float[] aiMillis = new float[FRAMES];
    private final float[] sorted = new float[FRAMES];
    private int next;
    private int kept;

    /** Keeps one frame's times. */
    void add(double frame, double tick, double ai) {
        frameMillis[next] = (float) frame;
        tickMillis[next] = (float) tick;
        aiMillis[next] = (float) ai;
        next = (next + 1) % FRAMES;
        kept = Math.min(kept + 1, FRAMES);
    }

    /** The median of the kept frames' work, in milliseconds; 0 before a frame. */
    float medianFrameMillis() {
        return percentile(frameMillis, 0.5);
    }

    /** The 99th percentile of the kept frames' work. */
    float p99FrameMillis() {
        return percentile(frameMillis, 0.99);
    }

    /** The median of the kept frames' ticks. */
    float medianTickMillis() {
        return percentile(tickMillis, 0.5);
    }

    /** The median of the kept frames' decision turns. */
    float medianAiMillis() {
        return percentile(aiMillis, 0.5);
    }

    private float percentile(float[] millis, double rank) {
        if (kept == 0) {
            return 0;
        }
        System.arraycopy(millis, 0, sorted, 0, kept);
        Arrays.sort(sorted, 0, kept);
        return sorted[Math.max(0, (int) Math.ceil(rank * kept) - 1)]; // the nearest rank
    }

    /** Draws the strip into {@code x, y, width, height} (world units); {@code budgetMillis} NaN: no budget line. */
    void draw(ShapeRenderer shapes, float x, float y, float width, float height, double budgetMillis) {
        shapes.begin(ShapeRenderer.ShapeType.Filled);
        shapes.setColor(0.12f, 0.14f, 0.18f, 1);
        shapes.rect(x, y, width, height);
        shapes.end();
        shapes.begin(ShapeRenderer.ShapeType.Line);
        shapes.setColor(0.45f, 0.45f, 0.5f, 1);
        level(shapes, x, y, width, height, 1000 / 60f);
        if (!Double.isNaN(budgetMillis)) {
            shapes.setColor(0.3f, 0.85f, 0.4f, 1);
            level(shapes, x, y, width, height, (float) budgetMillis);
        }
        shapes.setColor(0.9f, 0.9f, 0.9f, 1);
        trace(shapes, frameMillis, x, y, width, height);
        shapes.setColor(0.18f, 0.77f, 0.71f, 1);
        trace(shapes, tickMillis, x, y, width, height);
        shapes.setColor(1f, 0.62f, 0.11f, 1);
        trace(shapes, aiMillis, x, y, width, height);
        shapes.end();
    }

    private static void level(ShapeRenderer shapes, float x, float y, float width, float height, float millis) {
        float at = y + height * Math.min(millis, TOP_MILLIS) / TOP_MILLIS;
        shapes.line(x, at, x + width, at);
    }

    /** The kept frames, oldest at the left. */
    private void trace(ShapeRenderer shapes, float[] millis, float x, float y, float width, float height) {
        float step = width / FRAMES;
        for (int i = 1; i < kept; i++) {
            int from = (next - kept + i - 1 + FRAMES) % FRAMES;
            int to = (from + 1) % FRAMES;
            shapes.line(x + (FRAMES - kept + i - 1) * step, y + height * Math.min(millis[from], TOP_MILLIS) / TOP_MILLIS,
                    x + (FRAMES - kept + i) * step, y + height * Math.min(millis[to], TOP_MILLIS) / TOP_MILLIS);
        }
    }
}
