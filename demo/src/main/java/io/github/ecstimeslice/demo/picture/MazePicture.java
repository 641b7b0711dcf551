package io.github.ecstimeslice.demo.picture;

import io.github.ecstimeslice.demo.maze.Maze;
import io.github.ecstimeslice.demo.maze.MazeGraph;
import io.github.ecstimeslice.demo.maze.MazeScene;
import io.github.ecstimeslice.facing.Position;
import io.github.ecstimeslice.paths.Route;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.util.Locale;

/**
 * Draws the paths scene: the maze's walls, each agent's remaining path faintly, the agents and the
 * target, a caption with the game time above and a legend below; in a small palette of flat
 * colours, so the GIF's frames store only what moved.
 */
public final class MazePicture {

    private static final Color[] PALETTE = {
            new Color(0xFA, 0xFA, 0xF7), // floor
            new Color(0x4A, 0x4A, 0x52), // wall
            new Color(0xC9, 0xD8, 0xEE), // path
            new Color(0xD6, 0x28, 0x28), // agent
            new Color(0x3B, 0x7D, 0xD8), // target
            new Color(0x20, 0x20, 0x20), // text
            new Color(0xFF, 0x00, 0xFF), // never drawn: the GIF's unchanged pixels
    };
    /** The palette index no frame uses. */
    public static final int UNCHANGED = PALETTE.length - 1;
    private static final int CAPTION_HEIGHT = 24;
    private static final int LEGEND_HEIGHT = 20;

    private final int cellPixels;
    private final int width;
    private final int height;
    private final IndexColorModel palette;

    /** A picture of a {@code maze} at {@code cellPixels} pixels a cell, with a caption above and a legend below. */
    public MazePicture(Maze maze, int cellPixels) {
        this.cellPixels = cellPixels;
        this.width = maze.width() * cellPixels;
        this.height = maze.height() * cellPixels + CAPTION_HEIGHT + LEGEND_HEIGHT;
        byte[] r = new byte[PALETTE.length];
        byte[] g = new byte[PALETTE.length];
        byte[] b = new byte[PALETTE.length];
        for (int i = 0; i < PALETTE.length; i++) {
            r[i] = (byte) PALETTE[i].getRed();
            g[i] = (byte) PALETTE[i].getGreen();
            b[i] = (byte) PALETTE[i].getBlue();
        }
        palette = new IndexColorModel(8, PALETTE.length, r, g, b);
    }

    /** The rows of the caption and game time, above the maze. */
    public int captionHeight() {
        return CAPTION_HEIGHT;
    }

    /** An empty frame of the picture's size and palette. */
    public BufferedImage frameType() {
        return new BufferedImage(width, height, BufferedImage.TYPE_BYTE_INDEXED, palette);
    }

    /** The scene now, captioned with {@code caption} and {@code seconds} of game time. */
    public BufferedImage paint(MazeScene scene, String caption, double seconds) {
        BufferedImage image = frameType();
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
        g.setColor(PALETTE[0]);
        g.fillRect(0, 0, width, height);
        MazeGraph graph = scene.graph();
        Maze maze = graph.maze();
        g.setColor(PALETTE[1]);
        for (int y = 0; y < maze.height(); y++) {
            for (int x = 0; x < maze.width(); x++) {
                if (!maze.isOpen(x, y)) {
                    g.fillRect(x * cellPixels, (int) pixelY(y + 1), cellPixels, cellPixels);
                }
            }
        }
        g.setColor(PALETTE[2]);
        g.setStroke(new BasicStroke(1));
        for (int agent = 1; agent <= scene.agentCount(); agent++) {
            g.draw(remainingPath(scene.position(agent), scene.route(agent), graph));
        }
        g.setColor(PALETTE[3]);
        float agentSize = Math.max(3, cellPixels * 0.6f);
        for (int agent = 1; agent <= scene.agentCount(); agent++) {
            Position at = scene.position(agent);
            g.fill(new Ellipse2D.Float(at.x * cellPixels - agentSize / 2, pixelY(at.y) - agentSize / 2, agentSize, agentSize));
        }
        g.setColor(PALETTE[4]);
        float targetSize = Math.max(5, cellPixels * 1.2f);
        Position target = scene.targetPosition();
        g.fill(new Ellipse2D.Float(target.x * cellPixels - targetSize / 2, pixelY(target.y) - targetSize / 2,
                targetSize, targetSize));
        g.setColor(PALETTE[5]);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawString(caption, 6, 17); // the caller keeps it short enough to leave room for the time
        String time = String.format(Locale.ROOT, "t = %.1f s", seconds);
        g.drawString(time, width - 6 - g.getFontMetrics().stringWidth(time), 17);
        legend(g, agentSize, targetSize);
        g.dispose();
        return image;
    }

    /** One line along the bottom: what the blue and red dots and the faint lines are. */
    private void legend(Graphics2D g, float agentSize, float targetSize) {
        int y = height - LEGEND_HEIGHT / 2;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        int x = 10;
        g.setColor(PALETTE[4]);
        g.fill(new Ellipse2D.Float(x - targetSize / 2, y - targetSize / 2, targetSize, targetSize));
        x = label(g, "target", x + 8, y);
        g.setColor(PALETTE[3]);
        g.fill(new Ellipse2D.Float(x - agentSize / 2, y - agentSize / 2, agentSize, agentSize));
        x = label(g, "agent", x + 8, y);
        g.setColor(PALETTE[2]);
        g.setStroke(new BasicStroke(2));
        g.drawLine(x - 4, y, x + 12, y);
        label(g, "its path, re-planned in turn", x + 18, y);
    }

    /** Draws {@code text} from x, centred on y; returns where the next item starts. */
    private static int label(Graphics2D g, String text, int x, int y) {
        g.setColor(PALETTE[5]);
        g.drawString(text, x, y + g.getFontMetrics().getAscent() / 2 - 1);
        return x + g.getFontMetrics().stringWidth(text) + 16;
    }

    /** The agent's path from where it stands through the nodes it has still to walk to. */
    private Path2D remainingPath(Position at, Route route, MazeGraph graph) {
        Path2D.Float path = new Path2D.Float();
        path.moveTo(at.x * cellPixels, pixelY(at.y));
        if (route.heading() == Route.NONE) {
            return path;
        }
        path.lineTo(graph.x(route.heading()) * cellPixels, pixelY(graph.y(route.heading())));
        for (int i = route.nextIndex(); i < route.length(); i++) {
            int node = route.node(i);
            path.lineTo(graph.x(node) * cellPixels, pixelY(graph.y(node)));
        }
        return path;
    }

    /** Maze y grows upwards, the image's downwards, between the caption and the legend. */
    private float pixelY(float y) {
        return height - LEGEND_HEIGHT - y * cellPixels;
    }
}
