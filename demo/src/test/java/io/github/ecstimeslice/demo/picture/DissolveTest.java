package io.github.ecstimeslice.demo.picture;

import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class DissolveTest {

    private static BufferedImage filled(int index) {
        BufferedImage image = new BufferedImage(8, 8, BufferedImage.TYPE_BYTE_INDEXED);
        Arrays.fill(pixels(image), (byte) index);
        return image;
    }

    private static byte[] pixels(BufferedImage image) {
        return ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
    }

    private static int countOf(BufferedImage image, int index) {
        int count = 0;
        for (byte pixel : pixels(image)) {
            count += pixel == index ? 1 : 0;
        }
        return count;
    }

    @Test
    void eachSixteenthTakesASixteenthOfThePixelsAndSixteenEndsOnTheTarget() {
        BufferedImage target = filled(2);
        for (int sixteenths = 0; sixteenths <= 16; sixteenths++) {
            BufferedImage frame = filled(1);
            Dissolve.toward(frame, target, sixteenths, 0);
            assertEquals(64 * sixteenths / 16, countOf(frame, 2), sixteenths + " sixteenths of an 8 x 8 frame");
        }
        BufferedImage frame = filled(1);
        Dissolve.toward(frame, target, 16, 0);
        assertArrayEquals(pixels(target), pixels(frame));
    }

    @Test
    void aLaterStepKeepsThePixelsAnEarlierOneTook() {
        BufferedImage target = filled(2);
        BufferedImage early = filled(1);
        Dissolve.toward(early, target, 5, 0);
        BufferedImage late = filled(1);
        Dissolve.toward(late, target, 9, 0);
        byte[] before = pixels(early);
        byte[] after = pixels(late);
        for (int i = 0; i < before.length; i++) {
            if (before[i] == 2) {
                assertEquals(2, after[i], "pixel " + i + " goes back at a later step");
            }
        }
    }

    @Test
    void theRowsAboveTheDissolveKeepTheFramesOwnPixels() {
        BufferedImage frame = filled(1);
        Dissolve.toward(frame, filled(2), 16, 3);
        byte[] pixels = pixels(frame);
        for (int i = 0; i < pixels.length; i++) {
            assertEquals(i < 3 * 8 ? 1 : 2, pixels[i], "pixel " + i);
        }
    }
}
