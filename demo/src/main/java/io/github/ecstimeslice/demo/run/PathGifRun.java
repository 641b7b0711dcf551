package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.demo.maze.Maze;
import io.github.ecstimeslice.demo.maze.MazeGraph;
import io.github.ecstimeslice.demo.maze.MazeScene;
import io.github.ecstimeslice.demo.picture.Dissolve;
import io.github.ecstimeslice.demo.picture.GifWriter;
import io.github.ecstimeslice.demo.picture.MazePicture;
import io.github.ecstimeslice.paths.PathPlanningSystem;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code --scene paths --gif DIR}: {@code paths.gif}, a small maze from the seed with
 * {@value #AGENTS} agents chasing the target, each re-planned within {@value #BATCH_SECONDS} s
 * (AIAO on the world's thread, so the pictures are the same each run), their remaining paths drawn
 * faintly; {@value #SECONDS} s at 60 ticks a second after {@value #WARM_UP_SECONDS} s unrecorded,
 * a frame every 4 ticks. Chasing agents never end where they began, so the last
 * {@value #SEAM_FRAMES} frames dissolve into the first below the caption: the loop has no jump at
 * its seam but the clock's.
 */
final class PathGifRun implements RunMode {

    static final String FILE = "paths.gif";
    static final int WIDTH_CELLS = 64;
    static final int HEIGHT_CELLS = 36;
    static final int CELL_PIXELS = 8;
    static final int AGENTS = 40;
    static final double BATCH_SECONDS = 0.5;
    static final int SECONDS = 12;
    static final int WARM_UP_SECONDS = 2;
    static final int TICKS_PER_FRAME = 4;
    static final int FRAMES = SECONDS * 60 / TICKS_PER_FRAME;
    /** Frames over which the end dissolves into the first frame, a sixteenth more each. */
    static final int SEAM_FRAMES = 16;

    private final Path file;
    private final PrintStream out;
    private final MazeScene scene;
    private final MazePicture picture;
    private GifWriter gif;
    private int done = -WARM_UP_SECONDS * 60;
    private BufferedImage firstFrame;

    PathGifRun(RunOptions options, PrintStream out) {
        this.file = options.gifDirectory().resolve(FILE);
        this.out = out;
        MazeGraph graph = new MazeGraph(Maze.generate(WIDTH_CELLS, HEIGHT_CELLS, options.seed()));
        this.scene = MazeScene.timesliced(graph, AGENTS, options.seed(), IoPolicy.AIAO, Budget.batchEvery(BATCH_SECONDS),
                PathPlanningSystem.DEFAULT_PATH_HISTORY_DEPTH, Threading.WORLD_THREAD);
        this.picture = new MazePicture(graph.maze(), CELL_PIXELS);
    }

    @Override
    public boolean tick() throws IOException {
        if (gif == null) {
            Files.createDirectories(file.getParent()); // made by the command line already, unless run without it
            gif = new GifWriter(file, picture.frameType(), MazePicture.UNCHANGED,
                    (int) Math.round(100.0 * TICKS_PER_FRAME / 60));
        }
        scene.tick(1 / 60f);
        done++;
        if (done > 0 && done % TICKS_PER_FRAME == 0) {
            BufferedImage frame = picture.paint(scene, String.format(Locale.ROOT,
                    "%d agents chase the target, paths re-planned within %.1f s", AGENTS, BATCH_SECONDS), done / 60.0);
            int index = done / TICKS_PER_FRAME; // 1 to FRAMES
            if (firstFrame == null) {
                firstFrame = frame;
            } else if (index > FRAMES - SEAM_FRAMES) {
                Dissolve.toward(frame, firstFrame, index - (FRAMES - SEAM_FRAMES), picture.captionHeight());
            }
            gif.add(frame);
        }
        return done == SECONDS * 60;
    }

    @Override
    public void finish() throws IOException {
        gif.close();
        scene.dispose();
        out.printf(Locale.ROOT, "gif: %s (%d frames, %d KiB)%n", file, gif.frames(), Files.size(file) / 1024);
    }
}
