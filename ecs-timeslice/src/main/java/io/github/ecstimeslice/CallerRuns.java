package io.github.ecstimeslice;

import java.util.concurrent.Executor;

/** An executor that runs each task at once on the thread that hands it over: the default executor in a browser, which has no other. */
final class CallerRuns implements Executor {

    static final CallerRuns EXECUTOR = new CallerRuns();

    private CallerRuns() {
    }

    @Override
    public void execute(Runnable task) {
        task.run();
    }
}
