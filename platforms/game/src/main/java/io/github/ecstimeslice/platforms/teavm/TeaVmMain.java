package io.github.ecstimeslice.platforms.teavm;

import io.github.ecstimeslice.platforms.OversizedDelta;
import io.github.ecstimeslice.platforms.PlatformRun;
import io.github.ecstimeslice.platforms.cost.WebCost;
import io.github.ecstimeslice.platforms.paths.PathsRun;

import java.io.ByteArrayInputStream;
import java.util.Arrays;

/**
 * The game compiled by TeaVM to JavaScript and run under node: prints the report of
 * {@link PlatformRun#run}, with workers asked for; given arguments, plays back for as many ticks as
 * the second says the recording the first holds in hexadecimal ({@link PlatformRun#hex}); given
 * {@code paths}, prints {@link PathsRun#run}'s report; given {@code delta},
 * {@link OversizedDelta#run}'s; given {@code cost} and its arguments,
 * {@link WebCost#run(String...)}'s, or the usage line.
 */
public final class TeaVmMain {

    private TeaVmMain() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("cost")) {
            try {
                System.out.println(WebCost.run(Arrays.copyOfRange(args, 1, args.length)));
            } catch (IllegalArgumentException bad) {
                System.out.println(bad.getMessage());
            }
            return;
        }
        System.out.println(args.length == 0 ? PlatformRun.run(true)
                : args[0].equals("paths") ? PathsRun.run(true)
                : args[0].equals("delta") ? OversizedDelta.run()
                : PlatformRun.run(true, null, new ByteArrayInputStream(PlatformRun.bytes(args[0])),
                        Integer.parseInt(args[1])));
    }
}
