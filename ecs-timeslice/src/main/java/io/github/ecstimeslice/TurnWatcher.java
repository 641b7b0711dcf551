package io.github.ecstimeslice;

/**
 * What a game attaches to a {@link TimeslicedSystem} to see each of its turns
 * ({@link DecisionStats#setTurnWatcher}): an on-screen graph of the budget's pressure, a log of
 * slow turns, a test's record. Called on the world's thread at the end of every turn that did not
 * leave with a {@link VirtualMachineError}, before the turn's job failures are thrown.
 */
public interface TurnWatcher {

    /**
     * The turn of {@code system} ended; {@code turn} tells what it did. The summary is reused:
     * read it now (copy what you keep). A throw fails the tick as a callback's does.
     */
    void turnEnded(TimeslicedSystem<?, ?> system, TurnSummary turn);
}
