package io.github.ecstimeslice.web;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.graphics.GL20;
import com.badlogic.gdx.graphics.OrthographicCamera;
import com.badlogic.gdx.graphics.glutils.ShapeRenderer;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TurnSummary;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The web demo: the {@link Crowd} played one tick a frame and drawn, the page's controls applied as
 * they change, and the page's figures written ten times a second:
 *
 * <ul>
 * <li>{@code decisions}: decisions in the last game second; {@code policy-now} and
 *     {@code budget-now}: what the decisions run under;</li>
 * <li>{@code frame-ms}: the median and 99th percentile of the last 240 frames' work (the tick and
 *     the drawing's calls, not the browser's compositing); {@code tick-ms}: the tick's median
 *     (decisions, animation, spawns); {@code ai-ms}: the decisions' turn's;</li>
 * <li>{@code pressure} and {@code quality}: the monitor's, smoothed over the last turns;</li>
 * <li>{@code checksum}: of the saves over the first {@link Crowd#CHECKSUM_TICKS} ticks, the
 *     JVM's for the same seed and settings; {@code first-frame}: seconds from the page's load;</li>
 * <li>{@code summary}: the figures in one line (the html module puts it in the page's title).</li>
 * </ul>
 */
public final class WebDemo extends ApplicationAdapter {

    /** The plot's height, in world units. */
    static final int PLOT_UNITS = 12;
    /** The canvas the html module makes, in pixels: the field at ten pixels a unit, and the plot. */
    public static final int WIDTH_PIXELS = Crowd.WIDTH * 10;
    public static final int HEIGHT_PIXELS = (Crowd.HEIGHT + PLOT_UNITS) * 10;
    /** The page's controls, by id, as {@link Controls} reads them. */
    public static final List<String> CONTROLS = Collections.unmodifiableList(Arrays.asList(Controls.IDS));
    /** Frames between two writes of the page's figures. */
    static final int FRAMES_A_SHOW = 6;

    private final Page page;
    private final long seed;
    private final Controls controls = new Controls();
    private final FramePlot plot = new FramePlot();
    private Crowd crowd;
    private CrowdPicture picture;
    private ShapeRenderer shapes;
    private OrthographicCamera camera;
    private long frames;
    private double firstFrameSeconds;

    /** A demo that reads and writes {@code page}, its crowd placed by {@code seed}. */
    public WebDemo(Page page, long seed) {
        this.page = page;
        this.seed = seed;
    }

    @Override
    public void create() {
        try {
            crowd = controls.crowdFrom(page, seed);
        } catch (IllegalArgumentException refused) {
            page.show("error", refused.getMessage() + ": the demo starts as it does by default");
            crowd = new Crowd(seed, Crowd.DEFAULT_NPCS, IoPolicy.AIAO, Crowd.DEFAULT_BUDGET);
        }
        picture = new CrowdPicture(crowd);
        shapes = new ShapeRenderer(8_000);
        camera = new OrthographicCamera();
        camera.setToOrtho(false, Crowd.WIDTH, Crowd.HEIGHT + PLOT_UNITS);
    }

    @Override
    public void render() {
        double start = page.millisSinceLoad();
        controls.apply(page, crowd);
        crowd.tick();
        double ticked = page.millisSinceLoad();
        TurnSummary turn = crowd.facing().lastTurn();

        Gdx.gl.glClearColor(0.06f, 0.07f, 0.1f, 1);
        Gdx.gl.glClear(GL20.GL_COLOR_BUFFER_BIT);
        Gdx.gl.glEnable(GL20.GL_BLEND);
        Gdx.gl.glBlendFunc(GL20.GL_SRC_ALPHA, GL20.GL_ONE_MINUS_SRC_ALPHA);
        camera.update();
        shapes.setProjectionMatrix(camera.combined);
        picture.draw(shapes, PLOT_UNITS);
        plot.draw(shapes, 0, 0, Crowd.WIDTH, PLOT_UNITS, turn == null ? Double.NaN : turn.budgetMillis());
        double end = page.millisSinceLoad();
        plot.add(end - start, ticked - start, turn == null ? 0 : turn.turnMillis());

        if (frames++ == 0) {
            firstFrameSeconds = end / 1000;
            page.show("first-frame", fixed(firstFrameSeconds, 2) + " s");
        }
        if (frames % FRAMES_A_SHOW == 0) {
            show(turn);
        }
    }

    private void show(TurnSummary turn) {
        CrowdFacing facing = crowd.facing();
        String frame = fixed(plot.medianFrameMillis(), 2) + " ms (p99 " + fixed(plot.p99FrameMillis(), 2) + ")";
        String ticked = fixed(plot.medianTickMillis(), 2) + " ms";
        String ai = fixed(plot.medianAiMillis(), 2) + " ms";
        long checksum = crowd.checksum();
        page.show("tick", String.valueOf(crowd.ticks()));
        page.show("npcs-now", String.valueOf(crowd.npcs().size()));
        page.show("decisions", String.valueOf(facing.decisionsLastSecond()));
        page.show("policy-now", facing.batchPolicy().name());
        page.show("budget-now", facing.budget().toString());
        page.show("frame-ms", frame);
        page.show("tick-ms", ticked);
        page.show("ai-ms", ai);
        page.show("pressure", turn == null ? "" : fixed(turn.pressure(), 2));
        page.show("quality", turn == null ? "" : fixed(turn.quality(), 2));
        page.show("checksum", checksum >= 0 ? String.valueOf(checksum)
                : crowd.ticks() < Crowd.CHECKSUM_TICKS ? "after tick " + Crowd.CHECKSUM_TICKS : "none: a setting changed before tick " + Crowd.CHECKSUM_TICKS);
        page.show("summary", crowd.npcs().size() + " NPCs, tick " + crowd.ticks() + ": frame " + frame + ", tick " + ticked + ", AI " + ai + ", "
                + facing.decisionsLastSecond() + " decisions/s, first frame " + fixed(firstFrameSeconds, 2) + " s");
    }

    /** {@code value} with {@code digits} decimals (GWT has no String.format). */
    static String fixed(double value, int digits) {
        double scale = Math.pow(10, digits);
        long scaled = Math.round(value * scale);
        String whole = String.valueOf(Math.abs(scaled) / (long) scale);
        StringBuilder fraction = new StringBuilder(String.valueOf(Math.abs(scaled) % (long) scale));
        while (fraction.length() < digits) {
            fraction.insert(0, '0');
        }
        return (scaled < 0 ? "-" : "") + whole + (digits > 0 ? "." + fraction : "");
    }

    @Override
    public void dispose() {
        shapes.dispose();
        crowd.dispose();
    }
}
