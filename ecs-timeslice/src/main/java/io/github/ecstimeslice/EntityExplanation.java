package io.github.ecstimeslice;

import java.util.Arrays;

/**
 * Why an entity has or has not decided, in one line ({@link DecisionStats#explain}): whether the
 * system has it, its tier, its place in the batch in progress, its last decision and when the
 * next is due at the present pace, and its urgent ask, waiting or dropped and why. Reads the
 * system's state as it stands; allocates the line.
 */
final class EntityExplanation {

    private EntityExplanation() {
    }

    static String of(DecisionStats stats, int entityId) {
        TimeslicedSystem<?, ?> system = (TimeslicedSystem<?, ?>) stats.system;
        StringBuilder line = new StringBuilder("entity ").append(entityId).append(": ");
        int tier = stats.schedule.tier(entityId);
        if (tier < 0) {
            line.append("not in the system");
            if (stats.early.waitsFor(entityId)) {
                line.append("; an ask to decide soon waits for it to join (served if before the next turn)");
            }
        } else {
            line.append("in the system");
            if (stats.schedule.tiered()) {
                int period = stats.schedule.periods[tier];
                line.append(", tier ").append(tier).append(" (a job every ").append(period)
                        .append(period == 1 ? " batch)" : " batches)");
            }
            lastDecision(stats, entityId, line);
            nextDecision(stats, system, entityId, line);
        }
        String dropped = stats.askDrops.reasonOf(entityId);
        if (dropped != null) {
            line.append("; its last ask to decide soon was dropped: ").append(dropped);
        }
        return line.toString();
    }

    private static void lastDecision(DecisionStats stats, int entityId, StringBuilder line) {
        if (stats.histories.depth == TimeslicedSystem.NO_HISTORY) {
            line.append("; keeps no history, so its last decision is the game's to know");
            return;
        }
        DecisionHistory<?> history = stats.histories.of(entityId);
        if (history == null) {
            line.append("; no decision yet since it joined");
        } else {
            long saved = history.savedAtTick(0);
            line.append("; last decided in tick ").append(saved).append(" (")
                    .append(stats.latestTick() - saved).append(" ticks ago)");
        }
    }

    private static void nextDecision(DecisionStats stats, TimeslicedSystem<?, ?> system, int entityId,
                                     StringBuilder line) {
        Batch batch = stats.batch;
        int urgentPlace = stats.urgent.placeOf(entityId);
        int perTick = pace(stats, system);
        String pace = system.budget().kind() == Budget.Kind.JOBS_PER_TICK ? " a tick (the budget)" : " a tick (the last tick's pace)";
        if (urgentPlace >= 0) {
            line.append("; asked to decide soon, ").append(urgentPlace).append(" urgent asks ahead of it");
            return;
        }
        int slot = Arrays.binarySearch(batch.keys, 0, batch.size, entityId);
        if (slot >= batch.position && !batch.isDropped(slot)) {
            int ahead = stats.urgent.waiting() + slot - batch.position;
            long due = stats.tick + ahead / perTick;
            line.append("; in the batch in progress, ").append(slot - batch.position)
                    .append(" batch jobs ahead of it: due about tick ").append(due).append(" at ").append(perTick)
                    .append(" jobs").append(pace);
        } else {
            int left = batch.size - batch.position + stats.urgent.waiting();
            line.append(slot >= 0 ? "; decided (or dropped) in the batch in progress" : "; not in the batch in progress")
                    .append(", so next in a later batch: after the ").append(left)
                    .append(" jobs left before it, at ").append(perTick).append(" jobs").append(pace);
        }
    }

    /** Jobs a tick at the present pace: a jobs-per-tick budget's, else the last tick's (at least 1). */
    private static int pace(DecisionStats stats, TimeslicedSystem<?, ?> system) {
        Budget budget = system.budget();
        if (budget.kind() == Budget.Kind.JOBS_PER_TICK) {
            return Math.max(1, (int) budget.amount());
        }
        return Math.max(1, stats.jobsRunLastTick);
    }
}
