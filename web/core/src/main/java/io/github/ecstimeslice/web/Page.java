package io.github.ecstimeslice.web;

/**
 * The page around the game: its controls, read every frame, and the elements the game writes its
 * figures into. A browser's page in the html module; a test's map on the JVM.
 */
public interface Page {

    /**
     * The control's value now: a select's option, a field's text, {@code "true"} or
     * {@code "false"} for a checkbox; null if the page has no such control.
     */
    String control(String id);

    /** Writes {@code text} into the page's element {@code id}, if it has one. */
    void show(String id, String text);

    /** Milliseconds since the page began to load, to a fraction of a millisecond: the frames' clock. */
    double millisSinceLoad();
}
