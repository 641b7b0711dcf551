package io.github.ecstimeslice.demo.maze;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.DefaultGraphPath;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import com.badlogic.gdx.math.RandomXS128;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.PriorityQueue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MazeTest {

    private static boolean[] cells(Maze maze) {
        boolean[] open = new boolean[maze.width() * maze.height()];
        for (int cell = 0; cell < open.length; cell++) {
            open[cell] = maze.isOpen(cell);
        }
        return open;
    }

    @Test
    void theSameSeedMakesTheSameMazeAndAnotherSeedAnother() {
        assertArrayEquals(cells(Maze.generate(64, 48, 7)), cells(Maze.generate(64, 48, 7)));
        assertFalse(Arrays.equals(cells(Maze.generate(64, 48, 7)), cells(Maze.generate(64, 48, 8))));
    }

    @ParameterizedTest
    @CsvSource({"8, 8", "9, 13", "64, 48", "256, 256"})
    void everyOpenCellReachesEveryOtherAndTheBorderIsWall(int width, int height) {
        Maze maze = Maze.generate(width, height, 3);
        for (int x = 0; x < width; x++) {
            assertFalse(maze.isOpen(x, 0) || maze.isOpen(x, height - 1), "border at x " + x);
        }
        for (int y = 0; y < height; y++) {
            assertFalse(maze.isOpen(0, y) || maze.isOpen(width - 1, y), "border at y " + y);
        }
        // a flood from one open cell over the four neighbours reaches every open cell
        boolean[] reached = new boolean[width * height];
        ArrayDeque<Integer> frontier = new ArrayDeque<>();
        frontier.add(width + 1);
        reached[width + 1] = true;
        int count = 0;
        while (!frontier.isEmpty()) {
            int cell = frontier.poll();
            count++;
            for (int next : new int[]{cell - 1, cell + 1, cell - width, cell + width}) {
                if (maze.isOpen(next) && !reached[next]) {
                    reached[next] = true;
                    frontier.add(next);
                }
            }
        }
        assertEquals(maze.openCells(), count);
        if (width * height >= 64 * 48) {
            assertTrue(maze.openCells() > width * height / 3, "corridors and rooms: " + maze.openCells() + " open");
        }
    }

    @Test
    void everyMazeHasAtLeastItsLeastOpenCellsAndTheSmallestHaveNoMore() {
        for (int width = Maze.MIN_SIDE; width <= 40; width++) {
            for (int height = Maze.MIN_SIDE; height <= 40; height += 3) {
                for (long seed = 1; seed <= 4; seed++) {
                    int open = Maze.generate(width, height, seed).openCells();
                    assertTrue(open >= Maze.leastOpenCells(width, height),
                            width + "x" + height + " seed " + seed + ": " + open + " open");
                }
            }
        }
        assertEquals(17, Maze.leastOpenCells(8, 8)); // 3 x 3 corridor cells and the 8 passages joining them
        assertEquals(17, Maze.generate(8, 8, 1).openCells());
    }

    @Test
    void aMazeSideOutsideTheLimitsIsRejectedNamingTheSize() {
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> Maze.generate(7, 100, 1));
        assertTrue(small.getMessage().contains("7 x 100"), small.getMessage());
        IllegalArgumentException large = assertThrows(IllegalArgumentException.class, () -> Maze.generate(100, 4097, 1));
        assertTrue(large.getMessage().contains("100 x 4097"), large.getMessage());
    }

    @Test
    void theGraphJoinsOpenNeighboursBothWaysAndNeverCutsACorner() {
        MazeGraph graph = new MazeGraph(Maze.generate(40, 30, 5));
        Maze maze = graph.maze();
        for (int i = 0; i < graph.getNodeCount(); i++) {
            MazeGraph.Cell from = graph.node(i);
            assertEquals(i, graph.getIndex(from));
            for (Connection<MazeGraph.Cell> step : graph.getConnections(from)) {
                MazeGraph.Cell to = step.getToNode();
                int dx = to.x - from.x;
                int dy = to.y - from.y;
                assertTrue(Math.abs(dx) <= 1 && Math.abs(dy) <= 1 && (dx != 0 || dy != 0));
                boolean diagonal = dx != 0 && dy != 0;
                assertEquals(diagonal ? Math.sqrt(2) : 1, step.getCost(), 1e-6);
                if (diagonal) {
                    assertTrue(maze.isOpen(from.x + dx, from.y) && maze.isOpen(from.x, from.y + dy),
                            "corner cut from " + from.x + "," + from.y);
                }
                boolean back = false;
                for (Connection<MazeGraph.Cell> reverse : graph.getConnections(to)) {
                    back |= reverse.getToNode() == from;
                }
                assertTrue(back, "no way back from " + to.x + "," + to.y);
            }
        }
    }

    @Test
    void aStarWithTheOctileHeuristicFindsTheCheapestPathDijkstraFinds() {
        MazeGraph graph = new MazeGraph(Maze.generate(48, 48, 11));
        IndexedAStarPathFinder<MazeGraph.Cell> finder = new IndexedAStarPathFinder<>(graph);
        RandomXS128 random = new RandomXS128(2);
        for (int pair = 0; pair < 50; pair++) {
            MazeGraph.Cell start = graph.node(random.nextInt(graph.getNodeCount()));
            MazeGraph.Cell goal = graph.node(random.nextInt(graph.getNodeCount()));
            DefaultGraphPath<MazeGraph.Cell> path = new DefaultGraphPath<>();
            assertTrue(finder.searchNodePath(start, goal, MazeGraph.OCTILE, path));
            double cost = 0;
            for (int i = 1; i < path.getCount(); i++) {
                cost += Math.hypot(path.get(i).x - path.get(i - 1).x, path.get(i).y - path.get(i - 1).y);
            }
            assertEquals(dijkstra(graph, start, goal), cost, 1e-3, "pair " + pair);
        }
    }

    /** The cheapest cost from start to goal, by Dijkstra's algorithm over the graph's connections. */
    private static double dijkstra(MazeGraph graph, MazeGraph.Cell start, MazeGraph.Cell goal) {
        double[] best = new double[graph.getNodeCount()];
        Arrays.fill(best, Double.POSITIVE_INFINITY);
        best[start.index] = 0;
        PriorityQueue<double[]> open = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        open.add(new double[]{0, start.index});
        while (!open.isEmpty()) {
            double[] at = open.poll();
            int node = (int) at[1];
            if (at[0] > best[node]) {
                continue;
            }
            for (Connection<MazeGraph.Cell> step : graph.getConnections(graph.node(node))) {
                double cost = at[0] + step.getCost();
                if (cost < best[step.getToNode().index]) {
                    best[step.getToNode().index] = cost;
                    open.add(new double[]{cost, step.getToNode().index});
                }
            }
        }
        return best[goal.index];
    }
}
