package io.github.ecstimeslice.paths;

import com.artemis.Component;

/** How fast an agent walks its path, in world units per second; negative or NaN counts as 0. */
public class WalkSpeed extends Component {
    public float unitsPerSecond;
}
