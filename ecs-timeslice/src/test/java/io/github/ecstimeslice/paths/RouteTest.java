package io.github.ecstimeslice.paths;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A route given a path planned elsewhere, without a world. */
class RouteTest {

    @Test
    void aPathPlannedElsewhereIsCopiedAndWalkedFromItsStart() {
        Route route = new Route();
        int[] nodes = {4, 5, 6, 99};
        route.follow(6, nodes, 3, 2.5f, 17);
        nodes[1] = -1; // the route keeps its own copy
        assertEquals(PathStatus.FOUND, route.status());
        assertEquals(6, route.goal());
        assertEquals(2.5f, route.cost());
        assertEquals(17, route.plannedAtTick());
        assertEquals(3, route.length());
        assertEquals(5, route.node(1));
        assertEquals(4, route.heading(), "a standing agent walks to the path's start first");
        assertEquals(1, route.nextIndex());
    }

    @Test
    void aNewPathThroughTheNodeTheAgentWalksToGoesOnFromThere() {
        Route route = new Route();
        route.follow(6, new int[]{4, 5, 6}, 3, 2, 1);
        route.arrived(); // at 4, walking to 5
        route.follow(9, new int[]{5, 8, 9}, 3, 2, 2);
        assertEquals(5, route.heading());
        assertEquals(1, route.nextIndex());
    }

    @Test
    void noNodesMeansNoPathFoundAndTheAgentFinishesItsStep() {
        Route route = new Route();
        route.follow(6, new int[]{4, 5, 6}, 3, 2, 1);
        route.follow(6, new int[0], 0, 7, 2);
        assertEquals(PathStatus.NOT_FOUND, route.status());
        assertEquals(0f, route.cost());
        assertEquals(0, route.length());
        assertEquals(4, route.heading(), "it still walks to the node it was heading for");
        route.arrived();
        assertEquals(Route.NONE, route.heading());
    }

    @Test
    void aLengthOutsideTheNodesGivenIsRejectedNamingIt() {
        Route route = new Route();
        IllegalArgumentException longer = assertThrows(IllegalArgumentException.class,
                () -> route.follow(1, new int[2], 3, 1, 0));
        assertTrue(longer.getMessage().contains("was 3"), longer.getMessage());
        assertThrows(IllegalArgumentException.class, () -> route.follow(1, new int[2], -1, 1, 0));
    }
}
