package io.github.ecstimeslice;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The reference tables of docs/timing.md, cell by cell: each cell is the tick at which the
 * input of the output the game sees after that tick was read, '-' for none.
 */
class ReferenceTablesTest {

    @Test
    void fourEntitiesAtOneJobPerTickMatchTheTimingTable() {
        Map<Integer, String[]> table = new TreeMap<>();
        //                 AIAO       SIAO       SISO       AISO
        table.put(0, row("0 - - -", "0 - - -", "- - - -", "- - - -"));
        table.put(1, row("0 1 - -", "0 0 - -", "- - - -", "- - - -"));
        table.put(2, row("0 1 2 -", "0 0 0 -", "- - - -", "- - - -"));
        table.put(3, row("0 1 2 3", "0 0 0 0", "- - - -", "- - - -"));
        table.put(4, row("4 1 2 3", "4 0 0 0", "0 0 0 0", "0 1 2 3"));
        table.put(5, row("4 5 2 3", "4 4 0 0", "0 0 0 0", "0 1 2 3"));
        table.put(8, row("8 5 6 7", "8 4 4 4", "4 4 4 4", "4 5 6 7"));
        IoPolicy[] columns = {IoPolicy.AIAO, IoPolicy.SIAO, IoPolicy.SISO, IoPolicy.AISO};
        for (int c = 0; c < columns.length; c++) {
            assertTable(columns[c], 4, 1, table, c);
        }
    }

    @Test
    void fiveEntitiesAtTwoJobsPerTickMatchTheTimingTable() {
        Map<Integer, String[]> table = new TreeMap<>();
        //                 AIAO         SISO
        table.put(0, row("0 0 - - -", "- - - - -"));
        table.put(1, row("0 0 1 1 -", "- - - - -"));
        table.put(2, row("0 0 1 1 2", "- - - - -"));
        table.put(3, row("3 3 1 1 2", "0 0 0 0 0"));
        table.put(4, row("3 3 4 4 2", "0 0 0 0 0"));
        table.put(6, row("6 6 4 4 5", "3 3 3 3 3"));
        assertTable(IoPolicy.AIAO, 5, 2, table, 0);
        assertTable(IoPolicy.SISO, 5, 2, table, 1);
    }

    @Test
    void urgentJobsMatchTheDecisionsNowTable() {
        Map<Integer, String[]> table = new TreeMap<>();
        //                 AIAO       SIAO       SISO       AISO
        table.put(0, row("0 - - -", "0 - - -", "- - - -", "- - - -"));
        table.put(1, row("0 1 - -", "0 0 - -", "- - - -", "- - - -"));
        table.put(2, row("0 1 - 2", "0 0 - 2", "- - - 2", "- - - 2"));
        table.put(3, row("0 1 3 2", "0 0 0 2", "- - - 2", "- - - 2"));
        table.put(4, row("0 1 3 4", "4 0 0 2", "0 0 0 2", "- - - 2"));
        table.put(5, row("0 5 3 4", "4 5 0 2", "0 5 0 2", "0 5 3 4"));
        table.put(6, row("6 5 3 4", "4 5 4 2", "0 5 0 2", "0 5 3 4"));
        table.put(7, row("6 7 3 4", "4 5 4 4", "0 5 0 2", "0 5 3 4"));
        table.put(8, row("6 7 8 4", "8 5 4 4", "4 5 4 4", "0 5 3 4"));
        IoPolicy[] columns = {IoPolicy.AIAO, IoPolicy.SIAO, IoPolicy.SISO, IoPolicy.AISO};
        Map<Integer, Integer> asks = Map.of(2, 3, 5, 1); // before tick 2, entity 3; before tick 5, entity 1
        for (int c = 0; c < columns.length; c++) {
            assertTable(columns[c], 4, 1, table, c, asks);
        }
    }

    private static String[] row(String... cells) {
        return cells;
    }

    private static void assertTable(IoPolicy policy, int entities, int jobsPerTick,
                                    Map<Integer, String[]> table, int column) {
        assertTable(policy, entities, jobsPerTick, table, column, Map.of());
    }

    /** As above, asking {@code decideSoon} before each tick of {@code asks} for the entity (index) it names. */
    private static void assertTable(IoPolicy policy, int entities, int jobsPerTick,
                                    Map<Integer, String[]> table, int column, Map<Integer, Integer> asks) {
        StampSystem system = new StampSystem(policy, Budget.jobsPerTick(jobsPerTick));
        World world = new World(new WorldConfigurationBuilder().with(system).build());
        int[] ids = new int[entities];
        for (int i = 0; i < entities; i++) {
            ids[i] = world.create();
            world.edit(ids[i]).create(Decides.class);
        }
        int lastTick = ((TreeMap<Integer, String[]>) table).lastKey();
        for (int tick = 0; tick <= lastTick; tick++) {
            if (asks.containsKey(tick)) {
                system.decideSoon(ids[asks.get(tick)]);
            }
            world.process();
            String[] expected = table.get(tick);
            if (expected != null) {
                assertEquals(expected[column], seen(system, ids), policy + " after tick " + tick);
            }
        }
        world.dispose();
    }

    private static String seen(StampSystem system, int[] ids) {
        StringBuilder cells = new StringBuilder();
        for (int id : ids) {
            Long tick = system.latestTick(id);
            if (cells.length() > 0) {
                cells.append(' ');
            }
            cells.append(tick == null ? "-" : tick.toString());
        }
        return cells.toString();
    }
}
