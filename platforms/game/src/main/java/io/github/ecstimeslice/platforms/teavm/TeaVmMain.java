package io.github.ecstimeslice.platforms.teavm;

import io.github.ecstimeslice.platforms.PlatformRun;

/** The game compiled by TeaVM to JavaScript and run under node: prints the report of {@link PlatformRun#run}, with workers asked for. */
public final class TeaVmMain {

    private TeaVmMain() {
    }

    public static void main(String[] args) {
        System.out.println(PlatformRun.run(true));
    }
}
