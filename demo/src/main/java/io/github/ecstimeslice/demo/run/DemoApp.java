package io.github.ecstimeslice.demo.run;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.backends.headless.HeadlessApplication;
import com.badlogic.gdx.backends.headless.HeadlessApplicationConfiguration;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;

/**
 * The libGDX application: each {@code render} runs one tick of the current {@link RunMode}; when the
 * last one is done it asks the application to exit. An exception is caught (libGDX's headless
 * loop would otherwise die silently), kept for the main thread, and ends the run.
 */
public final class DemoApp extends ApplicationAdapter {

    private final Deque<Supplier<RunMode>> pending = new ArrayDeque<>();
    private final CountDownLatch disposed = new CountDownLatch(1);
    private volatile Throwable failure;
    private RunMode current;
    private boolean finished;

    /**
     * Runs what {@code options} ask for in a headless application, in this order: the GIFs, the
     * comparison, and the live run (when neither of those is asked for, or with a trace), of the
     * scene they name (with a shared budget, the shared scene's comparison or live run); waits for
     * the end and returns what failed, or null.
     */
    public static Throwable run(RunOptions options, PrintStream out) throws InterruptedException {
        DemoApp app = new DemoApp();
        if (options.scene() == SceneKind.PATHS) {
            if (options.gifDirectory() != null) {
                app.then(() -> new PathGifRun(options, out));
            }
            if (options.compare()) {
                app.then(() -> new PathCompareRun(options, out));
            }
            if (!options.compare() && options.gifDirectory() == null) {
                app.then(() -> new PathLiveRun(options, out));
            }
            return app.start().awaitEnd();
        }
        if (options.shared() != null) { // the shared scene: its comparison or its live run
            app.then(() -> options.compare() ? new SharedCompareRun(options, out) : new SharedLiveRun(options, out));
            return app.start().awaitEnd();
        }
        if (options.gifDirectory() != null) {
            app.then(() -> new GifRun(options, out));
        }
        if (options.compare()) {
            app.then(() -> options.tiers() == null ? new CompareRun(options, out) : new TierCompareRun(options, out));
        }
        if (!options.compare() && options.gifDirectory() == null || options.traceFile() != null) {
            if (options.compare() || options.gifDirectory() != null) {
                out.println(traceNote(options));
            }
            app.then(() -> new LiveRun(options, out));
        }
        return app.start().awaitEnd();
    }

    /**
     * What a trace asked for with the comparison or the GIFs, which are not traced, is: a live run of
     * its own after them, said in one line before anything runs.
     */
    static String traceNote(RunOptions options) {
        return "--trace: " + (options.compare() ? "the comparison is" : "the GIFs are") + " not traced; a live run"
                + " of its own follows " + (options.compare() ? "it" : "them") + " and writes " + options.traceFile();
    }

    /** Adds a run mode, made when its turn comes (on the render thread). */
    DemoApp then(Supplier<RunMode> mode) {
        pending.add(mode);
        return this;
    }

    /** Starts the headless application, ticking as fast as it goes (the world's delta is fixed). */
    DemoApp start() {
        HeadlessApplicationConfiguration config = new HeadlessApplicationConfiguration();
        config.updatesPerSecond = 0;
        new HeadlessApplication(this, config);
        return this;
    }

    @Override
    public void render() {
        if (finished) {
            return; // libGDX renders once more after exit()
        }
        try {
            if (current == null) {
                Supplier<RunMode> next = pending.poll();
                if (next == null) {
                    end();
                    return;
                }
                current = next.get();
            }
            if (current.tick()) {
                current.finish();
                current = null;
            }
        } catch (Throwable t) {
            failure = t;
            abandonCurrent();
            end();
        }
    }

    /** Lets the failed run close its files; what that throws is attached to the failure. */
    private void abandonCurrent() {
        if (current == null) {
            return;
        }
        try {
            current.abandon();
        } catch (Throwable alsoFailed) {
            failure.addSuppressed(alsoFailed);
        }
    }

    private void end() {
        finished = true;
        Gdx.app.exit();
    }

    @Override
    public void dispose() {
        disposed.countDown();
    }

    /** Waits until the application has shut down; returns what failed, or null. */
    Throwable awaitEnd() throws InterruptedException {
        disposed.await();
        return failure;
    }
}
