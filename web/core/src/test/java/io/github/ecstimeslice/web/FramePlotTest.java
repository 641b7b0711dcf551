package io.github.ecstimeslice.web;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FramePlotTest {

    @Test
    void theMedianAndP99AreOfTheLastFramesKept() {
        FramePlot plot = new FramePlot();
        assertEquals(0, plot.medianFrameMillis());
        for (int i = 0; i < 1_000; i++) {
            plot.add(100, 100, 100); // pushed out by the next 240
        }
        for (int i = 1; i <= FramePlot.FRAMES; i++) {
            plot.add(i, i / 5.0, i / 10.0);
        }
        // 1 to 240: the nearest-rank median is the 120th, the 99th percentile the 238th (0.99 x 240 = 237.6)
        assertEquals(120, plot.medianFrameMillis());
        assertEquals(24f, plot.medianTickMillis(), 1e-5);
        assertEquals(12f, plot.medianAiMillis(), 1e-5);
        assertEquals(238, plot.p99FrameMillis());
    }

    @Test
    void fewerFramesThanKeptAreTheirOwnMedian() {
        FramePlot plot = new FramePlot();
        plot.add(3, 0, 0);
        plot.add(1, 0, 0);
        plot.add(2, 0, 0);
        assertEquals(2, plot.medianFrameMillis());
    }

    @Test
    void figuresAreWrittenWithTheDecimalsAskedFor() {
        assertEquals("3.14", WebDemo.fixed(Math.PI, 2));
        assertEquals("0.05", WebDemo.fixed(0.049, 2));
        assertEquals("-1.50", WebDemo.fixed(-1.5, 2));
        assertEquals("12", WebDemo.fixed(12.4, 0));
    }
}
