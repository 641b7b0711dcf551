package io.github.ecstimeslice.demo.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@link SideBySide}'s comparisons run in several JVMs, one after another, each world's ratio the
 * median over them. Inside one JVM the rounds of a lineup agree within 1 or 2%, but the same lineup
 * in another JVM can move a ratio by a tenth or more: the JIT compiles the job loops the worlds
 * share once per JVM, and the worlds' objects land elsewhere. A ratio that has to hold to 10% is
 * the median over forks. Each child prints its tables as usual, and a line {@link #MARK} per world
 * with its median ratio, which the parent collects.
 */
final class Forks {

    /** The start of a child's line: table, world and ratio follow, tab-separated. */
    static final String MARK = "@ratio\t";

    private Forks() {
    }

    /** One world's ratio over the forks. */
    record Row(String table, String world, double median, double min, double max, int forks) {
    }

    /**
     * Runs {@code SideBySide} with {@code args} (and {@code --fork-child}) in {@code forks} child
     * JVMs in turn, with this JVM's java, class path and maximum heap; prints each child's progress
     * and then the ratios over the forks. Returns 0, or the first failing child's exit code.
     */
    static int run(int forks, List<String> args, PrintStream out) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx" + Runtime.getRuntime().maxMemory() / (1 << 20) + "m",
                "-cp", System.getProperty("java.class.path"),
                SideBySide.class.getName(), "--fork-child"));
        command.addAll(args);
        List<String> marks = new ArrayList<>();
        for (int fork = 1; fork <= forks; fork++) {
            out.printf(Locale.ROOT, "fork %d of %d%n", fork, forks);
            Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.startsWith(MARK)) {
                        marks.add(line);
                    }
                }
            }
            int code = child.waitFor();
            if (code != 0) {
                return code;
            }
        }
        print(aggregate(marks), forks, out);
        return 0;
    }

    /** Each table's worlds in the order first seen, with the median, least and most of their ratios. */
    static List<Row> aggregate(List<String> marks) {
        Map<List<String>, List<Double>> ratios = new LinkedHashMap<>();
        for (String mark : marks) {
            String[] fields = mark.substring(MARK.length()).split("\t");
            ratios.computeIfAbsent(List.of(fields[0], fields[1]), key -> new ArrayList<>()).add(Double.parseDouble(fields[2]));
        }
        List<Row> rows = new ArrayList<>();
        ratios.forEach((key, values) -> {
            double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            rows.add(new Row(key.get(0), key.get(1), median, sorted[0], sorted[n - 1], n));
        });
        return rows;
    }

    private static void print(List<Row> rows, int forks, PrintStream out) {
        String table = null;
        for (Row row : rows) {
            if (!row.table().equals(table)) {
                table = row.table();
                out.printf(Locale.ROOT, "%n%s, over %d forks%n| world | median of the forks' ratios | range over forks |%n|---|---:|---|%n",
                        table, forks);
            }
            out.printf(Locale.ROOT, "| %s | %.2f | %.2f to %.2f |%n", row.world(), row.median(), row.min(), row.max());
        }
    }

    /** The line a child prints for one world. */
    static String mark(String table, String world, double ratio) {
        return MARK + table + "\t" + world + "\t" + String.format(Locale.ROOT, "%.4f", ratio);
    }
}
