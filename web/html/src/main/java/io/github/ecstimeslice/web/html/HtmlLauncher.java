package io.github.ecstimeslice.web.html;

import com.badlogic.gdx.ApplicationListener;
import com.badlogic.gdx.backends.gwt.GwtApplication;
import com.badlogic.gdx.backends.gwt.GwtApplicationConfiguration;
import io.github.ecstimeslice.web.WebDemo;

/**
 * Starts the web demo in the page: a fixed-size canvas in the page's {@code embed-html} element,
 * the crowd placed by the page's {@code ?seed=} (1 unless given), its controls set from the rest
 * of the page's query ({@link DomPage}).
 */
public class HtmlLauncher extends GwtApplication {

    @Override
    public GwtApplicationConfiguration getConfig() {
        return new GwtApplicationConfiguration(WebDemo.WIDTH_PIXELS, WebDemo.HEIGHT_PIXELS);
    }

    @Override
    public ApplicationListener createApplicationListener() {
        DomPage page = new DomPage();
        return new WebDemo(page, page.seed());
    }
}
