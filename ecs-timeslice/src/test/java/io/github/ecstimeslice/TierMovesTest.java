package io.github.ecstimeslice;

import com.artemis.World;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code reassess(e)} moves between tiers, at random times (in the middle of batches that span
 * several ticks, too): a move to a faster tier puts the entity in the next batch that starts; after
 * a move to a slower tier it has a job at the latest the new period after its last job; an entity
 * that stays in its tier has one every period.
 */
class TierMovesTest {

    private static final Tiers TIERS = Tiers.decideEvery(1, 4, 16).reassessEvery(1000); // the sweep stays out of it
    private static final int ENTITIES = 30;
    private static final int TICKS = 300;

    /** A move made: the entity, its tier before and after, and the batches started then. */
    private record Move(int entity, int from, int to, long batchesStarted) {
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("io.github.ecstimeslice.TestMatrix#policiesAndThreading")
    void movesToAFasterTierAreInTheNextBatchAndToASlowerOneWithinItsPeriod(IoPolicy policy, Threading threading) {
        for (int jobsPerTick : new int[]{2, 100}) {
            check(policy, threading, jobsPerTick, 11L * jobsPerTick);
        }
    }

    private static void check(IoPolicy policy, Threading threading, int jobsPerTick, long seed) {
        String label = policy + ", " + threading + ", " + jobsPerTick + " jobs per tick";
        TierProbe system = new TierProbe(policy, Budget.jobsPerTick(jobsPerTick), threading);
        system.setTiers(TIERS);
        int[] tierOf = new int[ENTITIES];
        Random random = new Random(seed);
        for (int i = 0; i < ENTITIES; i++) {
            tierOf[i] = random.nextInt(3);
        }
        int[] firstTiers = tierOf.clone();
        system.tierFunction = id -> tierOf[id];
        World world = TestWorlds.of(system);
        int[] ids = TestWorlds.deciders(world, ENTITIES);
        assertEquals(ENTITIES - 1, ids[ENTITIES - 1], "ids from 0");
        List<Move> moves = new ArrayList<>();
        for (int t = 0; t < TICKS; t++) {
            system.tick(world, 1 / 60f);
            for (int m = random.nextInt(3); m > 0; m--) {
                int id = random.nextInt(ENTITIES);
                int from = system.tier(id);
                tierOf[id] = random.nextInt(3);
                system.reassess(id);
                assertEquals(tierOf[id], system.tier(id), label + ": reassess moves at once");
                if (tierOf[id] != from) {
                    moves.add(new Move(id, from, tierOf[id], system.stats().batchesStarted()));
                }
            }
        }
        long lastStarted = system.stats().batchesStarted();
        world.dispose();

        Map<Integer, List<Long>> jobs = system.jobsByEntity();
        Map<Integer, List<Move>> movesOf = moves.stream().collect(Collectors.groupingBy(Move::entity));
        int faster = 0;
        int slower = 0;
        for (Move move : moves) {
            List<Long> own = jobs.get(move.entity());
            long next = move.batchesStarted() + 1; // the next batch that starts after the move
            if (next >= lastStarted) {
                continue; // not finished when the run ended
            }
            String what = label + ": entity " + move.entity() + " moved from tier " + move.from() + " to "
                    + move.to() + " while batch " + move.batchesStarted() + " was in progress; its jobs " + own;
            if (TIERS.batchPeriod(move.to()) < TIERS.batchPeriod(move.from())) {
                faster++;
                assertTrue(own.contains(next), what + ": not in batch " + next);
            } else {
                // its last job before the next batch (one in the batch in progress may still come after the move)
                long last = own.stream().filter(b -> b <= move.batchesStarted()).reduce((a, b) -> b).orElseThrow();
                long latest = last + TIERS.batchPeriod(move.to());
                // only if it had its last job in the tier it leaves now: after other moves since (a faster
                // one puts it in the next batch, which a slower one keeps) the rule is another's
                boolean movedSince = movesOf.get(move.entity()).stream().anyMatch(other -> other != move
                        && other.batchesStarted() >= last && other.batchesStarted() <= move.batchesStarted());
                if (!movedSince && latest < lastStarted) {
                    slower++;
                    assertTrue(own.stream().anyMatch(b -> b > last && b <= latest), what + ": no job in "
                            + (last + 1) + " to " + latest);
                }
            }
        }
        assertTrue(faster > 50 && slower > 20, label + ": moves both ways (" + faster + " faster, " + slower + " slower)");

        // between moves, an entity in one tier has a job every period (after the one that takes its phase)
        int steady = 0;
        for (int id : ids) {
            List<Long> own = jobs.get(id);
            List<Move> its = movesOf.getOrDefault(id, List.of());
            for (int j = 1; j < own.size(); j++) {
                long from = own.get(j - 1);
                long to = own.get(j);
                assertTrue(to - from <= TIERS.longestBatchPeriod() + 1, label + ": entity " + id + " waited "
                        + (to - from) + " batches");
                if (j < 2) {
                    continue;
                }
                long since = own.get(j - 2);
                boolean moved = its.stream().anyMatch(m -> m.batchesStarted() >= since && m.batchesStarted() <= to);
                if (!moved) {
                    int tier = its.stream().filter(m -> m.batchesStarted() < since)
                            .reduce((a, b) -> b).map(Move::to).orElse(firstTiers[id]);
                    assertEquals(TIERS.batchPeriod(tier), to - from, label + ": entity " + id + ", in tier " + tier
                            + " since before batch " + since + ", from job " + from + " to " + to + "; jobs " + own);
                    steady++;
                }
            }
        }
        assertTrue(steady > 30, label + ": entities stayed in a tier between moves (" + steady + ")");
    }
}
