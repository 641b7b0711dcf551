package io.github.ecstimeslice.demo.maze;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.DefaultConnection;
import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;
import com.badlogic.gdx.utils.Array;
import io.github.ecstimeslice.paths.NodeMap;

/**
 * A {@link Maze}'s open cells as a gdx-ai graph: a node per open cell, numbered 0 to
 * {@link #getNodeCount()} - 1 in cell order, joined to its open neighbours in eight directions,
 * straight at cost 1 and diagonal at cost √2 where both cells beside the diagonal are open (no
 * cutting corners). Cell (x, y) covers the world square from (x, y) to (x + 1, y + 1); agents walk
 * between cell centers. Built once, O(cells); a search reads it from any thread.
 */
public final class MazeGraph implements IndexedGraph<MazeGraph.Cell>, NodeMap<MazeGraph.Cell> {

    /** An open cell: its node index and its place in the maze. */
    public static final class Cell {
        public final int index;
        public final int x;
        public final int y;
        final Array<Connection<Cell>> connections = new Array<>(false, 8, Connection.class);

        Cell(int index, int x, int y) {
            this.index = index;
            this.x = x;
            this.y = y;
        }
    }

    /** The octile distance: the exact cost between two cells with no wall between them; never more. */
    public static final Heuristic<Cell> OCTILE = (from, to) -> {
        int dx = Math.abs(from.x - to.x);
        int dy = Math.abs(from.y - to.y);
        return Math.max(dx, dy) + (float) (Math.sqrt(2) - 1) * Math.min(dx, dy);
    };

    private static final float DIAGONAL = (float) Math.sqrt(2);

    private final Maze maze;
    private final Cell[] nodes;
    /** Per maze cell: its node, or null for a wall. */
    private final Cell[] byCell;

    public MazeGraph(Maze maze) {
        this.maze = maze;
        int width = maze.width();
        byCell = new Cell[width * maze.height()];
        nodes = new Cell[maze.openCells()];
        int index = 0;
        for (int cell = 0; cell < byCell.length; cell++) {
            if (maze.isOpen(cell)) {
                nodes[index] = byCell[cell] = new Cell(index, cell % width, cell / width);
                index++;
            }
        }
        for (Cell node : nodes) {
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    connect(node, dx, dy);
                }
            }
        }
    }

    /** Joins {@code node} to its neighbour at (dx, dy) if the step is open and cuts no corner. */
    private void connect(Cell node, int dx, int dy) {
        int x = node.x + dx;
        int y = node.y + dy;
        if (dx == 0 && dy == 0 || !maze.isOpen(x, y)) {
            return;
        }
        boolean diagonal = dx != 0 && dy != 0;
        if (diagonal && !(maze.isOpen(node.x + dx, node.y) && maze.isOpen(node.x, node.y + dy))) {
            return;
        }
        node.connections.add(new Step(node, cellAt(x, y), diagonal ? DIAGONAL : 1));
    }

    /** A step from a cell to a neighbour, at its cost. */
    private static final class Step extends DefaultConnection<Cell> {
        private final float cost;

        Step(Cell from, Cell to, float cost) {
            super(from, to);
            this.cost = cost;
        }

        @Override
        public float getCost() {
            return cost;
        }
    }

    public Maze maze() {
        return maze;
    }

    /** The node of the open cell at (x, y), or null for a wall or outside the maze. */
    public Cell cellAt(int x, int y) {
        return maze.isOpen(x, y) ? byCell[y * maze.width() + x] : null;
    }

    /** The node with this index. */
    @Override
    public Cell node(int index) {
        return nodes[index];
    }

    /** The x of the node's cell center. */
    @Override
    public float x(int index) {
        return nodes[index].x + 0.5f;
    }

    /** The y of the node's cell center. */
    @Override
    public float y(int index) {
        return nodes[index].y + 0.5f;
    }

    /** The node of the open cell under (x, y); -1 over a wall or outside the maze. */
    @Override
    public int indexAt(float x, float y) {
        Cell cell = cellAt((int) Math.floor(x), (int) Math.floor(y));
        return cell == null ? -1 : cell.index;
    }

    @Override
    public int getIndex(Cell node) {
        return node.index;
    }

    @Override
    public int getNodeCount() {
        return nodes.length;
    }

    @Override
    public Array<Connection<Cell>> getConnections(Cell fromNode) {
        return fromNode.connections;
    }
}
