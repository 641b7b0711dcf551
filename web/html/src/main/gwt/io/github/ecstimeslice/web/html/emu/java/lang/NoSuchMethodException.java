package java.lang;

/**
 * What artemis-odb-gwt 2.3.0 needs and GWT's JRE lacks: its reflection (com.artemis.gwtref) throws
 * and catches a {@code NoSuchMethodException}. A game using artemis on GWT adds it once.
 */
public class NoSuchMethodException extends Exception {

    public NoSuchMethodException() {
    }

    public NoSuchMethodException(String message) {
        super(message);
    }
}
