package io.github.ecstimeslice.platforms.teavm;

import io.github.ecstimeslice.platforms.PlatformRun;
import io.github.ecstimeslice.platforms.paths.PathsRun;

import java.io.ByteArrayInputStream;

/**
 * The game compiled by TeaVM to JavaScript and run under node: prints the report of
 * {@link PlatformRun#run}, with workers asked for; given arguments, plays back for as many ticks as
 * the second says the recording the first holds in hexadecimal ({@link PlatformRun#hex}); given
 * {@code paths}, prints {@link PathsRun#run}'s report.
 */
public final class TeaVmMain {

    private TeaVmMain() {
    }

    public static void main(String[] args) {
        System.out.println(args.length == 0 ? PlatformRun.run(true)
                : args[0].equals("paths") ? PathsRun.run(true)
                : PlatformRun.run(true, null, new ByteArrayInputStream(PlatformRun.bytes(args[0])),
                        Integer.parseInt(args[1])));
    }
}
