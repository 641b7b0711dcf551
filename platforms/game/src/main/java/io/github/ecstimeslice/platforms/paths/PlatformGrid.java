package io.github.ecstimeslice.platforms.paths;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.DefaultConnection;
import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;
import com.badlogic.gdx.utils.Array;
import io.github.ecstimeslice.paths.NodeMap;

/**
 * A grid of corridors for the path kit on every platform: 4-connected, every step costing 1, with
 * Manhattan's heuristic, so every cost is a small whole number, the same in a JVM's float and a
 * browser's double. Walls stand in every sixth column but for a gap every eighth row. Java 8.
 */
final class PlatformGrid implements IndexedGraph<PlatformGrid.Cell>, NodeMap<PlatformGrid.Cell>, Heuristic<PlatformGrid.Cell> {

    static final class Cell {
        final int index;
        final int x;
        final int y;

        Cell(int index, int x, int y) {
            this.index = index;
            this.x = x;
            this.y = y;
        }
    }

    final int side;
    private final Cell[] cells;
    private final Array<Connection<Cell>>[] connections;

    @SuppressWarnings("unchecked")
    PlatformGrid(int side) {
        this.side = side;
        cells = new Cell[side * side];
        connections = new Array[side * side];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = new Cell(i, i % side, i / side);
            connections[i] = new Array<>();
        }
        for (Cell cell : cells) {
            if (isWall(cell.x, cell.y)) {
                continue;
            }
            link(cell, cell.x + 1, cell.y);
            link(cell, cell.x - 1, cell.y);
            link(cell, cell.x, cell.y + 1);
            link(cell, cell.x, cell.y - 1);
        }
    }

    static boolean isWall(int x, int y) {
        return x % 6 == 3 && y % 8 != 0;
    }

    private void link(Cell from, int x, int y) {
        if (x >= 0 && y >= 0 && x < side && y < side && !isWall(x, y)) {
            connections[from.index].add(new DefaultConnection<>(from, cells[y * side + x]));
        }
    }

    @Override
    public int getIndex(Cell node) {
        return node.index;
    }

    @Override
    public int getNodeCount() {
        return cells.length;
    }

    @Override
    public Array<Connection<Cell>> getConnections(Cell fromNode) {
        return connections[fromNode.index];
    }

    @Override
    public float estimate(Cell node, Cell endNode) {
        return Math.abs(node.x - endNode.x) + Math.abs(node.y - endNode.y);
    }

    @Override
    public Cell node(int index) {
        return cells[index];
    }

    @Override
    public float x(int index) {
        return index % side + 0.5f;
    }

    @Override
    public float y(int index) {
        return index / side + 0.5f;
    }

    @Override
    public int indexAt(float x, float y) {
        return (int) Math.floor(y) * side + (int) Math.floor(x);
    }
}
