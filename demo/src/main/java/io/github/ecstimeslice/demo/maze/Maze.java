package io.github.ecstimeslice.demo.maze;

import com.badlogic.gdx.math.RandomXS128;

/**
 * A maze of square cells, open or wall, made from a seed: corridors one cell wide carved as a
 * maze on the odd cells (a random depth-first walk, so every open cell reaches every other), a
 * tenth of the walls left between corridors knocked through so there are loops and several ways
 * round, and rooms cut across it. Cell (x, y) has index {@code y * width + x}. Making one costs
 * O(cells) time and a byte per cell.
 */
public final class Maze {

    /** The smallest side: room for a corridor, its walls and a turn. */
    public static final int MIN_SIDE = 8;
    /** The largest side: 4,096 × 4,096 cells, 16 million. */
    public static final int MAX_SIDE = 4096;
    /** Of the walls left between two corridor cells, the share knocked through. */
    private static final float LOOPS = 0.1f;

    private final int width;
    private final int height;
    private final boolean[] open;
    private final int openCells;

    private Maze(int width, int height, boolean[] open) {
        this.width = width;
        this.height = height;
        this.open = open;
        int count = 0;
        for (boolean cell : open) {
            count += cell ? 1 : 0;
        }
        this.openCells = count;
    }

    /**
     * A maze of {@code width} × {@code height} cells made from {@code seed}; the same seed makes
     * the same maze.
     *
     * @throws IllegalArgumentException if a side is outside {@value #MIN_SIDE} to {@value #MAX_SIDE}
     */
    public static Maze generate(int width, int height, long seed) {
        if (width < MIN_SIDE || width > MAX_SIDE || height < MIN_SIDE || height > MAX_SIDE) {
            throw new IllegalArgumentException("a maze's sides must be from " + MIN_SIDE + " to " + MAX_SIDE
                    + " cells, was " + width + " x " + height);
        }
        RandomXS128 random = new RandomXS128(seed);
        boolean[] open = new boolean[width * height];
        carveCorridors(open, width, height, random);
        knockThrough(open, width, height, random);
        cutRooms(open, width, height, random);
        return new Maze(width, height, open);
    }

    /** The corridors: a depth-first walk over the odd cells, opening the wall between each step. */
    private static void carveCorridors(boolean[] open, int width, int height, RandomXS128 random) {
        int[] stack = new int[(width / 2 + 1) * (height / 2 + 1)];
        int[] steps = new int[4];
        int top = 0;
        stack[top++] = width + 1; // cell (1, 1)
        open[width + 1] = true;
        while (top > 0) {
            int cell = stack[top - 1];
            int x = cell % width;
            int y = cell / width;
            int choices = 0;
            if (x >= 3 && !open[cell - 2]) {
                steps[choices++] = -2;
            }
            if (x + 2 < width - 1 && !open[cell + 2]) {
                steps[choices++] = 2;
            }
            if (y >= 3 && !open[cell - 2 * width]) {
                steps[choices++] = -2 * width;
            }
            if (y + 2 < height - 1 && !open[cell + 2 * width]) {
                steps[choices++] = 2 * width;
            }
            if (choices == 0) {
                top--; // a dead end: back up
                continue;
            }
            int step = steps[random.nextInt(choices)];
            open[cell + step / 2] = true;
            open[cell + step] = true;
            stack[top++] = cell + step;
        }
    }

    /** Loops: some walls with a corridor on both sides (left and right, or above and below) opened. */
    private static void knockThrough(boolean[] open, int width, int height, RandomXS128 random) {
        for (int y = 1; y < height - 1; y++) {
            for (int x = 1; x < width - 1; x++) {
                int cell = y * width + x;
                boolean across = open[cell - 1] && open[cell + 1] && !open[cell - width] && !open[cell + width];
                boolean along = open[cell - width] && open[cell + width] && !open[cell - 1] && !open[cell + 1];
                if (!open[cell] && (across || along) && random.nextFloat() < LOOPS) {
                    open[cell] = true;
                }
            }
        }
    }

    /** Rooms: about one open rectangle of 3 to 12 cells a side per 400 cells, inside the border. */
    private static void cutRooms(boolean[] open, int width, int height, RandomXS128 random) {
        int rooms = width * height / 400;
        for (int r = 0; r < rooms; r++) {
            int roomWidth = Math.min(width - 2, 3 + random.nextInt(10));
            int roomHeight = Math.min(height - 2, 3 + random.nextInt(10));
            int left = 1 + random.nextInt(width - 1 - roomWidth);
            int bottom = 1 + random.nextInt(height - 1 - roomHeight);
            for (int y = bottom; y < bottom + roomHeight; y++) {
                for (int x = left; x < left + roomWidth; x++) {
                    open[y * width + x] = true;
                }
            }
        }
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** How many cells are open. */
    public int openCells() {
        return openCells;
    }

    /**
     * The fewest open cells a maze of these sides has, whatever its seed: its corridor cells (the
     * odd cells inside the border) and the passages that join them into one; loops and rooms add
     * more. O(1).
     */
    public static long leastOpenCells(int width, int height) {
        long corridorCells = (long) ((width - 1) / 2) * ((height - 1) / 2);
        return 2 * corridorCells - 1;
    }

    /** True if the cell at (x, y) is open; cells outside the maze are walls. */
    public boolean isOpen(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height && open[y * width + x];
    }

    /** True if the cell with this index is open. */
    public boolean isOpen(int cell) {
        return open[cell];
    }

    /** A random open cell's index, drawn with {@code random}. */
    public int randomOpenCell(RandomXS128 random) {
        while (true) {
            int cell = random.nextInt(width * height);
            if (open[cell]) {
                return cell;
            }
        }
    }
}
