package io.github.ecstimeslice.web;

import com.artemis.Component;

/** When an NPC's latest decision was saved: the page lights the NPCs just decided. */
public final class Decided extends Component {
    /** The tick of the latest save; -1 before the first (an int, as {@link Born#tick}). */
    public int tick = -1;
}
