package io.github.ecstimeslice;

import com.artemis.Component;

/** Marks an entity that {@link StampSystem} decides for; remove it to make a live entity leave. */
public class Decides extends Component {
}
