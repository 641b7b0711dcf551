package com.badlogic.gdx.ai.pfa.indexed;

/**
 * Part of ecs-timeslice, not of gdx-ai: tells whether an {@link IndexedAStarPathFinder}'s open
 * list is empty, which gdx-ai 1.8 keeps package-private, with no reflection, so that it runs
 * wherever gdx-ai runs, GWT and TeaVM included. A search stopped between two node expansions goes
 * on only while its open list holds a node. Not an API: it may change with any release of
 * ecs-timeslice.
 */
public final class TimesliceOpenList {

    private TimesliceOpenList() {
    }

    /** True if {@code finder}'s open list holds no node: its search, stopped after an expansion, found no path. O(1). */
    public static boolean isEmpty(IndexedAStarPathFinder<?> finder) {
        return finder.openList.size == 0;
    }
}
