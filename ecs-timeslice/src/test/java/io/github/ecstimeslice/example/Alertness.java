package io.github.ecstimeslice.example;

import com.artemis.Component;

/** README example: how alarmed a guard is, 0 calm to 1 fleeing; read by the animation layer. */
public class Alertness extends Component {
    public float level;
}
