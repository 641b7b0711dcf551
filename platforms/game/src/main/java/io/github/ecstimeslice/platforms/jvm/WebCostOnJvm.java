package io.github.ecstimeslice.platforms.jvm;

import io.github.ecstimeslice.platforms.cost.WebCost;

/** {@link WebCost} on the JVM, the column beside the web's: {@code cost NPCS [ROUNDS TICKS]}; a bad argument prints the usage line and exits with 2. */
public final class WebCostOnJvm {

    private WebCostOnJvm() {
    }

    public static void main(String[] args) {
        String report;
        try {
            report = WebCost.run(args);
        } catch (IllegalArgumentException bad) {
            System.err.println(bad.getMessage());
            System.exit(2);
            return;
        }
        System.out.println(report);
    }
}
