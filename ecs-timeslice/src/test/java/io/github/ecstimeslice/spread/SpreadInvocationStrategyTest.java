package io.github.ecstimeslice.spread;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.InvocationStrategy;
import com.artemis.SystemInvocationStrategy;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.spread.Turns.Alpha;
import io.github.ecstimeslice.spread.Turns.Beta;
import io.github.ecstimeslice.spread.Turns.Epsilon;
import io.github.ecstimeslice.spread.Turns.Gamma;
import io.github.ecstimeslice.spread.Turns.Turn;
import io.github.ecstimeslice.spread.Turns.Zeta;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The schedule, deltas, enabling, entity states and configuration of {@link SpreadInvocationStrategy}. */
class SpreadInvocationStrategyTest {

    /** Deltas exact in a float, varied, so sums are exact and a wrong tick shows. */
    private static float deltaOf(int tick) {
        return (1 + tick % 5) / 64f;
    }

    private static World world(SystemInvocationStrategy strategy, BaseSystem... systems) {
        return new World(new WorldConfigurationBuilder().with(systems).register(strategy).build());
    }

    @Test
    void everyTickSystemsMarkedOrNotRunInEachTickAndSeeItsDelta() {
        Turns turns = new Turns();
        Alpha marked = new Alpha(turns, 0);
        Beta spread = new Beta(turns, 0);
        Gamma unmarked = new Gamma(turns, 0);
        World world = world(SpreadInvocationStrategy.spreadOver(3).everyTick(Alpha.class).spread(Beta.class).build(),
                marked, spread, unmarked);
        for (int t = 0; t < 12; t++) {
            turns.tick(world, deltaOf(t));
        }
        for (Turn everyTick : new Turn[] {marked, unmarked}) {
            assertEquals(12, everyTick.ticks.size(), everyTick.getClass().getSimpleName());
            for (int t = 0; t < 12; t++) {
                assertEquals(t, everyTick.ticks.get(t));
                assertEquals(deltaOf(t), everyTick.deltas.get(t), "the tick's delta, also after a spread system ran");
            }
        }
        assertEquals(4, spread.ticks.size());
    }

    @Test
    void eachSpreadSystemRunsOnceInEachCycleOfNTicksEvenAsBalancingMovesIt() {
        Turns turns = new Turns();
        Turn[] spread = {new Alpha(turns, 9_000_000), new Beta(turns, 1_000_000), new Gamma(turns, 8_000_000),
            new Epsilon(turns, 1_000_000), new Zeta(turns, 7_000_000)};
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(3)
                .spread(Turns.classes(spread)).clock(turns.clock()).build();
        World world = world(strategy, spread);
        turns.run(world, 60, 1 / 64f);
        assertTrue(strategy.moves() > 0, "balancing moved systems");
        for (Turn system : spread) {
            for (int cycle = 0; cycle < 20; cycle++) {
                int first = 3 * cycle;
                long runs = system.ticks.stream().filter(t -> t >= first && t < first + 3).count();
                assertEquals(1, runs, system.getClass().getSimpleName() + " in cycle " + cycle + ": " + system.ticks);
            }
        }
    }

    @Test
    void aSpreadSystemSeesTheGameTimeSinceItsOwnLastRun() {
        Turns turns = new Turns();
        Turn[] spread = {new Alpha(turns, 5_000_000), new Beta(turns, 1_000_000), new Gamma(turns, 4_000_000),
            new Epsilon(turns, 2_000_000), new Zeta(turns, 6_000_000)};
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(4)
                .spread(Turns.classes(spread)).clock(turns.clock()).build();
        World world = world(strategy, spread);
        List<Float> deltas = new ArrayList<>();
        for (int t = 0; t < 80; t++) {
            deltas.add(deltaOf(t));
            turns.tick(world, deltaOf(t));
        }
        assertTrue(strategy.moves() > 0, "balancing moved systems, so the gaps between runs vary");
        for (Turn system : spread) {
            int last = -1;
            for (int run = 0; run < system.ticks.size(); run++) {
                int tick = system.ticks.get(run);
                float sum = 0;
                for (int t = last + 1; t <= tick; t++) {
                    sum += deltas.get(t);
                }
                assertEquals(sum, system.deltas.get(run), system.getClass().getSimpleName() + " at tick " + tick);
                last = tick;
            }
        }
    }

