package io.github.ecstimeslice.demo.bench;

import com.artemis.BaseSystem;
import com.artemis.World;
import io.github.ecstimeslice.demo.scene.FacingWorlds;
import io.github.ecstimeslice.demo.scene.ThreeClasses;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.Threading;
import io.github.ecstimeslice.TimeslicedSystem;
import io.github.ecstimeslice.WorldEditCheck;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.TurnAnimationSystem;
import io.github.ecstimeslice.demo.cli.OneLineErrors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Ratios that hold on a noisy machine. JMH runs each case in its own fork, minutes after the
 * previous one; on a shared 2-core VM the machine's speed moves more than the differences being
 * measured. Here the worlds of one comparison are built side by side and ticked in turn, one tick
 * each, for rounds of many ticks, every tick timed: a slow spell hits all of them alike, and each
 * round gives a ratio to the comparison's first world. Reports the median ratio over the rounds
 * (and their range), so one disturbed round moves nothing.
 *
 * <p>Before any comparison a throwaway world is built, ticked and dropped: the first world a JVM
 * builds ran 5 to 8% slower than the same world built after it, which flattered every ratio to
 * it (see {@link Lineup} for how the worlds are warmed up).
 *
 * <p>{@code --forks N} runs the comparisons in N JVMs in turn and gives each ratio's median over
 * them ({@link Forks}): one JVM's ratios can sit a tenth away from another's.
 *
 * <p>Comparisons: {@code overhead} (100,000 NPCs, 10,000 decisions a tick:
 * walker, walker+record, a walker keeping its latest two stamped records, the four policies with
 * the default history of one and with none, AIAO with none whose game keeps a stamped record as the
 * recording walker does, and AIAO with a history of two), {@code scaling} (10,000 AIAO decisions a tick at
 * 10,000, 100,000 and 1,000,000 NPCs, and the walker at the same sizes) and {@code frames}
 * (100,000 NPCs at 10,000 a tick, a batch every 10 ticks: p99 over mean, and the mean tick at each
 * position in the 10-tick cycle, the worst over the mean; artemis's interval system for contrast)
 * and {@code tiers} (100,000 NPCs, 10,000 AIAO decisions a tick untiered and with three tiers by
 * distance to a moving player, alone and with the animation, thinned to match for the tiered one;
 * tiers by id, which tell what the spread of a batch's ids costs, with the default history and
 * with none, and by distance with none, and an untiered world whose batches end mid-tick as
 * tiered ones do: mean ratios and p99 over mean; then the tiers paced with a batch every 0.1 s
 * against untiered worlds deciding as many a tick, where no batch ends mid-tick) and {@code peers} (10,000
 * decisions a tick at 100,000 and 1,000,000 NPCs: the walker, the walker with a stamped record,
 * ours with and without history and with none plus the game's stamped record, artemis-odb-contrib's TimeboxedProcessingSystem with a microsecond
 * clock and as shipped, gdx-ai's LoadBalancingScheduler, artemis's IntervalIteratingSystem: mean,
 * p99 over mean, decisions a tick and nanoseconds a decision) and {@code shared} (three decision
 * systems of three classes with budgets of their own against the same three sharing one pool split
 * into the same parts, making the same decisions: the turns' ratio; see {@link SharedLineup}) and
 * {@code classes} (100,000 NPCs, 10,000 decisions a tick split over three facing systems of three
 * classes, {@link ThreeClasses}: three walkers, three walkers keeping a stamped record, three AIAO
 * systems with no history and with a history of one, three SISO systems and three AIAO systems on
 * same-tick workers with a history of one; in one JVM the job loops call three classes) and
 * {@code editcheck} (what {@link WorldEditCheck} costs: 100,000 NPCs deciding on same-tick or
 * next-tick workers while a system of the game's edits the world on the world's thread, with and
 * without the check; and the edits alone, ten times as many; each pair in two lineups, one each way
 * round, as a place in the line moves a world with workers).
 */
@Command(name = "SideBySide", mixinStandardHelpOptions = true,
        description = "Interleaved comparisons: overhead, scaling, frames, tiers, peers, shared, classes, editcheck.")
public final class SideBySide implements Callable<Integer> {

    private static final String[] POLICIES = {"AIAO", "SIAO", "SISO", "AISO"};
    private static final List<String> COMPARISONS = List.of("overhead", "scaling", "frames", "tiers", "peers", "shared",
            "classes", "editcheck");

    @Option(names = "--quick", description = "a smoke run: 2 short rounds per comparison")
    private boolean quick;

    @Option(names = "--forks", defaultValue = "1", paramLabel = "N",
            description = "run the comparisons in N JVMs in turn and give each ratio's median over them (default: 1, this JVM)")
    private int forks;

    /** Set by {@link Forks} in the JVMs it starts: print each ratio in a line for the parent too. */
    @Option(names = "--fork-child", hidden = true)
    private boolean forkChild;

    @Parameters(arity = "0..*", paramLabel = "COMPARISON",
            description = "overhead, scaling, frames, tiers, peers, shared, classes or editcheck (default: all eight)")
    private List<String> comparisons = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    private final PrintStream out;

    SideBySide(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the comparisons these arguments name; returns the exit code (2 for bad arguments). */
    static int run(PrintStream out, PrintStream err, String... args) {
        return OneLineErrors.execute(new SideBySide(out), out, err, args);
    }

    @Override
    public Integer call() {
        for (String name : comparisons) {
            if (!COMPARISONS.contains(name)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "unknown comparison '" + name + "': use overhead, scaling, frames, tiers, peers, shared, classes or editcheck");
            }
        }
        if (forks < 1 || forks > 50) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--forks must be from 1 to 50, was " + forks);
        }
        List<String> chosen = comparisons.isEmpty() ? COMPARISONS : comparisons;
        if (forks > 1) {
            List<String> args = new ArrayList<>(chosen);
            if (quick) {
                args.add("--quick");
            }
            try {
                return Forks.run(forks, args, out);
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return 1;
            }
        }
        runAThrowawayWorld();
        int rounds = quick ? 2 : 5;
        int ticks = quick ? 200 : 2000;
        if (chosen.contains("overhead")) {
            Lineup overhead = lineup("overhead", rounds, ticks);
            String[] bare = Arrays.stream(POLICIES).map(policy -> policy + FacingWorlds.NO_HISTORY).toArray(String[]::new);
            String[] walkers = {"walker", "walker+record", FacingWorlds.RECORDS + "2"};
            String[] others = {"AIAO" + FacingWorlds.RECORDED, "AIAO" + FacingWorlds.DEPTH + "2"};
            for (String decider : concat(concat(concat(walkers, POLICIES), bare), others)) {
                overhead.add(decider, FacingWorlds.create(100_000, false, FacingWorlds.decider(decider, 100_000, 10_000)), 40);
            }
            overhead.run();
            out.printf(Locale.ROOT, "%noverhead: 100,000 NPCs, 10,000 facing decisions a tick; %d rounds of %d ticks, worlds in turn%n",
                    rounds, ticks);
            overhead.printRatios(out, "x walker");
        }
        if (chosen.contains("scaling")) {
            Lineup scaling = lineup("scaling", rounds, quick ? ticks : ticks / 2);
            for (String decider : new String[]{"AIAO", "walker"}) {
                for (int npcs : new int[]{10_000, 100_000, 1_000_000}) {
                    scaling.add(String.format(Locale.ROOT, "%s %,d NPCs", decider, npcs),
                            FacingWorlds.create(npcs, false, FacingWorlds.decider(decider, npcs, 10_000)),
                            2 * npcs / 10_000 + 10);
                }
            }
            scaling.run();
            out.printf(Locale.ROOT, "%nscaling: 10,000 facing decisions a tick; %d rounds of %d ticks, worlds in turn%n",
                    rounds, scaling.ticks);
            scaling.printRatios(out, "x AIAO at 10,000", 0, 3);
            scaling.printRatios(out, "x walker at 10,000", 3, 6);
        }
        if (chosen.contains("frames")) {
            Lineup frames = lineup("frames", rounds, ticks);
            for (String decider : concat(concat(new String[]{"walker"}, POLICIES), new String[]{"interval"})) {
                frames.add(decider, FacingWorlds.create(100_000, false, FacingWorlds.decider(decider, 100_000, 10_000)), 40);
            }
            frames.run();
            out.printf(Locale.ROOT, "%nframes: 100,000 NPCs, 10,000 decisions a tick (a batch every 10 ticks); %d rounds of %d ticks, worlds in turn%n",
                    rounds, ticks);
            frames.printFrames(out, 10);
        }
        if (chosen.contains("tiers")) {
            // 600,000 decisions a game second (10,000 a tick at 60 Hz) for every world: a rate in game
            // time carries what a batch's end leaves unused, so the tiered ones decide as many a tick
            Budget rate = Budget.jobsPerSecond(600_000);
            Lineup tiers = lineup("tiers", rounds, ticks);
            tiers.add("AIAO", FacingWorlds.create(100_000, false, new FaceTargetSystem(IoPolicy.AIAO, rate)), 40);
            tiers.add("AIAO tiered 1,4,16, reassess 0.5 s", FacingWorlds.create(100_000, false, new TieredFacing(rate, 0.5)), 40);
            tiers.add("AIAO tiered 1,4,16, reassess 2 s", FacingWorlds.create(100_000, false, new TieredFacing(rate, 2)), 40);
            // what the spread of a batch's ids costs: every NPC in tier 0 (a batch of all, in id order), then
            // TieredFacing's tier sizes by id (a run of 5,000 near ids, blocks of the others), nobody moving
            tiers.add("AIAO tiered, every NPC in tier 0", FacingWorlds.create(100_000, false,
                    new TieredById(rate, TimeslicedSystem.DEFAULT_HISTORY_DEPTH, Integer.MAX_VALUE, 0)), 40);
            tiers.add("AIAO tiered by id: 5,000 near, 25,000 mid", FacingWorlds.create(100_000, false,
                    new TieredById(rate, TimeslicedSystem.DEFAULT_HISTORY_DEPTH, 5_000, 25_000)), 40);
            tiers.add("AIAO + animation", FacingWorlds.create(100_000, true,
                    new FaceTargetSystem(IoPolicy.AIAO, rate), new TurnAnimationSystem()), 40);
            TieredFacing decisions = new TieredFacing(rate, 0.5);
            TurnAnimationSystem thinned = new TurnAnimationSystem();
            thinned.followTiersOf(decisions, 1, 2, 4);
            tiers.add("tiered 0.5 s + animation every 1,2,4 ticks", FacingWorlds.create(100_000, true, decisions, thinned), 40);
            tiers.add("AIAO no history", FacingWorlds.create(100_000, false,
                    new FaceTargetSystem(IoPolicy.AIAO, rate, TimeslicedSystem.NO_HISTORY)), 40);
            tiers.add("AIAO no history, tiered by id: 5,000 near, 25,000 mid", FacingWorlds.create(100_000, false,
                    new TieredById(rate, TimeslicedSystem.NO_HISTORY, 5_000, 25_000)), 40);
            tiers.add("AIAO no history, tiered 1,4,16, reassess 0.5 s", FacingWorlds.create(100_000, false,
                    new TieredFacing(rate, 0.5, TimeslicedSystem.NO_HISTORY)), 40);
            // untiered, but its batches end mid-tick (every 10.26 ticks), as tiered batches do: the
            // budget's carry at a batch's end, not the tiers, sets the tiered worlds' p99
            tiers.add("AIAO, 585,000 a second: batches end mid-tick", FacingWorlds.create(100_000, false,
                    new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerSecond(585_000))), 40);
            tiers.run();
            out.printf(Locale.ROOT, "%ntiers: 100,000 NPCs, 600,000 AIAO decisions a second (10,000 a tick); %d rounds of %d ticks, worlds in turn%n",
                    rounds, ticks);
            tiers.printRatios(out, "x untiered", 0, 5);
            tiers.printRatios(out, "x untiered with animation", 5, 7);
            tiers.printRatios(out, "x untiered with no history", 7, 10);
            tiers.printFrames(out, 10);
            // the tiers as the tests pace them, a batch every 0.1 s: each batch ends with a tick,
            // no carry; the untiered worlds decide as many a tick, the last of a batch's ticks short
            Lineup paced = lineup("tiers, a batch every 0.1 s", rounds, ticks);
            Budget perTick = Budget.jobsPerTick(PACED_PER_TICK);
            Budget tenth = Budget.batchEvery(0.1);
            addCounted(paced, "AIAO untiered, " + PACED_PER_TICK + " a tick", new FaceTargetSystem(IoPolicy.AIAO, perTick));
            addCounted(paced, "tiered by distance, reassess 0.5 s", new TieredFacing(tenth, 0.5));
            addCounted(paced, "tiered by distance, reassess 2 s", new TieredFacing(tenth, 2));
            addCounted(paced, "tiered by id: 5,000 near, 25,000 mid",
                    new TieredById(tenth, TimeslicedSystem.DEFAULT_HISTORY_DEPTH, 5_000, 25_000));
            addCounted(paced, "AIAO no history untiered, " + PACED_PER_TICK + " a tick",
                    new FaceTargetSystem(IoPolicy.AIAO, perTick, TimeslicedSystem.NO_HISTORY));
            addCounted(paced, "no history, tiered by distance, reassess 0.5 s", new TieredFacing(tenth, 0.5, TimeslicedSystem.NO_HISTORY));
            addCounted(paced, "no history, tiered by id: 5,000 near, 25,000 mid",
                    new TieredById(tenth, TimeslicedSystem.NO_HISTORY, 5_000, 25_000));
            paced.run();
            out.printf(Locale.ROOT, "%ntiers, a batch every 0.1 s: 100,000 NPCs, tiered 1,4,16 with a batch every 0.1 s against "
                    + "untiered at %,d decisions a tick; %d rounds of %d ticks, worlds in turn%n", PACED_PER_TICK, rounds, ticks);
            paced.printCosts(out, "x untiered", 0, 4);
            paced.printCosts(out, "x untiered with no history", 4, 7);
        }
        if (chosen.contains("peers")) {
            for (int npcs : new int[]{100_000, 1_000_000}) {
                Lineup peers = lineup(String.format(Locale.ROOT, "peers %,d NPCs", npcs), rounds, quick ? ticks : ticks / 2);
                addPeers(peers, npcs, 10_000);
                peers.run();
                out.printf(Locale.ROOT, "%npeers: %,d NPCs, 10,000 facing decisions a tick; %d rounds of %d ticks, worlds in turn%n",
                        npcs, rounds, peers.ticks);
                peers.printCosts(out, "x walker", 0, PEERS);
            }
        }
        if (chosen.contains("shared")) {
            Lineup sharing = lineup("shared", rounds, ticks);
            SharedLineup worlds = new SharedLineup(SharedLineup.ticksOf(rounds, ticks));
            worlds.addTo(sharing);
            sharing.run();
            out.printf(Locale.ROOT, "%nshared: %,d NPCs, facing, alertness and wander (AIAO), %,d jobs a tick; timed: the three"
                    + " systems' turns; %d rounds of %d ticks, worlds in turn%n", SharedLineup.NPCS, SharedLineup.POOL, rounds, ticks);
            sharing.printRatios(out, "x separate");
            worlds.printDecisions(out);
        }
        if (chosen.contains("classes")) {
            Lineup classes = lineup("classes", rounds, ticks);
            classes.add("three walkers", ThreeClasses.walkers(100_000, 0), 40);
            classes.add("three walkers, a stamped record each", ThreeClasses.walkers(100_000, 1), 40);
            classes.add("three AIAO classes, no history", ThreeClasses.timesliced(100_000, TimeslicedSystem.NO_HISTORY), 40);
            classes.add("three AIAO classes, history 1", ThreeClasses.timesliced(100_000, 1), 40);
            classes.add("three SISO classes, history 1",
                    ThreeClasses.timesliced(100_000, 1, IoPolicy.SISO, Threading.WORLD_THREAD), 40);
            classes.add("three AIAO classes on same-tick workers, history 1",
                    ThreeClasses.timesliced(100_000, 1, IoPolicy.AIAO, Threading.WORKERS_SAME_TICK), 40);
            classes.run();
            out.printf(Locale.ROOT, "%nclasses: 100,000 NPCs, 10,000 facing decisions a tick over three systems of three"
                    + " classes; %d rounds of %d ticks, worlds in turn%n", rounds, ticks);
            classes.printRatios(out, "x three walkers");
        }
        if (chosen.contains("editcheck")) {
            editCheck(rounds, ticks);
        }
        return 0;
    }

    /**
     * The edit check's cost. Each world is built in a class loader of its own, with the library and
     * artemis: once a check is installed, crews mark their threads and artemis's change sets have a
     * subclass, JVM-wide, which would tax the worlds without the check too. With workers a world's
     * place in a line moves it (a crew's tasks wait for chunks; next-tick jobs run into the next
     * world's tick), so each pair runs in two lineups, each way round.
     */
    private void editCheck(int rounds, int ticks) {
        String[] kinds = {"AIAO on same-tick workers", "AIAO on next-tick workers", "no decisions, 20,000 edits a tick"};
        String[] threadings = {"WORKERS_SAME_TICK", "WORKERS_NEXT_TICK", null};
        Lineup[][] pairs = new Lineup[kinds.length][2];
        try {
            for (int kind = 0; kind < kinds.length; kind++) {
                int toggles = threadings[kind] == null ? 20_000 : 2_000;
                for (int way = 0; way < 2; way++) {
                    pairs[kind][way] = lineup("editcheck", rounds, ticks);
                    List<URLClassLoader> loaders = new ArrayList<>();
                    for (boolean check : way == 0 ? new boolean[]{false, true} : new boolean[]{true, false}) {
                        URLClassLoader loader = BuildsSideBySide.loaderOf(classPath());
                        loaders.add(loader);
                        Method world = Class.forName(SideBySide.class.getName(), true, loader)
                                .getDeclaredMethod("editingWorld", String.class, int.class, boolean.class);
                        world.setAccessible(true);
                        BuildsSideBySide.add(pairs[kind][way], kinds[kind] + (check ? ", check installed" : ", no check"),
                                world.invoke(null, threadings[kind], toggles, check), loader);
                    }
                    pairs[kind][way].run();
                    for (URLClassLoader loader : loaders) {
                        loader.close();
                    }
                }
            }
        } catch (ReflectiveOperationException | IOException failed) {
            throw new IllegalStateException("could not build the edit check's worlds in loaders of their own", failed);
        }
        out.printf(Locale.ROOT, "%neditcheck: 100,000 NPCs, 10,000 facing decisions a tick on workers while 2,000 flags"
                + " are toggled and 20 entities made and deleted a tick on the world's thread, with and without"
                + " WorldEditCheck; the edits alone, ten times as many; each world in a class loader of its own, each"
                + " pair ticked in turn, one lineup each way round; %d rounds of %d ticks%n", rounds, ticks);
        out.printf(Locale.ROOT, "| world | mean µs a tick, no check | with the check | x no check (median of rounds)"
                + " | range over rounds |%n|---|---:|---:|---:|---|%n");
        for (int kind = 0; kind < kinds.length; kind++) {
            Lineup.printPairBothWays(out, kinds[kind], pairs[kind][0], pairs[kind][1]);
        }
    }

    /** This JVM's class path, as URLs: the shaded jar, or the build's folders and the dependencies. */
    private static URL[] classPath() throws IOException {
        String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
        URL[] urls = new URL[entries.length];
        for (int i = 0; i < entries.length; i++) {
            urls[i] = new File(entries[i]).toURI().toURL();
        }
        return urls;
    }

    /**
     * 100,000 NPCs whose facing decisions (10,000 a tick, AIAO) run under {@code threading} (a
     * {@link Threading} name; none if null), after a system toggling {@code toggles} flags and
     * remaking 20 entities a tick on the world's thread; the world edit check installed if
     * {@code check}. Called in a class loader of its own by {@link #editCheck}.
     */
    private static World editingWorld(String threading, int toggles, boolean check) {
        WorldEdits edits = new WorldEdits(100_000, toggles, 20);
        World world;
        if (threading == null) {
            world = FacingWorlds.create(100_000, false, edits);
        } else {
            FaceTargetSystem decisions = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(10_000));
            decisions.setThreading(Threading.valueOf(threading));
            world = FacingWorlds.create(100_000, false, edits, decisions);
        }
        if (check) {
            WorldEditCheck.install(world);
        }
        return world;
    }

    /** Untiered jobs a tick matching what the tiered worlds decide with a batch every 0.1 s. */
    private static final int PACED_PER_TICK = 2635;

    private static void addCounted(Lineup lineup, String name, FaceTargetSystem decisions) {
        lineup.add(name, FacingWorlds.create(100_000, false, decisions), 40, decisions.stats()::jobsRunTotal);
    }

    /** A lineup of the comparison {@code name}, marked for the parent in a fork's child. */
    private Lineup lineup(String name, int rounds, int ticks) {
        Lineup lineup = new Lineup(rounds, ticks);
        lineup.forkTable = forkChild ? name : null;
        return lineup;
    }

    /** The worlds of the peers comparison. */
    private static final int PEERS = 9;

    /**
     * Adds the peers comparison's worlds of {@code npcs} NPCs, each deciding about {@code perTick}
     * a tick: the walker, the walker with a stamped record, ours with the default history and with
     * none, artemis-odb-contrib's TimeboxedProcessingSystem with a microsecond clock (its box sized
     * to {@code perTick} decisions before the lineup starts) and as shipped with a 1 ms box,
     * gdx-ai's LoadBalancingScheduler with a task per NPC, and artemis's IntervalIteratingSystem
     * deciding for every NPC at once at the same mean rate.
     */
    private static void addPeers(Lineup peers, int npcs, int perTick) {
        int warmUp = 2 * npcs / perTick + 10;
        for (String name : new String[]{"walker", "walker+record"}) {
            BaseSystem walker = FacingWorlds.decider(name, npcs, perTick);
            peers.add(name.equals("walker") ? name : "walker + stamped record", FacingWorlds.create(npcs, false, walker),
                    warmUp, FacingWorlds.decisionsOf(walker));
        }
        FaceTargetSystem history = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(perTick));
        peers.add("ecs-timeslice AIAO, history " + TimeslicedSystem.DEFAULT_HISTORY_DEPTH, FacingWorlds.create(npcs, false, history),
                warmUp, history.stats()::jobsRunTotal);
        FaceTargetSystem bare = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(perTick), TimeslicedSystem.NO_HISTORY);
        peers.add("ecs-timeslice AIAO, no history", FacingWorlds.create(npcs, false, bare), warmUp, bare.stats()::jobsRunTotal);
        BaseSystem recording = FacingWorlds.decider("AIAO" + FacingWorlds.RECORDED, npcs, perTick);
        peers.add("ecs-timeslice AIAO, no history + stamped record", FacingWorlds.create(npcs, false, recording), warmUp,
                FacingWorlds.decisionsOf(recording));
        TimeboxedFacing micros = new TimeboxedFacing(true, 500);
        World timeboxed = FacingWorlds.create(npcs, false, micros);
        sizeTheBox(timeboxed, micros, perTick);
        peers.add(String.format(Locale.ROOT, "contrib TimeboxedProcessingSystem, µs clock, %.0f µs box", micros.boxMicros()),
                timeboxed, warmUp, () -> micros.decisions);
        TimeboxedFacing millis = new TimeboxedFacing(false, 1000);
        peers.add("contrib TimeboxedProcessingSystem as shipped, 1 ms box", FacingWorlds.create(npcs, false, millis),
                warmUp, () -> millis.decisions);
        LoadBalancedFacing tasks = new LoadBalancedFacing(npcs, npcs / perTick);
        peers.add("gdx-ai LoadBalancingScheduler, a task per NPC", FacingWorlds.create(npcs, false, tasks), warmUp,
                () -> tasks.decisions);
        BaseSystem interval = FacingWorlds.decider("interval", npcs, perTick);
        peers.add("artemis IntervalIteratingSystem, every NPC at once", FacingWorlds.create(npcs, false, interval),
                warmUp, FacingWorlds.decisionsOf(interval));
    }

    /** Sizes the time box so that the system decides about {@code perTick} a tick: rounds of 100 ticks, scaled after each. */
    private static void sizeTheBox(World world, TimeboxedFacing system, int perTick) {
        for (int round = 0; round < 20; round++) {
            long before = system.decisions;
            for (int i = 0; i < 100; i++) {
                world.process();
            }
            double made = (system.decisions - before) / 100.0;
            system.setBoxMicros((float) (system.boxMicros() * Math.min(4, perTick / Math.max(1, made))));
        }
    }

    /** Builds an AIAO world of 100,000 NPCs, ticks it 200 times and disposes of it. */
    private static void runAThrowawayWorld() {
        World world = FacingWorlds.create(100_000, false, FacingWorlds.decider("AIAO", 100_000, 10_000));
        for (int i = 0; i < 200; i++) {
            world.process();
        }
        world.dispose();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
