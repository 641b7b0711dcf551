package io.github.ecstimeslice.demo.picture;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/**
 * A dissolve between two indexed frames of one palette, for a GIF's loop seam: an ordered (4 × 4
 * Bayer) share of the pixels takes the target frame's colour, the rest keep their own, so a run of
 * frames at 1/16, 2/16 ... 16/16 ends exactly on the target with no colours the palette lacks.
 */
public final class Dissolve {

    /** The 4 × 4 Bayer thresholds, 0 to 15: neighbouring pixels cross at spread-out steps. */
    private static final int[] BAYER = {0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5};

    private Dissolve() {
    }

    /**
     * Makes {@code sixteenths} / 16 of {@code frame}'s pixels from row {@code fromRow} down those of
     * {@code target} (same size and palette, byte-indexed), in place: 0 changes nothing, 16 makes
     * those rows the target's. The rows above (a caption, a clock) stay the frame's own.
     */
    public static void toward(BufferedImage frame, BufferedImage target, int sixteenths, int fromRow) {
        byte[] now = ((DataBufferByte) frame.getRaster().getDataBuffer()).getData();
        byte[] to = ((DataBufferByte) target.getRaster().getDataBuffer()).getData();
        int width = frame.getWidth();
        for (int i = fromRow * width; i < now.length; i++) {
            int x = i % width;
            int y = i / width;
            if (BAYER[(y & 3) << 2 | (x & 3)] < sixteenths) {
                now[i] = to[i];
            }
        }
    }
}
