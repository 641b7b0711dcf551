package io.github.ecstimeslice;

import org.junit.jupiter.params.provider.Arguments;

import java.util.Arrays;
import java.util.stream.Stream;

/** Argument sources shared by the parameterized tests: every policy under each threading. */
final class TestMatrix {

    private TestMatrix() {
    }

    /** (policy, threading) for every policy and every threading. */
    static Stream<Arguments> policiesAndThreading() {
        return policiesUnder(Threading.values());
    }

    /** (policy, threading) for every policy with the two worker threadings. */
    static Stream<Arguments> policiesOnWorkers() {
        return policiesUnder(Threading.WORKERS_SAME_TICK, Threading.WORKERS_NEXT_TICK);
    }

    private static Stream<Arguments> policiesUnder(Threading... threadings) {
        return Arrays.stream(threadings)
                .flatMap(threading -> Arrays.stream(IoPolicy.values()).map(policy -> Arguments.of(policy, threading)));
    }
}
