/**
 * The demo's command line: {@link io.github.ecstimeslice.demo.cli.DemoMain} reads and checks the
 * options, then hands them to the runs as one {@link io.github.ecstimeslice.demo.run.RunOptions}.
 */
package io.github.ecstimeslice.demo.cli;
