package io.github.ecstimeslice;

import com.artemis.Component;

/** A number no other entity of the test ever gets: tells a recycled id's new entity from the old. */
public class Serial extends Component {
    public long value;
}
