package io.github.ecstimeslice.demo.run;

import io.github.ecstimeslice.demo.scene.TickTimes;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code --compare} table as a picture: each decider's tick time over the measured ticks (the
 * interval system's spikes against the timesliced systems' flat lines), and each decider's
 * decision cost against the facing error it buys, one above the other in one PNG. Drawn with
 * XChart.
 */
public final class ComparePlot {

    /** The PNG's width, and the heights of its two charts, one above the other. */
    public static final int WIDTH = 1000;
    public static final int FRAMES_HEIGHT = 420;
    public static final int COST_HEIGHT = 340;
    /** One colour per row, in the table's order: update-all, AIAO, SIAO, SISO, AISO, interval. */
    private static final Color[] COLOURS = {new Color(0x80, 0x80, 0x80), new Color(0x1F, 0x6F, 0xD0),
            new Color(0x8E, 0x44, 0xAD), new Color(0x27, 0xAE, 0x60), new Color(0xE6, 0x7E, 0x22),
            new Color(0xD0, 0x21, 0x21)};

    private ComparePlot() {
    }

    /** Writes the picture of {@code rows} to {@code file}. */
    static void write(List<CompareRun.Row> rows, String title, Path file) throws IOException {
        BufferedImage frames = BitmapEncoder.getBufferedImage(frameTimes(rows, title));
        BufferedImage cost = BitmapEncoder.getBufferedImage(costAgainstError(rows));
        BufferedImage both = new BufferedImage(WIDTH, FRAMES_HEIGHT + COST_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = both.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, both.getWidth(), both.getHeight());
        g.drawImage(frames, 0, 0, null);
        g.drawImage(cost, 0, FRAMES_HEIGHT, null);
        g.dispose();
        if (!ImageIO.write(both, "png", file.toFile())) {
            throw new IOException("no PNG writer for " + file);
        }
    }

    private static XYChart frameTimes(List<CompareRun.Row> rows, String title) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(FRAMES_HEIGHT).title(title)
                .xAxisTitle("measured tick").yAxisTitle("tick time (ms)").build();
        style(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisTickMarkSpacingHint(90);
        for (CompareRun.Row row : rows) {
            TickTimes times = row.times();
            double[] ticks = new double[times.count()];
            double[] millis = new double[times.count()];
            for (int i = 0; i < ticks.length; i++) {
                ticks[i] = i;
                millis[i] = times.nanos(i) / 1e6;
            }
            XYSeries series = chart.addSeries(row.name(), ticks, millis);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineWidth(1.2f);
        }
        return chart;
    }

    private static XYChart costAgainstError(List<CompareRun.Row> rows) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(COST_HEIGHT)
                .title("what the decisions cost, and the facing error they buy")
                .xAxisTitle("deciding (ms a tick)").yAxisTitle("mean facing error (°)").build();
        style(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(14);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setYAxisMin(0.0);
        for (CompareRun.Row row : rows) {
            chart.addSeries(row.name(), new double[]{row.decisionMillis()}, new double[]{row.facingErrorDegrees()});
        }
        return chart;
    }

    private static void style(Styler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setAntiAlias(true);
        styler.setSeriesColors(COLOURS);
    }
}