    @Test
    void givenGroupsRunInTheirTicksWhateverTheyCostAndTheScheduleRepeatsExactly() {
        List<List<String>> orders = new ArrayList<>();
        for (int world = 0; world < 2; world++) {
            Turns turns = new Turns();
            Alpha heavy = new Alpha(turns, 50_000_000);
            Beta light = new Beta(turns, 1);
            Gamma everyTick = new Gamma(turns, 0);
            Epsilon alsoLight = new Epsilon(turns, 1);
            SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(3)
                    .inGroup(0, Alpha.class).inGroup(2, Beta.class, Epsilon.class).build(); // the system's own clock
            World w = world(strategy, heavy, light, everyTick, alsoLight);
            turns.run(w, 30, 1 / 60f);
            assertEquals(0, strategy.moves());
            assertEquals(0, strategy.groupOf(Alpha.class));
            assertEquals(2, strategy.groupOf(Beta.class));
            assertEquals(SpreadInvocationStrategy.EVERY_TICK, strategy.groupOf(Gamma.class));
            for (int t : heavy.ticks) {
                assertEquals(0, t % 3);
            }
            for (int t : light.ticks) {
                assertEquals(2, t % 3);
            }
            assertEquals(10, alsoLight.ticks.size());
            orders.add(turns.order);
        }
        assertEquals(orders.get(0), orders.get(1));
        assertEquals(List.of("Alpha@0", "Gamma@0", "Gamma@1", "Beta@2", "Gamma@2", "Epsilon@2", "Alpha@3"),
                orders.get(0).subList(0, 7));
    }

    @Test
    void disabledSystemsAreSkippedAndTheirDisabledTicksDoNotCountInTheirDelta() {
        Turns turns = new Turns();
        Alpha spread = new Alpha(turns, 0);
        Beta everyTick = new Beta(turns, 0);
        World world = world(SpreadInvocationStrategy.spreadOver(2).inGroup(0, Alpha.class).build(), spread, everyTick);
        turns.tick(world, 0.25f);   // 0: Alpha runs
        turns.tick(world, 0.25f);   // 1
        spread.setEnabled(false);
        everyTick.setEnabled(false);
        turns.run(world, 3, 0.5f);  // 2, 3, 4: both skipped
        spread.setEnabled(true);
        everyTick.setEnabled(true);
        turns.tick(world, 0.125f);  // 5
        turns.tick(world, 0.0625f); // 6: Alpha runs
        assertEquals(List.of(0, 6), spread.ticks);
        assertEquals(List.of(0.25f, 0.125f + 0.0625f), spread.deltas, "ticks 5 and 6, not the disabled ones");
        assertEquals(List.of(0, 1, 5, 6), everyTick.ticks);
    }

    @Test
    void entityChangesReachTheNextSystemAsWithArtemissDefaultStrategy() {
        List<String> spreadOverOne = entitiesSeen(SpreadInvocationStrategy.spreadOver(1).spread(Maker.class).build());
        List<String> artemis = entitiesSeen(new InvocationStrategy());
        assertEquals(artemis, spreadOverOne);

        List<String> spreadOverTwo = entitiesSeen(SpreadInvocationStrategy.spreadOver(2).inGroup(1, Maker.class).build());
        assertEquals(List.of("saw 0", "made 1", "saw 1", "removed 1", "saw 0", "made 1", "saw 1", "removed 1"),
                spreadOverTwo, "the maker's entity is seen in its own tick; its removal, in the next");
    }

    /** Four ticks of a maker that creates a marked entity, a counter that sees the marked ones, and a remover. */
    private static List<String> entitiesSeen(SystemInvocationStrategy strategy) {
        List<String> seen = new ArrayList<>();
        World world = world(strategy, new Maker(seen), new Counter(seen), new Remover(seen));
        for (int t = 0; t < 4; t++) {
            world.setDelta(0.1f);
            world.process();
        }
        return seen;
    }

    /** A component marking the maker's entities. */
    public static final class Made extends Component {
    }

    static final class Maker extends BaseSystem {
        final List<String> seen;

        Maker(List<String> seen) {
            this.seen = seen;
        }

        @Override
        protected void processSystem() {
            world.edit(world.create()).create(Made.class);
            seen.add("made 1");
        }
    }

    static final class Counter extends BaseSystem {
        final List<String> seen;

