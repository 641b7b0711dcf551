package io.github.ecstimeslice;

/**
 * GWT's version of the library's {@code CrewTask} (the module's super-source): a browser has no
 * worker threads and no {@code ForkJoinTask}, and no crew is made there, so this one is empty.
 */
final class CrewTask {

    private CrewTask() {
    }
}
