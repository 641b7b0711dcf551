package io.github.ecstimeslice.platforms;

/** A report of {@link PlatformRun#run}, read back, and how two reports agree. */
public final class PlatformReport {

    /** Saves of both systems, and the checksum of their ticks and entities. */
    public final int saves;
    public final long checksum;
    /** Each NPC's orientation at the end, in radians, in entity order. */
    public final double[] facing;

    private PlatformReport(int saves, long checksum, double[] facing) {
        this.saves = saves;
        this.checksum = checksum;
        this.facing = facing;
    }

    /**
     * Reads a report: its first two lines as {@link PlatformRun#run} writes them.
     *
     * @throws IllegalArgumentException if {@code text} is not a report
     */
    public static PlatformReport parse(String text) {
        String[] lines = text.trim().split("\n");
        String[] counts = lines[0].trim().split(" ");
        if (lines.length < 2 || counts.length != 4 || !counts[0].equals("saves") || !lines[1].startsWith("facing ")) {
            throw new IllegalArgumentException("not a report: " + (text.length() > 200 ? text.substring(0, 200) + "..." : text));
        }
        String[] radians = lines[1].substring("facing ".length()).trim().split(",");
        double[] facing = new double[radians.length];
        for (int i = 0; i < radians.length; i++) {
            facing[i] = Long.parseLong(radians[i]) / 1e6;
        }
        return new PlatformReport(Integer.parseInt(counts[1]), Long.parseLong(counts[3]), facing);
    }

    /**
     * How {@code web}, a report of {@code platform}, falls short of this one, the JVM's: null if it
     * has the same saves with the same checksum of their ticks and entities, and the facing of at
     * least 99% of the NPCs within 1e-3 rad; else what differs.
     */
    public String shortfallOf(PlatformReport web, String platform) {
        if (web.saves != saves || web.checksum != checksum) {
            return platform + " saved " + web.saves + " times, checksum " + web.checksum + "; the JVM " + saves
                    + " times, checksum " + checksum;
        }
        double close = facingWithin(web, 1e-3);
        return close >= 0.99 ? null : platform + ": facing within 1e-3 rad for " + close * 100 + "% of the NPCs";
    }

    /** The share of NPCs whose facing in {@code other} is within {@code radians} of this one's (0 if the NPC counts differ). */
    public double facingWithin(PlatformReport other, double radians) {
        if (other.facing.length != facing.length) {
            return 0;
        }
        int close = 0;
        for (int i = 0; i < facing.length; i++) {
            double apart = Math.abs(facing[i] - other.facing[i]) % (2 * Math.PI);
            if (Math.min(apart, 2 * Math.PI - apart) <= radians) {
                close++;
            }
        }
        return (double) close / facing.length;
    }
}
