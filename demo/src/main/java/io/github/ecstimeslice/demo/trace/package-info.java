/** The job timeline of a live run, as Chrome trace-event JSON for Perfetto. */
package io.github.ecstimeslice.demo.trace;
