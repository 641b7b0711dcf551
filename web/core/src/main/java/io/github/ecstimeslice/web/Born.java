package io.github.ecstimeslice.web;

import com.artemis.Component;

/** When an NPC spawned: the page rings newcomers for a second. */
public final class Born extends Component {
    /** The crowd's tick at the spawn (ticks a page plays fit an int: a year at 60 a second). */
    public int tick;
}
