package io.github.ecstimeslice.demo.picture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GifWriterTest {

    /** Black, white, and a third entry no frame uses. */
    private static final IndexColorModel PALETTE = new IndexColorModel(8, 3, new byte[]{0, -1, 0},
            new byte[]{0, -1, 0}, new byte[]{0, -1, 0});
    private static final int UNCHANGED = 2;

    @Test
    void framesAfterTheFirstShowTheirPictureThoughTheyStoreOnlyTheirChanges(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("moving.gif");
        BufferedImage frame = new BufferedImage(40, 20, BufferedImage.TYPE_BYTE_INDEXED, PALETTE);
        byte[] pixels = ((DataBufferByte) frame.getRaster().getDataBuffer()).getData();
        try (GifWriter gif = new GifWriter(file, frame, UNCHANGED, 5)) {
            for (int step = 0; step < 10; step++) {
                java.util.Arrays.fill(pixels, (byte) 0);
                pixels[step * 2] = 1; // a white dot moving right along the top row
                gif.add(frame);
            }
        }
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            assertEquals(10, reader.getNumImages(true));
            BufferedImage shown = new BufferedImage(40, 20, BufferedImage.TYPE_INT_RGB);
            for (int step = 0; step < 10; step++) {
                shown.createGraphics().drawImage(reader.read(step), 0, 0, null); // as a viewer composes them
                for (int x = 0; x < 20; x++) {
                    int expected = x == step * 2 ? 0xFFFFFF : 0;
                    assertEquals(expected, shown.getRGB(x, 0) & 0xFFFFFF, "frame " + step + ", pixel " + x);
                }
            }
        }
    }

    @Test
    void writingOverALargerFileLeavesNothingOfIt(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("old.gif"), new byte[1 << 20]);
        BufferedImage frame = new BufferedImage(40, 20, BufferedImage.TYPE_BYTE_INDEXED, PALETTE);
        try (GifWriter gif = new GifWriter(file, frame, UNCHANGED, 5)) {
            gif.add(frame);
        }
        assertTrue(Files.size(file) < 1000, "the old file's megabyte is gone: " + Files.size(file));
        assertEquals(40, ImageIO.read(file.toFile()).getWidth());
    }
}
