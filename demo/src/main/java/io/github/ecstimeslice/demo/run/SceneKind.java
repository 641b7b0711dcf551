package io.github.ecstimeslice.demo.run;

/** Which scene the demo runs: Chou's facing crowd, or agents planning paths through a maze. */
public enum SceneKind {
    FACING,
    PATHS
}
