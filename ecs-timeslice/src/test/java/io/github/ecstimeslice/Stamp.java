package io.github.ecstimeslice;

/** Input and output of {@link StampSystem}: the tick at which the input was read, and whose it was. */
final class Stamp {
    long tick = -1;
    long serial = -1;
}
