package io.github.ecstimeslice.demo.picture;

import io.github.ecstimeslice.JobTimeline;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A tick's timeline as a picture, for the docs: a track per thread (the world's first), the tick,
 * the turns and batch starts, and each job as a bar where and when it ran; the longest jobs
 * labelled with their entity. Time runs left to right over the tick, with a line every
 * millisecond.
 */
public final class TimelinePicture {

    public static final int WIDTH = 1400;
    private static final int LEFT = 130;
    private static final int RIGHT = 30;
    private static final int TOP = 60;
    private static final int ROW = 22;
    private static final int LABELLED = 3;
    private static final Color TICK = new Color(200, 200, 200);
    private static final Color TURN = new Color(90, 130, 200);
    private static final Color BATCH_START = new Color(230, 150, 40);
    private static final Color BATCH_JOB = new Color(60, 160, 90);
    private static final Color URGENT_JOB = new Color(210, 60, 60);

    private TimelinePicture() {
    }

    /** Draws spans {@code from} to {@code to} of {@code timeline}, titled {@code title}, as a PNG at {@code file}. */
    public static void write(JobTimeline timeline, long from, long to, String title, Path file) throws IOException {
        long first = Math.max(from, timeline.oldest());
        long last = Math.min(to, timeline.next());
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        List<Long> threads = new ArrayList<>();
        for (long span = first; span < last; span++) {
            start = Math.min(start, timeline.startNanos(span));
            end = Math.max(end, timeline.endNanos(span));
            long thread = timeline.thread(span);
            JobTimeline.Kind kind = timeline.kind(span);
            boolean world = kind == JobTimeline.Kind.TICK || kind == JobTimeline.Kind.TURN;
            if (!threads.contains(thread)) {
                threads.add(world ? 0 : threads.size(), thread); // the world's thread first
            } else if (world && threads.indexOf(thread) != 0) {
                threads.remove(thread);
                threads.add(0, thread);
            }
        }
        // the world's thread has three rows (the tick, the turns, the jobs), a worker one
        int height = TOP + (threads.size() + 2) * ROW + 60 + LABELLED * 14;
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, height);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString(title, 10, 22);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        double span = Math.max(1, end - start);
        double perNano = (WIDTH - LEFT - RIGHT) / span;
        drawMillisGrid(g, start, end, perNano, height);
        for (int t = 0; t < threads.size(); t++) {
            g.setColor(Color.DARK_GRAY);
            g.drawString(t == 0 ? "world thread" : "worker " + threads.get(t), 10, rowTop(t, 2) + ROW - 8);
        }
        List<Long> jobs = new ArrayList<>();
        for (long s = first; s < last; s++) {
            JobTimeline.Kind kind = timeline.kind(s);
            int track = threads.indexOf(timeline.thread(s));
            int level = kind == JobTimeline.Kind.TICK ? 0 : kind == JobTimeline.Kind.TURN ? 1 : 2;
            Color color = kind == JobTimeline.Kind.TICK ? TICK : kind == JobTimeline.Kind.TURN ? TURN
                    : kind == JobTimeline.Kind.BATCH_START ? BATCH_START
                    : kind == JobTimeline.Kind.BATCH_JOB ? BATCH_JOB : URGENT_JOB;
            int x = LEFT + (int) ((timeline.startNanos(s) - start) * perNano);
            int w = Math.max(1, (int) ((timeline.endNanos(s) - timeline.startNanos(s)) * perNano));
            int y = rowTop(track, level);
            g.setColor(color);
            g.fillRect(x, y, w, ROW - 4);
            if (kind == JobTimeline.Kind.BATCH_JOB || kind == JobTimeline.Kind.URGENT_JOB) {
                jobs.add(s);
            }
        }
        jobs.sort(Comparator.comparingDouble(timeline::millis).reversed());
        g.setColor(Color.BLACK);
        for (int i = 0; i < Math.min(LABELLED, jobs.size()); i++) {
            long s = jobs.get(i);
            int track = threads.indexOf(timeline.thread(s));
            int x = LEFT + (int) ((timeline.startNanos(s) - start) * perNano);
            int y = rowTop(track, 2) + ROW + 12 + i * 14; // one under the other, so none hides another
            g.drawString(String.format(Locale.ROOT, "entity %d, %.3f ms", timeline.entity(s), timeline.millis(s)), x, y);
        }
        legend(g, height);
        g.dispose();
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer for " + file);
        }
    }

    /** The top of a row: the world's thread (track 0) has levels 0 to 2, each worker after it one row. */
    private static int rowTop(int track, int level) {
        return TOP + (track == 0 ? level : track + 2) * ROW + (track == 0 ? 0 : 16);
    }

    private static void drawMillisGrid(Graphics2D g, long start, long end, double perNano, int height) {
        g.setStroke(new BasicStroke(1f));
        for (long ms = 0; ms * 1_000_000L <= end - start; ms++) {
            int x = LEFT + (int) (ms * 1_000_000L * perNano);
            g.setColor(new Color(235, 235, 235));
            g.drawLine(x, TOP - 10, x, height - 40);
            g.setColor(Color.GRAY);
            g.drawString(ms + " ms", x + 2, TOP - 14);
        }
    }

    private static void legend(Graphics2D g, int height) {
        Color[] colors = {TICK, TURN, BATCH_START, BATCH_JOB, URGENT_JOB};
        String[] names = {"tick", "turn", "batch start", "batch job", "urgent job"};
        int x = LEFT;
        for (int i = 0; i < colors.length; i++) {
            g.setColor(colors[i]);
            g.fillRect(x, height - 28, 14, 14);
            g.setColor(Color.DARK_GRAY);
            g.drawString(names[i], x + 18, height - 17);
            x += 110;
        }
    }
}
