package io.github.ecstimeslice.platforms.gwt;

import com.google.gwt.core.client.EntryPoint;
import com.google.gwt.dom.client.Document;
import com.google.gwt.user.client.Window;
import io.github.ecstimeslice.platforms.OversizedDelta;
import io.github.ecstimeslice.platforms.PlatformRun;
import io.github.ecstimeslice.platforms.cost.WebCost;
import io.github.ecstimeslice.platforms.paths.PathsRun;

/**
 * The game compiled by GWT: writes the report of {@link PlatformRun#run}, with workers asked for,
 * into the page's {@code <pre id="report">}, that of {@link PathsRun#run} into its
 * {@code <pre id="paths">}, and that of {@link OversizedDelta#run} into its
 * {@code <pre id="delta">}. Opened with {@code ?cost=NPCS} (and {@code &rounds=R&ticks=T}), it
 * runs {@link WebCost} alone instead, into its {@code <pre id="cost">} and, its lines joined, its title.
 */
public class GwtMain implements EntryPoint {

    /** A run of the game that reports in one string. */
    interface Run {
        String report();
    }

    @Override
    public void onModuleLoad() {
        String npcs = Window.Location.getParameter("cost");
        if (npcs != null) {
            String rounds = Window.Location.getParameter("rounds");
            String ticks = Window.Location.getParameter("ticks");
            show("cost", () -> rounds == null && ticks == null ? WebCost.run(npcs)
                    : WebCost.run(npcs, String.valueOf(rounds), String.valueOf(ticks)));
            // for a browser driven in real time, which reads the title (its DevTools' /json list)
            Document.get().setTitle(Document.get().getElementById("cost").getInnerText().replace("\n", " | "));
            return;
        }
        show("report", () -> PlatformRun.run(true));
        show("paths", () -> PathsRun.run(true));
        show("delta", OversizedDelta::run);
    }

    /** Writes what {@code run} reports, or how it failed, into the page's element {@code id}. */
    private static void show(String id, Run run) {
        String report;
        try {
            report = run.report();
        } catch (Throwable thrown) {
            StringBuilder failure = new StringBuilder("failed: ");
            for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
                failure.append(cause == thrown ? "" : "\ncaused by: ").append(cause);
                for (StackTraceElement at : cause.getStackTrace()) {
                    failure.append("\n    at ").append(at);
                }
            }
            report = failure.toString();
        }
        Document.get().getElementById(id).setInnerText(report);
    }
}
