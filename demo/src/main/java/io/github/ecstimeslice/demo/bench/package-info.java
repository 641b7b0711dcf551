/**
 * The benchmarks: the JMH suite (each a {@link io.github.ecstimeslice.demo.bench.WorldTickBenchmark}),
 * {@link io.github.ecstimeslice.demo.bench.SideBySide} for ratios on a noisy machine,
 * {@link io.github.ecstimeslice.demo.bench.BuildsSideBySide} for two builds and
 * {@link io.github.ecstimeslice.demo.bench.SpreadBalance} for how even a spread strategy's groups
 * are. Of the demo they use only {@code scene} (and the command line's one-line errors).
 */
package io.github.ecstimeslice.demo.bench;
