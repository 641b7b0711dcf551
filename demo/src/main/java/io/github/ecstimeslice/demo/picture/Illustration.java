package io.github.ecstimeslice.demo.picture;

import io.github.ecstimeslice.demo.scene.Scene;
import io.github.ecstimeslice.facing.Position;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.IndexColorModel;
import java.util.Arrays;
import java.util.Locale;

/**
 * Draws a small {@link Scene} as Chou's illustrations do: the target as a circle, each NPC as a
 * black pointer showing its orientation and a red indicator showing its desired orientation (its
 * latest decision), with a caption and the game time above and a legend below. Antialiased Java 2D,
 * headless, then mapped onto a small fixed palette for the GIF.
 */
public final class Illustration {

    private static final Color BACKGROUND = new Color(0xFA, 0xFA, 0xF7);
    private static final Color TARGET = new Color(0x3B, 0x7D, 0xD8);
    private static final Color DESIRED = new Color(0xD6, 0x28, 0x28);
    /** The NPCs' colours by significance tier, near to far, in a tiered scene; the last one repeats. */
    private static final Color[] TIER_INKS = {new Color(0x1B, 0x8A, 0x3A), new Color(0xE0, 0x8A, 0x12),
            new Color(0x8E, 0x8E, 0x9A)};
    private static final Color[] INKS = {Color.BLACK, DESIRED, TARGET, Color.DARK_GRAY,
            TIER_INKS[0], TIER_INKS[1], TIER_INKS[2]};
    private static final int CAPTION_HEIGHT = 24;
    private static final int LEGEND_HEIGHT = 20;
    /** Steps from the background to each ink: enough for smooth edges, few enough to compress well. */
    private static final int STEPS = 15;
    /** The palette index no painted pixel uses: a GIF frame marks the pixels it leaves unchanged with it. */
    public static final int UNCHANGED = 1 + INKS.length * STEPS;

    private final int width;
    private final int height;
    private final int rows;
    private final float scale;
    private final float originX;
    private final float originY;
    private final BufferedImage image;
    /** The frame as the GIF stores it: a fixed palette of ramps from the background to each ink. */
    private final BufferedImage indexed;
    /** Palette index by 15-bit color, -1 until looked up. */
    private final int[] nearest = new int[1 << 15];

