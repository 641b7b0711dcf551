package io.github.ecstimeslice;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A randomized, model-based test of the timing contract: each seed makes a {@link ContractScript}
 * (a fresh world, random entity churn from systems and from inside callbacks, settings changed
 * between ticks and mid-turn, failing callbacks and executors, extreme budgets and deltas, worlds
 * disposed), and a {@link ContractModel} per timesliced system checks after every tick, and inside
 * the callbacks, the rules below. A seed fails at its first broken rule, printing the seed, the
 * tick, the rule and the command that replays it.
 *
 * <ol>
 * <li>No job starts and nothing is saved for an entity after it left (artemis delivers a leave when
 *     the turn it was made in ends, a deletion in the system's own turn too); no history component
 *     is left on a recycled id.</li>
 * <li>No output of an earlier incarnation or membership of an id is ever visible.</li>
 * <li>One job per subscribed entity per batch, in ascending id order; joiners wait for the next batch.</li>
 * <li>Policy timing: when inputs are read and outputs saved, per policy and threading.</li>
 * <li>Histories: newest first, saved tick and seconds, depth; {@code historyOf} null exactly
 *     when nothing was saved since joining.</li>
 * <li>Budgets never exceeded (jobs per tick; released jobs for rates; one job per tick for a time slice).</li>
 * <li>Stats: tick, game seconds, job counts (also after {@code dispose()}), batch counters,
 *     positions, ages, each completed batch's length and decisions per second.</li>
 * <li>Settings read once per turn: threading and budget from the next tick, policy from a batch
 *     started in a later turn.</li>
 * <li>Only documented exceptions leave {@code world.process()}, each in the tick it belongs to.</li>
 * <li>No hang: a watchdog per seed.</li>
 * <li>{@link ParallelIteratingSystem}: each entity processed once per tick, failures and executor
 *     errors thrown in their own tick only.</li>
 * </ol>
 *
 * <p>Run (from the repository root):
 * <pre>
 * mvn -q -pl ecs-timeslice test -Dtest='Contract*' -Dsurefire.failIfNoSpecifiedTests=false
 *     the fixed seeds (also part of mvn verify)
 * mvn -q -pl ecs-timeslice test -Dtest=ContractModelTest -Dsurefire.failIfNoSpecifiedTests=false -Dcontract.seed=12345
 *     replays one seed (add -Dcontract.mode=... as the failure message says)
 * mvn -q -pl ecs-timeslice test -Dtest=ContractModelTest -Dsurefire.failIfNoSpecifiedTests=false -Dcontract.minutes=10
 *     runs fresh seeds for ten minutes, then prints the violations found, grouped by rule
 * </pre>
 * Options: {@code -Dcontract.mode=world|workers|pair} (default: the seed picks): {@code world}, one
 * timesliced system on the world's thread; {@code workers}, one on worker threading with every kind
 * of executor; {@code pair}, two, the second reading the first's latest outputs, any threading.
 * {@code -Dcontract.skip=badDelta,midTurnSettings,ownTurnDeletes,faults,createFailures,executorErrors,dispose,callbackChurn}
 * leaves ingredients out, to look past a violation already known; {@code -Dcontract.faultKinds=0,2}
 * throws only runtime exceptions (0) and errors (2) from callbacks, no checked ones (1);
 * {@code -Dcontract.trace=true} prints every callback and membership change of a replay. {@code -Dcontract.start=N} is the
 * first seed of a timed run. Surefire hands {@code -D} properties given to Maven to the forked JVM.
 *
 * <p>Worker modes are not fully deterministic (thread timing decides which jobs a tick starts with
 * a time budget, and when an executor throws): a replay may break the same rule a little later or
 * not at all; run the timed mode for that mode to find it again.
 */
class ContractModelTest {

    private static final int FIXED_SEEDS = 400;
    private static final long WATCHDOG_SECONDS = 60;

    private static String property(String name) {
        String value = System.getProperty("contract." + name);
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static Set<String> skipped() {
        String skip = property("skip");
        Set<String> set = skip == null ? Set.of() : new HashSet<>(Arrays.asList(skip.split(",")));
        for (String ingredient : set) {
            if (!ContractScript.INGREDIENTS.contains(ingredient)) {
                throw new IllegalArgumentException("contract.skip: unknown ingredient " + ingredient + ", known: "
                        + ContractScript.INGREDIENTS);
            }
        }
        return set;
    }

    private static ContractScript.Mode mode(long seed) {
        String mode = property("mode");
        if (mode != null) {
            return ContractScript.Mode.valueOf(mode.toUpperCase());
        }
        return ContractScript.Mode.values()[(int) Math.floorMod(seed, 3L)];
    }

    static String replayCommand(long seed, ContractScript.Mode mode, Set<String> skip) {
        return "mvn -q -pl ecs-timeslice test -Dtest=ContractModelTest -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dcontract.seed=" + seed + " -Dcontract.mode=" + mode.name().toLowerCase()
                + (skip.isEmpty() ? "" : " -Dcontract.skip=" + String.join(",", skip))
                + (property("faultKinds") == null ? "" : " -Dcontract.faultKinds=" + property("faultKinds"));
    }

    /** Outcome of one seed: null if it kept the contract. */
    record Outcome(long seed, ContractScript.Mode mode, String rule, String message) {
    }

    /** Runs one seed on a thread of its own, with a watchdog. */
    static Outcome runSeed(long seed, Set<String> skip) {
        ContractScript.Mode mode = mode(seed);
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "contract-seed-" + seed);
            t.setDaemon(true);
            return t;
        });
        ContractScript[] script = new ContractScript[1];
        try {
            Future<String> result = thread.submit(() -> {
                script[0] = new ContractScript(seed, mode, skip);
                return script[0].run();
            });
            String violation = result.get(WATCHDOG_SECONDS, TimeUnit.SECONDS);
            return violation == null ? null : new Outcome(seed, mode, script[0].rule(), violation);
        } catch (TimeoutException e) {
            String where = script[0] == null ? "" : " at world tick " + script[0].tickNumber;
            return new Outcome(seed, mode, "10 no hang", "no end after " + WATCHDOG_SECONDS + " s" + where);
        } catch (ExecutionException e) {
            return new Outcome(seed, mode, "harness", "the script threw " + e.getCause()
                    + ContractModel.stackOf(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(seed, mode, "harness", "interrupted");
        } finally {
            thread.shutdownNow();
        }
    }

    private static String report(Outcome outcome, Set<String> skip) {
        return "seed " + outcome.seed + " (" + outcome.mode.name().toLowerCase() + "), " + outcome.message
                + "\nreplay: " + replayCommand(outcome.seed, outcome.mode, skip);
    }

    @TestFactory
    Stream<DynamicTest> fixedSeedsKeepTheContract() {
        if (property("seed") != null || property("minutes") != null) {
            return Stream.empty();
        }
        Set<String> skip = skipped();
        return LongStream.rangeClosed(1, FIXED_SEEDS).mapToObj(seed -> DynamicTest.dynamicTest(
                "seed " + seed + " (" + mode(seed).name().toLowerCase() + ")", () -> {
                    Outcome outcome = runSeed(seed, skip);
                    if (outcome != null) {
                        fail(report(outcome, skip));
                    }
                }));
    }

    @Test
    void oneSeedOrATimedRunKeepsTheContract() {
        String seed = property("seed");
        String minutes = property("minutes");
        Set<String> skip = skipped();
        if (seed != null) {
            Outcome outcome = runSeed(Long.parseLong(seed), skip);
            if (outcome != null) {
                fail(report(outcome, skip));
            }
            return;
        }
        if (minutes == null) {
            return;
        }
        long deadline = System.nanoTime() + (long) (Double.parseDouble(minutes) * 60e9);
        String start = property("start");
        long next = start != null ? Long.parseLong(start) : System.currentTimeMillis() % 1_000_000_000L * 1000;
        Map<String, List<Outcome>> byRule = new LinkedHashMap<>();
        long seeds = 0;
        while (System.nanoTime() < deadline) {
            Outcome outcome = runSeed(next, skip);
            seeds++;
            if (outcome != null) {
                byRule.computeIfAbsent(outcome.rule, r -> new java.util.ArrayList<>()).add(outcome);
                System.out.println("[contract] " + report(outcome, skip));
            }
            next++;
        }
        StringBuilder summary = new StringBuilder("[contract] " + seeds + " seeds, " + byRule.values().stream()
                .mapToInt(List::size).sum() + " failed");
        byRule.forEach((rule, outcomes) -> {
            summary.append("\n  rule ").append(rule).append(": ").append(outcomes.size()).append(" seeds, e.g.");
            outcomes.stream().limit(3).forEach(o -> summary.append("\n    ").append(report(o, skip)
                    .replace("\n", "\n      ")));
        });
        System.out.println(summary);
        if (!byRule.isEmpty()) {
            fail(summary.toString());
        }
    }
}