        Counter(List<String> seen) {
            this.seen = seen;
        }

        @Override
        protected void processSystem() {
            seen.add("saw " + made(world).size());
        }
    }

    static final class Remover extends BaseSystem {
        final List<String> seen;

        Remover(List<String> seen) {
            this.seen = seen;
        }

        @Override
        protected void processSystem() {
            IntBag made = made(world);
            for (int i = 0; i < made.size(); i++) {
                world.delete(made.get(i));
            }
            if (made.size() > 0) {
                seen.add("removed " + made.size());
            }
        }
    }

    private static IntBag made(World world) {
        return world.getAspectSubscriptionManager().get(Aspect.all(Made.class)).getEntities();
    }

    @Test
    void aSpreadOfFewerThanOneOrMoreThan1024TicksIsRefusedNamingTheValue() {
        for (int ticks : new int[] {0, -3, 1025, Integer.MAX_VALUE}) {
            refused(() -> SpreadInvocationStrategy.spreadOver(ticks), String.valueOf(ticks));
        }
    }

    @Test
    void aGroupOutsideTheCycleIsRefusedNamingTheValue() {
        refused(() -> SpreadInvocationStrategy.spreadOver(3).inGroup(3, Alpha.class), "was 3");
        refused(() -> SpreadInvocationStrategy.spreadOver(3).inGroup(-1, Alpha.class), "was -1");
    }

    @Test
    void aSystemMarkedTwiceIsRefusedNamingItAndBothMarks() {
        String message = refused(() -> SpreadInvocationStrategy.spreadOver(2).everyTick(Alpha.class).spread(Alpha.class),
                Alpha.class.getName());
        assertTrue(message.contains("every tick") && message.contains("spread"), message);
        refused(() -> SpreadInvocationStrategy.spreadOver(2).inGroup(1, Beta.class, Beta.class), "in group 1");
    }

    @Test
    void aRefusedMarkingLeavesTheBuilderAsItWas() {
        SpreadInvocationStrategy.Builder builder = SpreadInvocationStrategy.spreadOver(2).spread(Alpha.class);
        refused(() -> builder.everyTick(Beta.class, Alpha.class), Alpha.class.getName());
        SpreadInvocationStrategy strategy = builder.inGroup(1, Beta.class).build(); // Beta's refused mark was not kept
        Turns turns = new Turns();
        world(strategy, new Alpha(turns, 0), new Beta(turns, 0));
        assertEquals(1, strategy.groupOf(Beta.class));
    }

    @Test
    void aNullClassIsRefused() {
        refused(() -> SpreadInvocationStrategy.spreadOver(2).spread(Alpha.class, null), "null");
    }

    @Test
    void aHysteresisOutsideZeroToOneIsRefusedNamingTheValue() {
        for (double fraction : new double[] {-0.1, 1, Double.NaN}) {
            refused(() -> SpreadInvocationStrategy.spreadOver(2).hysteresis(fraction), String.valueOf(fraction));
        }
    }

    @Test
    void aMarkedSystemTheWorldLacksIsRefusedAsTheWorldIsMade() {
        Turns turns = new Turns();
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2).spread(Beta.class).build();
        refused(() -> world(strategy, new Alpha(turns, 0)), Beta.class.getName());
    }

    @Test
    void aStrategyServesOneWorld() {
        Turns turns = new Turns();
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2).spread(Alpha.class).build();
        world(strategy, new Alpha(turns, 0));
        assertThrows(IllegalStateException.class, () -> world(strategy, new Alpha(turns, 0)));
    }

    @Test
    void askingAboutASystemTheWorldLacksIsRefusedNamingIt() {
        Turns turns = new Turns();
        SpreadInvocationStrategy strategy = SpreadInvocationStrategy.spreadOver(2).spread(Alpha.class).build();
        assertThrows(IllegalStateException.class, () -> strategy.groupOf(Alpha.class));
        world(strategy, new Alpha(turns, 0), new Beta(turns, 0));
        refused(() -> strategy.groupOf(Gamma.class), Gamma.class.getName());
        refused(() -> strategy.runMillis(Beta.class), "every tick");
        refused(() -> strategy.groupMillis(2), "was 2");
    }

    private static String refused(Executable configuration, String named) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, configuration);
        assertTrue(e.getMessage().contains(named), e.getMessage());
        return e.getMessage();
    }
}
