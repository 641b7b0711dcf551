package io.github.ecstimeslice.demo.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ForksTest {

    @Test
    void eachWorldsRatioIsTheMedianOverTheForksWithItsRange() {
        List<String> marks = List.of(
                Forks.mark("overhead, x walker", "walker", 1.0),
                Forks.mark("overhead, x walker", "AIAO", 1.4),
                Forks.mark("peers 100,000 NPCs, x walker", "AIAO", 1.2),
                Forks.mark("overhead, x walker", "walker", 1.0),
                Forks.mark("overhead, x walker", "AIAO", 1.1),
                Forks.mark("overhead, x walker", "walker", 1.0),
                Forks.mark("overhead, x walker", "AIAO", 1.25));
        List<Forks.Row> rows = Forks.aggregate(marks);
        assertEquals(3, rows.size());
        assertEquals(new Forks.Row("overhead, x walker", "walker", 1.0, 1.0, 1.0, 3), rows.get(0));
        assertEquals(new Forks.Row("overhead, x walker", "AIAO", 1.25, 1.1, 1.4, 3), rows.get(1), "the middle of 1.1, 1.25, 1.4");
        assertEquals(new Forks.Row("peers 100,000 NPCs, x walker", "AIAO", 1.2, 1.2, 1.2, 1), rows.get(2),
                "the same world name in another table is another row");
    }

    @Test
    void anEvenNumberOfForksTakesTheMeanOfTheMiddleTwo() {
        List<Forks.Row> rows = Forks.aggregate(List.of(Forks.mark("t", "w", 1.0), Forks.mark("t", "w", 1.2),
                Forks.mark("t", "w", 2.0), Forks.mark("t", "w", 1.1)));
        assertEquals(1.15, rows.get(0).median(), 1e-9);
    }
}
