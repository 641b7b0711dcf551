package io.github.ecstimeslice.platforms.cost;

/** One decision a recording {@link WalkerFacing} keeps, stamped with the tick and game time it was made at. */
public final class StampedRecord {
    public float radians;
    public boolean faceTarget;
    public long tick;
    public double gameSeconds;
}
