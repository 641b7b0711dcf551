package io.github.ecstimeslice;

/**
 * Why each entity's latest ask to decide soon was dropped, for {@link DecisionStats#explain}: a
 * byte per id, grown by doubling up to ids below {@link #MOST_IDS} (higher ids keep no reason).
 * O(1) a drop; allocates only when an id passes every one before.
 */
final class AskDrops {

    static final byte NO_LIVE_ENTITY = 1;
    static final byte NOT_JOINED_IN_TIME = 2;
    static final byte DELETED_BEFORE_JOINING = 3;
    static final byte LEFT_BEFORE_ITS_JOB = 4;
    /** Ids at or above this keep no reason: an ask for a huge id must not make a huge array. */
    static final int MOST_IDS = 1 << 22;

    private byte[] reasons = new byte[0];

    /** Notes why the ask for {@code entityId} was dropped. */
    void dropped(int entityId, byte reason) {
        if (entityId >= reasons.length) {
            if (entityId >= MOST_IDS) {
                return;
            }
            byte[] grown = new byte[Math.min(MOST_IDS, Math.max(64, Math.max(entityId + 1, reasons.length * 2)))];
            System.arraycopy(reasons, 0, grown, 0, reasons.length);
            reasons = grown;
        }
        reasons[entityId] = reason;
    }

    /** A new ask for {@code entityId} was kept: no drop to tell of. */
    void kept(int entityId) {
        if (entityId < reasons.length) {
            reasons[entityId] = 0;
        }
    }

    /** Why the latest ask for {@code entityId} was dropped, in words, or null if it was not. */
    String reasonOf(int entityId) {
        switch (entityId >= 0 && entityId < reasons.length ? reasons[entityId] : 0) {
            case NO_LIVE_ENTITY:
                return "no live entity had the id";
            case NOT_JOINED_IN_TIME:
                return "it had not joined when the system's next turn began";
            case DELETED_BEFORE_JOINING:
                return "it was deleted before it joined";
            case LEFT_BEFORE_ITS_JOB:
                return "it left before its job";
            default:
                return null;
        }
    }
}
