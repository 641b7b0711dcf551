package io.github.ecstimeslice.web.html;

import com.google.gwt.dom.client.Document;
import com.google.gwt.dom.client.Element;
import com.google.gwt.user.client.Window;
import io.github.ecstimeslice.web.Page;
import io.github.ecstimeslice.web.WebDemo;

/**
 * The browser's page: controls are elements by id (a checkbox's value is whether it is checked),
 * figures go into elements' text, and {@code summary} also into the page's title. Made as the
 * page loads, it sets each control the page's query names ({@code ?npcs=10000&policy=SISO}).
 */
final class DomPage implements Page {

    DomPage() {
        for (String id : WebDemo.CONTROLS) {
            String asked = Window.Location.getParameter(id);
            Element control = Document.get().getElementById(id);
            if (asked != null && control != null) {
                if ("checkbox".equals(control.getPropertyString("type"))) {
                    control.setPropertyBoolean("checked", asked.equals("true"));
                } else {
                    control.setPropertyString("value", asked);
                }
            }
        }
    }

    /** The page's {@code ?seed=}, or 1; a seed that is not a whole number: 1, said in the page's error element. */
    long seed() {
        String seed = Window.Location.getParameter("seed");
        try {
            return seed == null ? 1 : Long.parseLong(seed);
        } catch (NumberFormatException notANumber) {
            show("error", "seed must be a whole number, was '" + seed + "': seed 1 is used");
            return 1;
        }
    }

    @Override
    public String control(String id) {
        Element control = Document.get().getElementById(id);
        if (control == null) {
            return null;
        }
        return "checkbox".equals(control.getPropertyString("type"))
                ? String.valueOf(control.getPropertyBoolean("checked")) : control.getPropertyString("value");
    }

    @Override
    public void show(String id, String text) {
        Element shown = Document.get().getElementById(id);
        if (shown != null) {
            shown.setInnerText(text);
        }
        if (id.equals("summary")) {
            Document.get().setTitle(text);
        }
    }

    @Override
    public native double millisSinceLoad() /*-{
        return $wnd.performance.now();
    }-*/;
}
