package io.github.ecstimeslice.paths;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.DefaultGraphPath;
import com.badlogic.gdx.ai.pfa.GraphPath;
import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;
import com.badlogic.gdx.utils.Array;

import java.util.ArrayDeque;
import java.util.Random;

/**
 * A test tile map: width × height square cells of {@code tile} world units, some of them walls,
 * 8-connected (a straight step costs 1, a diagonal √2, allowed only when both cells beside it are
 * open) with the Euclidean heuristic, or 4-connected with Manhattan's. Cell (x, y) has index
 * {@code y * width + x} and its center at ((x + ½) tile, (y + ½) tile). A wall has no connections
 * and none lead to it. Connections are made once: the graph allocates nothing when searched.
 */
final class Grid implements IndexedGraph<Grid.Cell>, NodeMap<Grid.Cell> {

    static final float DIAGONAL = (float) Math.sqrt(2);

    final int width;
    final int height;
    final float tile;
    final boolean diagonals;
    private final boolean[] walls;
    private final Cell[] cells;
    private final Array<Connection<Cell>>[] connections;

    record Cell(int index, int x, int y) {
        @Override
        public String toString() {
            return "(" + x + ", " + y + ")";
        }
    }

    record Step(Cell from, Cell to, float cost) implements Connection<Cell> {
        @Override
        public float getCost() {
            return cost;
        }

        @Override
        public Cell getFromNode() {
            return from;
        }

        @Override
        public Cell getToNode() {
            return to;
        }
    }

    /** A grid from text: {@code rows[y]} is row y, '#' a wall, anything else open. */
    static Grid parse(float tile, boolean diagonals, String... rows) {
        boolean[] walls = new boolean[rows.length * rows[0].length()];
        for (int y = 0; y < rows.length; y++) {
            for (int x = 0; x < rows[y].length(); x++) {
                walls[y * rows[0].length() + x] = rows[y].charAt(x) == '#';
            }
        }
        return new Grid(rows[0].length(), rows.length, tile, diagonals, walls);
    }

    /** A grid whose cells are walls with probability {@code wallChance}, the same for the same seed. */
    static Grid random(int width, int height, double wallChance, long seed) {
        Random random = new Random(seed);
        boolean[] walls = new boolean[width * height];
        for (int i = 0; i < walls.length; i++) {
            walls[i] = random.nextDouble() < wallChance;
        }
        return new Grid(width, height, 1f, true, walls);
    }

    @SuppressWarnings("unchecked")
    Grid(int width, int height, float tile, boolean diagonals, boolean[] walls) {
        this.width = width;
        this.height = height;
        this.tile = tile;
        this.diagonals = diagonals;
        this.walls = walls.clone();
        cells = new Cell[width * height];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = new Cell(i, i % width, i / width);
        }
        connections = new Array[cells.length];
        for (Cell cell : cells) {
            Array<Connection<Cell>> out = new Array<>();
            connections[cell.index()] = out;
            if (!open(cell.x(), cell.y())) {
                continue;
            }
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    boolean diagonal = dx != 0 && dy != 0;
                    if (dx == 0 && dy == 0 || diagonal && !diagonals || !open(cell.x() + dx, cell.y() + dy)) {
                        continue;
                    }
                    if (diagonal && (!open(cell.x() + dx, cell.y()) || !open(cell.x(), cell.y() + dy))) {
                        continue; // no cutting corners
                    }
                    out.add(new Step(cell, cells[index(cell.x() + dx, cell.y() + dy)], diagonal ? DIAGONAL : 1f));
                }
            }
        }
    }

    int index(int x, int y) {
        return y * width + x;
    }

    boolean open(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height && !walls[index(x, y)];
    }

    boolean open(int index) {
        return !walls[index];
    }

    /** Euclid's distance between cells (8-connected), Manhattan's (4-connected): never above the cost. */
    Heuristic<Cell> heuristic() {
        return diagonals
                ? (a, b) -> (float) Math.sqrt((a.x() - b.x()) * (a.x() - b.x()) + (a.y() - b.y()) * (a.y() - b.y()))
                : (a, b) -> Math.abs(a.x() - b.x()) + Math.abs(a.y() - b.y());
    }

    /** The connection from {@code from} to {@code to}, or null. */
    Connection<Cell> connection(int from, int to) {
        Array<Connection<Cell>> out = connections[from];
        for (int i = 0; i < out.size; i++) { // by index: an Array's iterators are shared
            if (out.get(i).getToNode().index() == to) {
                return out.get(i);
            }
        }
        return null;
    }

    /** A one-shot search by a fresh gdx-ai finder, the reference: its node path, or null if none. */
    GraphPath<Cell> oneShot(int start, int goal) {
        GraphPath<Cell> path = new DefaultGraphPath<>();
        boolean found = new IndexedAStarPathFinder<>(this).searchNodePath(cells[start], cells[goal], heuristic(), path);
        return found ? path : null;
    }

    /** The sum of the connection costs along a node path, from its start. */
    float cost(GraphPath<Cell> path) {
        float cost = 0;
        for (int i = 1; i < path.getCount(); i++) {
            cost += connection(path.get(i - 1).index(), path.get(i).index()).getCost();
        }
        return cost;
    }

    /** The open cells reachable from {@code from} (itself included), by breadth-first search. */
    boolean[] reachableFrom(int from) {
        boolean[] seen = new boolean[cells.length];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        seen[from] = true;
        queue.add(from);
        while (!queue.isEmpty()) {
            Array<Connection<Cell>> out = connections[queue.poll()];
            for (int i = 0; i < out.size; i++) {
                int to = out.get(i).getToNode().index();
                if (!seen[to]) {
                    seen[to] = true;
                    queue.add(to);
                }
            }
        }
        return seen;
    }

    @Override
    public int getIndex(Cell node) {
        return node.index();
    }

    @Override
    public int getNodeCount() {
        return cells.length;
    }

    @Override
    public Array<Connection<Cell>> getConnections(Cell fromNode) {
        return connections[fromNode.index()];
    }

    @Override
    public Cell node(int index) {
        return cells[index];
    }

    @Override
    public float x(int index) {
        return (index % width + 0.5f) * tile;
    }

    @Override
    public float y(int index) {
        return (index / width + 0.5f) * tile;
    }

    /** The cell under the point; -1 off the grid. */
    @Override
    public int indexAt(float x, float y) {
        int cx = (int) Math.floor(x / tile);
        int cy = (int) Math.floor(y / tile);
        return cx >= 0 && cy >= 0 && cx < width && cy < height ? index(cx, cy) : -1;
    }
}
