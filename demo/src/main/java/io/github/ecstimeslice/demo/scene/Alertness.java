package io.github.ecstimeslice.demo.scene;

import com.artemis.Component;

/**
 * How alert an NPC is, published by {@link AlertnessSystem}: 0 (nothing near) to 1 (a threat or
 * the target on top of it), and which source is nearest (0 the target, 1 and up the threats).
 */
public final class Alertness extends Component {
    public float level;
    public int nearest = -1;
}
