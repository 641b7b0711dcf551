/**
 * The libGDX headless application ({@link io.github.ecstimeslice.demo.run.DemoApp}) and the ways
 * to run the demo it plays one after another: the live run with its reports and trace, the
 * comparison of every decider with its plot, and the GIFs.
 */
package io.github.ecstimeslice.demo.run;
