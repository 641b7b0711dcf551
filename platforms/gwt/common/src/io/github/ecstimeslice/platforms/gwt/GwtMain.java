package io.github.ecstimeslice.platforms.gwt;

import com.google.gwt.core.client.EntryPoint;
import com.google.gwt.dom.client.Document;
import io.github.ecstimeslice.platforms.PlatformRun;

/** The game compiled by GWT: writes the report of {@link PlatformRun#run}, with workers asked for, into the page's {@code <pre id="report">}. */
public class GwtMain implements EntryPoint {

    @Override
    public void onModuleLoad() {
        String report;
        try {
            report = PlatformRun.run(true);
        } catch (Throwable thrown) {
            StringBuilder failure = new StringBuilder("failed: ").append(thrown);
            for (StackTraceElement at : thrown.getStackTrace()) {
                failure.append("\n    at ").append(at);
            }
            report = failure.toString();
        }
        Document.get().getElementById("report").setInnerText(report);
    }
}
