package io.github.ecstimeslice.demo.scene;

/**
 * Every save of a run folded into one number, in the order they happen: the entity, the tick it
 * was saved in and the output's bits. Two runs that make the same decisions in the same ticks
 * have the same checksum; {@code --record} and {@code --replay} print it.
 */
public final class SaveChecksum {

    private long value = 17;
    private long saves;

    /** Folds in a save of {@code entityId} in {@code tick} whose output is {@code outputBits}. */
    void saved(int entityId, long tick, long outputBits) {
        value = ((value * 1_000_003L + entityId) * 31 + tick) * 131 + outputBits;
        saves++;
    }

    /** The checksum of the saves so far. */
    public long value() {
        return value;
    }

    /** The saves folded in so far. */
    public long saves() {
        return saves;
    }
}