    /** A canvas that shows a scene's grid of {@code columns} × {@code rows} NPCs, plus a margin. */
    public Illustration(int width, int height, int columns, int rows) {
        this.width = width;
        this.height = height;
        this.rows = rows;
        int plot = height - CAPTION_HEIGHT - LEGEND_HEIGHT;
        this.scale = Math.min(width / (columns + 2.5f), plot / (rows + 2.5f));
        this.originX = (width - (columns - 1) * scale) / 2;
        this.originY = CAPTION_HEIGHT + (plot - (rows - 1) * scale) / 2;
        this.image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        this.indexed = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_INDEXED, palette());
        Arrays.fill(nearest, -1);
    }

    /**
     * Background, and {@link #STEPS} steps from it to each ink: antialiased edges, flat areas, no
     * dithering. The last entry, {@link #UNCHANGED}, no painted pixel maps to (it repeats the background).
     */
    private static IndexColorModel palette() {
        int steps = STEPS;
        byte[] r = new byte[UNCHANGED + 1];
        byte[] g = new byte[r.length];
        byte[] b = new byte[r.length];
        r[0] = (byte) BACKGROUND.getRed();
        g[0] = (byte) BACKGROUND.getGreen();
        b[0] = (byte) BACKGROUND.getBlue();
        int i = 1;
        for (Color ink : INKS) {
            for (int step = 1; step <= steps; step++) {
                float t = step / (float) steps;
                r[i] = (byte) Math.round(BACKGROUND.getRed() + t * (ink.getRed() - BACKGROUND.getRed()));
                g[i] = (byte) Math.round(BACKGROUND.getGreen() + t * (ink.getGreen() - BACKGROUND.getGreen()));
                b[i] = (byte) Math.round(BACKGROUND.getBlue() + t * (ink.getBlue() - BACKGROUND.getBlue()));
                i++;
            }
        }
        r[UNCHANGED] = r[0];
        g[UNCHANGED] = g[0];
        b[UNCHANGED] = b[0];
        return new IndexColorModel(8, r.length, r, g, b);
    }

    /** An image of the kind {@link #paint} returns. */
    public BufferedImage frameType() {
        return indexed;
    }

    /** Paints the scene now, with a caption and the game time; returns the (reused) palette image. */
    public BufferedImage paint(Scene scene, String caption, double seconds) {
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(BACKGROUND);
            g.fillRect(0, 0, width, height);
            g.setColor(Color.DARK_GRAY);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            g.drawString(caption, 10, 18);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            String clock = String.format(Locale.ROOT, "t = %.1f s", seconds);
            g.drawString(clock, width - 10 - g.getFontMetrics().stringWidth(clock), 18);

            boolean tiered = scene.ringCount() > 1;
            float pointer = scale * 0.38f;
            g.setStroke(new BasicStroke(Math.max(1.5f, scale * 0.05f), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            for (int npc = 1; npc <= scene.npcCount(); npc++) {
                Position p = scene.position(npc);
                float x = sx(p.x);
                float y = sy(p.y);
                float want = scene.desiredOrientation(npc);
                g.setColor(DESIRED);
                g.draw(new Line2D.Float(x, y, x + pointer * 1.25f * (float) Math.cos(want),
                        y - pointer * 1.25f * (float) Math.sin(want)));
                g.setColor(tiered ? TIER_INKS[Math.min(scene.tierOf(npc), TIER_INKS.length - 1)] : Color.BLACK);
                g.fill(arrow(x, y, scene.orientation(npc), pointer));
            }
            Position t = scene.targetPosition();
            float r = scale * 0.22f;
            g.setColor(TARGET);
            g.fill(new Ellipse2D.Float(sx(t.x) - r, sy(t.y) - r, 2 * r, 2 * r));
            if (tiered) { // the player: a ring
                Position player = scene.playerPosition();
                float ring = scale * 0.3f;
                g.setColor(Color.DARK_GRAY);
                g.setStroke(new BasicStroke(Math.max(2f, scale * 0.08f)));
                g.draw(new Ellipse2D.Float(sx(player.x) - ring, sy(player.y) - ring, 2 * ring, 2 * ring));
                tierLegend(g);
            } else {
                legend(g);
            }
        } finally {
            g.dispose();
        }
        toPalette();
        return indexed;
    }

    /** One line along the bottom: what the circle, the pointers and the red lines are. */
    private void legend(Graphics2D g) {
        int y = height - LEGEND_HEIGHT / 2;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        int x = 12;
        g.setColor(TARGET);
        g.fill(new Ellipse2D.Float(x - 4, y - 4, 8, 8));
        x = label(g, "target", x + 9, y);
        g.setColor(Color.BLACK);
        g.fill(arrow(x + 14, y, 0, 9));
        x = label(g, "facing (turns every tick)", x + 26, y);
        g.setColor(DESIRED);
        g.draw(new Line2D.Float(x + 6, y, x + 20, y));
        label(g, "latest decision", x + 25, y);
    }

    /** The tiered scene's legend: the player, then the NPCs' colour for each tier. */
    private void tierLegend(Graphics2D g) {
        int y = height - LEGEND_HEIGHT / 2;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        int x = 12;
        g.setColor(Color.DARK_GRAY);
        g.setStroke(new BasicStroke(2f));
        g.draw(new Ellipse2D.Float(x - 5, y - 5, 10, 10));
        x = label(g, "player", x + 9, y);
        String[] names = {"near: every batch", "mid", "far"};
        for (int tier = 0; tier < TIER_INKS.length; tier++) {
            g.setColor(TIER_INKS[tier]);
            g.fill(arrow(x + 6, y, 0, 9));
            x = label(g, names[tier], x + 16, y);
        }
    }

    /** Draws {@code text} from x, centred on y; returns where the next item starts. */
    private static int label(Graphics2D g, String text, int x, int y) {
        g.setColor(Color.DARK_GRAY);
        g.drawString(text, x, y + g.getFontMetrics().getAscent() / 2 - 1);
        return x + g.getFontMetrics().stringWidth(text) + 14;
    }

    /** A pointer at (x, y) toward {@code radians} (counter-clockwise, screen y down). */
    private static Path2D arrow(float x, float y, float radians, float length) {
        float cos = (float) Math.cos(radians);
        float sin = (float) Math.sin(radians);
        float half = length * 0.42f;
        Path2D.Float path = new Path2D.Float();
        path.moveTo(x + cos * length, y - sin * length);
        path.lineTo(x - cos * half * 0.8f - sin * half, y + sin * half * 0.8f - cos * half);
        path.lineTo(x - cos * half * 0.3f, y + sin * half * 0.3f);
        path.lineTo(x - cos * half * 0.8f + sin * half, y + sin * half * 0.8f + cos * half);
        path.closePath();
        return path;
    }

    /** Copies the antialiased frame into the palette image, each pixel to its nearest palette color. */
    private void toPalette() {
        int[] rgb = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        byte[] out = ((DataBufferByte) indexed.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < rgb.length; i++) {
            int c = rgb[i];
            int key = ((c >> 9) & 0x7C00) | ((c >> 6) & 0x3E0) | ((c >> 3) & 0x1F);
            int index = nearest[key];
            if (index < 0) {
                index = nearestIndex(c);
                nearest[key] = index;
            }
            out[i] = (byte) index;
        }
    }

    private int nearestIndex(int rgb) {
        IndexColorModel model = (IndexColorModel) indexed.getColorModel();
        int r = (rgb >> 16) & 0xFF;
        int g = (rgb >> 8) & 0xFF;
        int b = rgb & 0xFF;
        int best = 0;
        int bestDistance = Integer.MAX_VALUE;
        for (int i = 0; i < UNCHANGED; i++) { // never UNCHANGED: it marks pixels a GIF frame leaves alone
            int dr = model.getRed(i) - r;
            int dg = model.getGreen(i) - g;
            int db = model.getBlue(i) - b;
            int distance = dr * dr + dg * dg + db * db;
            if (distance < bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
        return best;
    }

    private float sx(float worldX) {
        return originX + worldX * scale;
    }

    /** World y grows up, the image's down. */
    private float sy(float worldY) {
        return originY + (rows - 1 - worldY) * scale;
    }
}
