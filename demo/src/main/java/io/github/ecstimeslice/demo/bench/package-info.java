/**
 * The benchmarks: the JMH suite (each a {@link io.github.ecstimeslice.demo.bench.WorldTickBenchmark}),
 * {@link io.github.ecstimeslice.demo.bench.SideBySide} for ratios on a noisy machine and
 * {@link io.github.ecstimeslice.demo.bench.BuildsSideBySide} for two builds. Of the demo they use
 * only {@code scene}.
 */
package io.github.ecstimeslice.demo.bench;
