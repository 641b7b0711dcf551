package io.github.ecstimeslice.demo.bench;

import io.github.ecstimeslice.demo.cli.OneLineErrors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A code change measured as {@link SideBySide} measures deciders: two builds of the demo jar, each
 * in a class loader of its own, build the same overhead worlds ({@code --npcs}, 100,000 by default;
 * 10,000 decisions a tick), and the worlds of both builds are ticked in turn. The JIT compiles each class loader's
 * code on its own, and one compilation can run a world markedly faster or slower than another of
 * the same code, so each build is loaded {@code --copies} times; each round gives each decider's
 * ratio of the second build's mean tick (over its copies) to the first's, and the median over
 * rounds is the change. The walker (code no change touches) and a run of a jar against itself
 * show how far a ratio of 1 wanders.
 *
 * <p>The jars are the shaded demo jars ({@code demo/target/ecs-timeslice-demo.jar}) of the two
 * commits; each must have {@code scene.FacingWorlds}, or {@code bench.FacingWorlds} as builds
 * before the demo's packages had it. A decider named {@code three-} and the rest builds a world of
 * three system classes splitting the decisions ({@code scene.ThreeClasses}), as a game with
 * several decision systems has: the job loops call three classes (builds whose
 * {@code ThreeClasses.timesliced} takes a policy and a threading).
 */
@Command(name = "BuildsSideBySide", mixinStandardHelpOptions = true,
        description = "Interleaved A/B of two builds of the demo jar on the overhead worlds.")
public final class BuildsSideBySide implements Callable<Integer> {

    /** The start of a decider name for a world of three system classes (ThreeClasses): {@code three-SISO-depth1}. */
    private static final String THREE = "three-";
    private static final String POLICY = "(AIAO|SIAO|SISO|AISO)";
    /** The decider names a build may know: one system, or three classes; a count of records or a depth, 0 to {@link #MOST}. */
    private static final Pattern DECIDER = Pattern.compile("walker|walker\\+record|walker\\+records(?<records>[0-9]{1,9})|interval|"
            + POLICY + "(-nohistory|-nohistory\\+record|-depth(?<depth>[0-9]{1,9}))?|"
            + THREE + "(walker|walker\\+record|" + POLICY + "-(nohistory|depth(?<threeDepth>[0-9]{1,9})))");
    /** The most records a walker keeps, and the deepest history: a timesliced system's limit. */
    private static final int MOST = 1024;

    /** The overhead worlds' class, where a build has it: the newer place first. */
    private static final List<String> WORLDS = List.of("io.github.ecstimeslice.demo.scene.FacingWorlds",
            "io.github.ecstimeslice.demo.bench.FacingWorlds");

    @Option(names = "--before", required = true, paramLabel = "JAR", description = "the build to compare with")
    private File before;

    @Option(names = "--after", required = true, paramLabel = "JAR", description = "the changed build")
    private File after;

    @Option(names = "--rounds", defaultValue = "5", description = "rounds (default: ${DEFAULT-VALUE})")
    private int rounds;

    @Option(names = "--ticks", defaultValue = "2000", description = "ticks per round (default: ${DEFAULT-VALUE})")
    private int ticks;

    @Option(names = "--npcs", defaultValue = "100000", paramLabel = "N",
            description = "NPCs in each world, at least 10,000 (default: ${DEFAULT-VALUE}; fewer fit in the caches)")
    private int npcs;

    @Option(names = "--copies", defaultValue = "3", description = "class loaders per build (default: ${DEFAULT-VALUE})")
    private int copies;

    @Option(names = "--threading", defaultValue = "WORLD_THREAD", paramLabel = "THREADING",
            description = "where the timesliced deciders' jobs run: WORLD_THREAD, WORKERS_SAME_TICK or WORKERS_NEXT_TICK,"
                    + " on each build's default executor (default: ${DEFAULT-VALUE})")
    private String threading;

    @Parameters(arity = "0..*", paramLabel = "DECIDER",
            description = "walker, walker+record, a policy, a policy-nohistory, a policy-nohistory+record, a policy-depthN or walker+recordsN;"
                    + " three- and walker, walker+record, POLICY-nohistory or POLICY-depthN for three classes splitting the decisions"
                    + " (default: walker and the four policies with and without history)")
    private List<String> deciders = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    private final PrintStream out;

