package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.demo.picture.GifWriter;
import io.github.ecstimeslice.demo.picture.Illustration;
import io.github.ecstimeslice.demo.scene.Scene;
import io.github.ecstimeslice.demo.scene.TierSetup;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code --gif DIR}: Chou's illustrations, one looping GIF each: a dozen NPCs, update-all, and
 * each policy at 10 and 30 jobs per second (9 files), one lap of the target (8 s) at 60 ticks a
 * second, a frame every 4 ticks; with {@code --tiers}, also {@code tiers.gif}: 144 NPCs in those
 * tiers by distance to a player circling once a lap (the scene's own rings), a batch every 0.25 s. A lap runs unrecorded first, so the recorded one starts where the
 * previous ended: the NPCs face the target at both ends and the loop has no jump at its seam.
 */
public final class GifRun implements RunMode {

    static final int NPCS = 12;
    static final int TICKS = (int) Math.round(Scene.TARGET_PERIOD * 60);
    static final int TICKS_PER_FRAME = 4;
    /** Frames in each GIF, and its width and height in pixels. */
    public static final int FRAMES = TICKS / TICKS_PER_FRAME;
    public static final int WIDTH = 360;
    static final int HEIGHT = 300;

    /** NPCs in the tiered GIF: a 12 × 12 grid, so the player's rings hold a few each. */
    static final int TIERED_NPCS = 144;

    /**
     * What one GIF shows: update-all with no policy, else a policy at {@code hz} jobs a second; or,
     * with {@code tiers}, AIAO in tiers with a batch every {@code 1 / hz} s.
     */
    private record Picture(String file, String caption, IoPolicy policy, double hz, TierSetup tiers) {
    }

    private final Path directory;
    private final long seed;
    private final PrintStream out;
    private final List<Picture> pictures = new ArrayList<>();
    private final List<Path> written = new ArrayList<>();

    private int index;
    private Scene scene;
    private Illustration illustration;
    private GifWriter gif;
    private int done;

    GifRun(RunOptions options, PrintStream out) {
        this.directory = options.gifDirectory();
        this.seed = options.seed();
        this.out = out;
        pictures.add(new Picture("update-all.gif", "Update all (every NPC, every tick)", null, 0, null));
        for (IoPolicy policy : IoPolicy.values()) {
            for (int hz : new int[]{10, 30}) {
                pictures.add(new Picture(policy.name().toLowerCase(Locale.ROOT) + "-" + hz + "hz.gif",
                        policy.name() + ", " + hz + " NPC jobs a second", policy, hz, null));
            }
        }
        if (options.tiers() != null) { // the small scene's own rings: the given radii fit the live one
            int[] periods = new int[options.tiers().tiers().count()];
            for (int i = 0; i < periods.length; i++) {
                periods[i] = options.tiers().tiers().batchPeriod(i);
            }
            TierSetup small = TierSetup.of(periods, TierSetup.defaultRadii(periods.length, TIERED_NPCS));
            pictures.add(new Picture("tiers.gif", "AIAO in tiers " + Arrays.toString(periods).replace(" ", ""),
                    IoPolicy.AIAO, 4, small));
        }
    }

    @Override
    public boolean tick() throws IOException {
        if (scene == null) {
            if (index == 0) {
                Files.createDirectories(directory); // made by the command line already, unless run without it
            }
            Picture picture = pictures.get(index);
            scene = picture.tiers() != null
                    ? Scene.tiered(TIERED_NPCS, seed, picture.policy(), Budget.batchEvery(1 / picture.hz()),
                    TimeslicedSystem.DEFAULT_HISTORY_DEPTH, Threading.WORLD_THREAD, picture.tiers())
                    : picture.policy() == null
                    ? Scene.updateAll(NPCS, seed)
                    : Scene.timesliced(NPCS, seed, picture.policy(), Budget.jobsPerSecond(picture.hz()),
                    TimeslicedSystem.DEFAULT_HISTORY_DEPTH, Threading.WORLD_THREAD, null);
            illustration = new Illustration(WIDTH, HEIGHT, scene.columns(), scene.rows());
            gif = new GifWriter(directory.resolve(picture.file()), illustration.frameType(), Illustration.UNCHANGED,
                    (int) Math.round(100.0 * TICKS_PER_FRAME / 60));
            done = -TICKS; // the lap before the recorded one
        }
        scene.tick(1 / 60f);
        done++;
        if (done > 0 && done % TICKS_PER_FRAME == 0) {
            gif.add(illustration.paint(scene, pictures.get(index).caption(), done / 60.0));
        }
        if (done == TICKS) {
            gif.close();
            Path file = directory.resolve(pictures.get(index).file());
            written.add(file);
            out.printf(Locale.ROOT, "gif: %s (%d frames, %d KiB)%n", file, gif.frames(), Files.size(file) / 1024);
            scene.dispose();
            scene = null;
            index++;
        }
        return index == pictures.size();
    }

    @Override
    public void finish() {
        out.printf(Locale.ROOT, "gif: %d files in %s%n", written.size(), directory);
    }
}