    BuildsSideBySide(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        CommandLine line = OneLineErrors.on(new CommandLine(new BuildsSideBySide(System.out)));
        line.setErr(new PrintWriter(System.err, true));
        System.exit(line.execute(args));
    }

    @Override
    public Integer call() throws Exception {
        for (File jar : new File[]{before, after}) {
            if (!jar.isFile()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "no such jar: " + jar);
            }
        }
        if (!List.of("WORLD_THREAD", "WORKERS_SAME_TICK", "WORKERS_NEXT_TICK").contains(threading)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--threading must be WORLD_THREAD,"
                    + " WORKERS_SAME_TICK or WORKERS_NEXT_TICK, was " + threading);
        }
        if (rounds < 1 || ticks < 1 || copies < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rounds, --ticks and --copies must be at least 1,"
                    + " were " + rounds + ", " + ticks + " and " + copies);
        }
        if (npcs < 10_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--npcs must be at least 10000, was " + npcs);
        }
        for (String decider : deciders) {
            String problem = problemWith(decider);
            if (problem != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), problem);
            }
        }
        List<String> chosen = deciders.isEmpty()
                ? List.of("walker", "AIAO", "SIAO", "SISO", "AISO", "AIAO-nohistory", "SIAO-nohistory", "SISO-nohistory",
                "AISO-nohistory")
                : deciders;
        Lineup lineup = new Lineup(rounds, ticks);
        List<URLClassLoader> loaders = new ArrayList<>();
        try {
            for (int c = 0; c < copies; c++) {
                URLClassLoader first = loaderOf(before);
                URLClassLoader second = loaderOf(after);
                loaders.add(first);
                loaders.add(second);
                for (String decider : chosen) {
                    add(lineup, "before " + decider, first, decider, threading);
                    add(lineup, "after " + decider, second, decider, threading);
                }
            }
            lineup.run();
        } finally {
            for (URLClassLoader loader : loaders) {
                loader.close();
            }
        }
        out.printf(Locale.ROOT, "%nafter / before: %,d NPCs, 10,000 decisions a tick, %s; %d rounds of %d ticks,"
                + " %d copies of each build, worlds in turn%n"
                + "| decider | before µs | after µs | after / before (median of rounds) | range over rounds |"
                + " range over copies |%n|---|---:|---:|---:|---|---|%n", npcs, threading, rounds, ticks, copies);
        int perCopy = 2 * chosen.size();
        for (int i = 0; i < chosen.size(); i++) {
            double[] ratios = new double[rounds];
            double[] copyRatios = new double[copies];
            double beforeSum = 0;
            double afterSum = 0;
            for (int r = 0; r < rounds; r++) {
                double b = 0;
                double a = 0;
                for (int c = 0; c < copies; c++) {
                    double cb = lineup.roundMean(c * perCopy + 2 * i, r);
                    double ca = lineup.roundMean(c * perCopy + 2 * i + 1, r);
                    b += cb;
                    a += ca;
                    copyRatios[c] += ca / cb / rounds;
                }
                beforeSum += b / copies;
                afterSum += a / copies;
                ratios[r] = a / b;
            }
            Arrays.sort(ratios);
            Arrays.sort(copyRatios);
            out.printf(Locale.ROOT, "| %s | %.0f | %.0f | %.3f | %.3f to %.3f | %.3f to %.3f |%n", chosen.get(i),
                    beforeSum / rounds / 1e3, afterSum / rounds / 1e3, ratios[rounds / 2], ratios[0], ratios[rounds - 1],
                    copyRatios[0], copyRatios[copies - 1]);
        }
        return 0;
    }

    private static URLClassLoader loaderOf(File jar) throws Exception {
        return loaderOf(jar.toURI().toURL());
    }

    /** A class loader of its own for the classes at {@code urls}: none shared with this one's but the JDK's. */
    static URLClassLoader loaderOf(URL... urls) {
        return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
    }

    /** What is wrong with a decider name, in a line naming it, or null if a build knows it. */
    static String problemWith(String decider) {
        Matcher name = DECIDER.matcher(decider);
        if (!name.matches()) {
            return "unknown decider '" + decider + "': use walker, walker+record, walker+recordsN, a policy (AIAO, SIAO,"
                    + " SISO, AISO) alone or with -nohistory, -nohistory+record or -depthN, or three- and walker,"
                    + " walker+record, POLICY-nohistory or POLICY-depthN";
        }
        for (String count : new String[]{name.group("records"), name.group("depth"), name.group("threeDepth")}) {
            if (count != null && Integer.parseInt(count) > MOST) {
                return "decider '" + decider + "' asks for " + Integer.parseInt(count) + ": records and history depths go"
                        + " from 0 to " + MOST;
            }
        }
        return null;
    }

    /**
     * Builds the decider's world of {@code --npcs} in {@code loader}'s build and adds it to the lineup; a timesliced
     * decider runs its jobs as {@code threading} says.
     */
    private void add(Lineup lineup, String name, ClassLoader loader, String decider, String threading)
            throws Exception {
        if (decider.startsWith(THREE)) {
            add(lineup, name, threeClasses(loader, decider.substring(THREE.length()), threading), loader);
            return;
        }
        Class<?> worlds = worldsIn(loader);
        Class<?> systemType = Class.forName("com.artemis.BaseSystem", false, loader);
        Method deciderOf = worlds.getDeclaredMethod("decider", String.class, int.class, int.class);
        Method create = worlds.getDeclaredMethod("create", int.class, boolean.class, systemType.arrayType());
        deciderOf.setAccessible(true);
        create.setAccessible(true);
        Object systems = Array.newInstance(systemType, 1);
        Object system = deciderOf.invoke(null, decider, npcs, 10_000);
        Class<?> timesliced = Class.forName("io.github.ecstimeslice.TimeslicedSystem", false, loader);
        if (timesliced.isInstance(system)) {
            @SuppressWarnings({"unchecked", "rawtypes"})
            Object where = Enum.valueOf((Class) Class.forName("io.github.ecstimeslice.Threading", true, loader), threading);
            timesliced.getMethod("setThreading", where.getClass()).invoke(system, where);
        }
        Array.set(systems, 0, system);
        add(lineup, name, create.invoke(null, npcs, false, systems), loader);
    }

    /** Adds {@code world}, of {@code loader}'s build, to the lineup. */
    static void add(Lineup lineup, String name, Object world, ClassLoader loader) throws ReflectiveOperationException {
        Class<?> worldType = Class.forName("com.artemis.World", false, loader);
        MethodType noArgs = MethodType.methodType(void.class);
        MethodHandle process = MethodHandles.publicLookup().findVirtual(worldType, "process", noArgs).bindTo(world);
        MethodHandle dispose = MethodHandles.publicLookup().findVirtual(worldType, "dispose", noArgs).bindTo(world);
        lineup.add(name, () -> invoke(process), () -> invoke(dispose), 40);
    }

    /**
     * A world of {@code ThreeClasses} in {@code loader}'s build: {@code walker} or
     * {@code walker+record} (three walker classes), or a policy with {@code -nohistory} or
     * {@code -depthN} (three timesliced classes on {@code threading}).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object threeClasses(ClassLoader loader, String kind, String threading) throws Exception {
        Class<?> three = Class.forName("io.github.ecstimeslice.demo.scene.ThreeClasses", true, loader);
        if (kind.startsWith("walker")) {
            return three.getMethod("walkers", int.class, int.class).invoke(null, npcs, kind.endsWith("+record") ? 1 : 0);
        }
        int dash = kind.indexOf('-'); // a POLICY-nohistory or POLICY-depthN: call() checked the name
        String history = kind.substring(dash + 1);
        Class<?> policyType = Class.forName("io.github.ecstimeslice.IoPolicy", true, loader);
        Class<?> threadingType = Class.forName("io.github.ecstimeslice.Threading", true, loader);
        return three.getMethod("timesliced", int.class, int.class, policyType, threadingType).invoke(null, npcs,
                history.equals("nohistory") ? 0 : Integer.parseInt(history.substring("depth".length())),
                Enum.valueOf((Class) policyType, kind.substring(0, dash)), Enum.valueOf((Class) threadingType, threading));
    }

    private static Class<?> worldsIn(ClassLoader loader) throws ClassNotFoundException {
        for (String name : WORLDS) {
            try {
                return Class.forName(name, true, loader);
            } catch (ClassNotFoundException e) {
                // not in this build: try the older place
            }
        }
        throw new ClassNotFoundException("no " + String.join(" or ", WORLDS) + " in the jar");
    }

    private static void invoke(MethodHandle action) {
        try {
            action.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
