package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run under time budgets, recorded, then played back under budgets that would decide otherwise:
 * the same saves (entity, save tick, the tick its input was read) in the same order; and what a
 * playback does when its recording does not fit the run.
 */
class DecisionLogTest {

    static final int TICKS = 400;

    /** One decision system's class: the tiered one, with a history, and a share of a pool. */
    static final class Tiered extends StampSystem {
        Tiered(Budget budget) {
            super(Aspect.all(Decides.class), IoPolicy.AIAO, budget, 1);
            setTiers(Tiers.decideEvery(1, 3));
        }

        @Override
        protected int tierOf(int entityId) {
            return entityId % 2;
        }
    }

    /** Another, SISO without history. */
    static final class Plain extends StampSystem {
        Plain(Budget budget) {
            super(Aspect.all(Decides.class), IoPolicy.SISO, budget, TimeslicedSystem.NO_HISTORY);
        }
    }

    /** A third, which shares a pool with {@link Plain}. */
    static final class Sharing extends StampSystem {
        Sharing(Budget budget) {
            super(Aspect.all(Decides.class), IoPolicy.SIAO, budget, TimeslicedSystem.NO_HISTORY);
        }
    }

    /**
     * The game: NPCs with serials that die and spawn, urgent asks, from one seed; every save of
     * every system as (system, serial, save tick, input tick). Jobs spin a few microseconds, so a
     * time budget's counts depend on the machine.
     */
    static final class Game {
        final World world;
        final List<long[]> saves = new ArrayList<>();
        /** Jobs run, on any thread. */
        final AtomicInteger jobsRun = new AtomicInteger();
        final Random random;
        final StampSystem[] systems;
        private final ComponentMapper<Serial> serials;
        private long nextSerial;
        private final IntBag npcs = new IntBag();

        Game(long seed, boolean timeBudgets, Threading threading, DecisionLog log) {
            random = new Random(seed);
            SharedBudget pool = timeBudgets ? SharedBudget.millisPerTick(0.04) : SharedBudget.jobsPerTick(5);
            systems = new StampSystem[]{new Tiered(timeBudgets ? Budget.millisPerTick(0.03) : Budget.jobsPerTick(3)),
                    new Plain(pool.share(1)), new Sharing(pool.share(2))};
            WorldConfigurationBuilder config = new WorldConfigurationBuilder();
            for (StampSystem system : systems) {
                system.setThreading(threading);
                system.observedBy(new StampSystem.Observer() {
                    @Override
                    public void jobRan(StampSystem s, int entityId, Stamp input) {
                        jobsRun.incrementAndGet();
                        long until = System.nanoTime() + 2_000;
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                    }

                    @Override
                    public void outputSaved(StampSystem s, int entityId, Stamp output) {
                        saves.add(new long[]{Arrays.asList(systems).indexOf(s), output.serial, s.stats().tick(),
                                output.tick});
                    }
                });
                config.with(system);
            }
            world = new World(config.build());
            serials = world.getMapper(Serial.class);
            for (int i = 0; i < 60; i++) {
                spawn();
            }
            if (log != null) {
                log.attach(world);
            }
        }

        private int spawn() {
            int npc = world.create();
            world.edit(npc).create(Decides.class);
            serials.create(npc).value = nextSerial++;
            npcs.add(npc);
            return npc;
        }

        /** One tick: a few NPCs die, a few spawn, some are asked for at once, as the seed says. */
        void tick() {
            for (int i = random.nextInt(3); i > 0 && npcs.size() > 10; i--) {
                world.delete(npcs.removeIndex(random.nextInt(npcs.size())));
            }
            for (int i = random.nextInt(3); i > 0; i--) {
                int npc = spawn();
                if (random.nextBoolean()) {
                    systems[0].decideSoon(npc);
                }
            }
            if (random.nextInt(4) == 0) {
                systems[random.nextInt(3)].decideSoon(npcs.get(random.nextInt(npcs.size())));
            }
            world.setDelta(1 / 60f);
            world.process();
        }

        void play(int ticks) {
            for (int t = 0; t < ticks; t++) {
                tick();
            }
        }
    }

    @Test
    void recordingChangesNothingTheGameDecides() {
        Game plain = new Game(29, false, Threading.WORLD_THREAD, null);
        plain.play(TICKS);
        Game recorded = new Game(29, false, Threading.WORLD_THREAD, DecisionLog.recordTo(new CountingSink()));
        recorded.play(TICKS);
        assertSameSaves(plain.saves, recorded.saves, "with a recording");
    }

    /** A system whose jobs read how many saves it made so far: a job sees the saves made before it in its turn. */
    static class Reading extends StampSystem {
        int poison = -1;
        long savesSoFar;
        final List<String> saves = new ArrayList<>();

        Reading(Budget budget) {
            super(Aspect.all(Decides.class), IoPolicy.AIAO, budget, 1);
        }

        @Override
        protected void setUpInput(int entityId, Stamp input) {
            if (entityId == poison) {
                throw new IllegalArgumentException("poison");
            }
            input.tick = savesSoFar;
            input.serial = entityId;
        }

        @Override
        protected void outputSaved(int entityId, Stamp output) {
            savesSoFar++;
            saves.add(stats().tick() + ":" + entityId + "=" + output.tick);
        }
    }

    /** A tick of {@code world}: "ok", or what it threw. */
    private static String outcome(World world) {
        world.setDelta(1 / 60f);
        try {
            world.process();
            return "ok";
        } catch (RuntimeException thrown) {
            return thrown.getClass().getSimpleName() + ": " + thrown.getMessage();
        }
    }

    /** Plays {@code ticks} of a world of {@code npcs} under {@code system}, asked of by {@code asks}, recorded or played back. */
    private static String playReading(Reading system, int npcs, int ticks, DecisionLog log,
                                      BiConsumer<Reading, Integer> asks) {
        World world = new World(new WorldConfigurationBuilder().with(system).build());
        for (int i = 0; i < npcs; i++) {
            world.edit(world.create()).create(Decides.class);
        }
        log.attach(world);
        StringBuilder outcomes = new StringBuilder();
        for (int t = 0; t < ticks; t++) {
            asks.accept(system, t);
            outcomes.append(outcome(world)).append('\n');
            system.poison = -1;
        }
        return outcomes + "" + system.saves;
    }

    @Test
    void anUrgentAskUsedUpWithoutAJobPlaysBackTheSame() {
        BiConsumer<Reading, Integer> asks = (system, t) -> {
            if (t == 3) {
                system.decideSoon(1);
                system.poison = 2;
                system.decideSoon(2);
            }
        };
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        String recorded = playReading(new Reading(Budget.jobsPerTick(2)), 6, 6, DecisionLog.recordTo(recording), asks);
        assertTrue(recorded.contains("JobFailedException"), recorded);
        String played = playReading(new Reading(Budget.jobsPerTick(2)), 6, 6,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())), asks);
        assertEquals(recorded, played);
    }

    /** Three urgent asks in tick 2: more than one urgent job in a turn. */
    private static final BiConsumer<Reading, Integer> THREE_ASKS = (system, t) -> {
        if (t == 2) {
            system.decideSoon(1);
            system.decideSoon(3);
            system.decideSoon(5);
        }
    };

    @Test
    void urgentJobsRunOneByOneUnderATimeBudgetOnWorkersPlayBackOneByOne() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        Reading timed = new Reading(Budget.millisPerTick(1000));
        timed.setThreading(Threading.WORKERS_SAME_TICK);
        String recorded = playReading(timed, 8, 4, DecisionLog.recordTo(recording), THREE_ASKS);
        Reading counted = new Reading(Budget.jobsPerTick(100));
        counted.setThreading(Threading.WORKERS_SAME_TICK);
        assertEquals(recorded, playReading(counted, 8, 4,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())), THREE_ASKS));
    }

    @Test
    void urgentJobsSplitByAnAllowanceOnWorkersPlayBackInTheSameRuns() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        Reading allowed = new Reading(Budget.jobsPerTick(100));
        allowed.setThreading(Threading.WORKERS_SAME_TICK);
        allowed.setUrgentAllowance(1);
        String recorded = playReading(allowed, 8, 4, DecisionLog.recordTo(recording), THREE_ASKS);
        Reading plain = new Reading(Budget.jobsPerTick(100));
        plain.setThreading(Threading.WORKERS_SAME_TICK);
        assertEquals(recorded, playReading(plain, 8, 4,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())), THREE_ASKS));
    }

    @Test
    void anEmptyTieredBatchABatchEveryBudgetHeldPlaysBackUnderACountBudget() {
        BiConsumer<Reading, Integer> none = (system, t) -> { };
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        String recorded = playReading(slowTier(Budget.batchEvery(0.1)), 1, 60, DecisionLog.recordTo(recording), none);
        assertEquals(recorded, playReading(slowTier(Budget.jobsPerTick(100)), 1, 60,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())), none));
    }

    /** A system whose one entity decides in one batch of 16, so that most batches are empty. */
    private static Reading slowTier(Budget budget) {
        Reading system = new Reading(budget) {
            @Override
            protected int tierOf(int entityId) {
                return 1;
            }
        };
        system.setTiers(Tiers.decideEvery(1, 16));
        return system;
    }

    /** Records a game under time budgets on {@code threading}; returns its saves, the recording in {@code into}. */
    private static List<long[]> record(long seed, Threading threading, ByteArrayOutputStream into) {
        Game game = new Game(seed, true, threading, DecisionLog.recordTo(into));
        game.play(TICKS);
        return game.saves;
    }

    private static String text(List<long[]> saves) {
        StringBuilder all = new StringBuilder();
        for (long[] save : saves) {
            all.append(Arrays.toString(save));
        }
        return all.toString();
    }

    private static void assertSameSaves(List<long[]> expected, List<long[]> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": saves");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(Arrays.toString(expected.get(i)), Arrays.toString(actual.get(i)), what + ": save " + i);
        }
    }

    @ParameterizedTest(name = "recorded on {0}")
    @EnumSource(value = Threading.class, names = {"WORLD_THREAD", "WORKERS_SAME_TICK"})
    void aPlaybackMakesTheRecordedDecisionsInTheSameTicksOnEitherThreading(Threading recordedOn) {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        List<long[]> recorded = record(7, recordedOn, recording);
        for (Threading threading : Threading.values()) { // next-tick workers too: they run the jobs in the turn, as recorded
            Game replay = new Game(7, false, threading,
                    DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
            replay.play(TICKS);
            assertSameSaves(recorded, replay.saves, "played back on " + threading);
        }
        Game countBudgets = new Game(7, false, Threading.WORLD_THREAD, null);
        countBudgets.play(TICKS);
        assertNotEquals(text(recorded), text(countBudgets.saves),
                "without the recording, the playback's budgets decide otherwise (else the test proves nothing)");
    }

    @Test
    void tenThousandTicksRecordedOnWorkersUnderTimeBudgetsPlayBackSaveForSaveOnEitherThreading() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        Game recorded = new Game(23, true, Threading.WORKERS_SAME_TICK, DecisionLog.recordTo(recording));
        recorded.play(10_000);
        for (Threading threading : new Threading[]{Threading.WORLD_THREAD, Threading.WORKERS_SAME_TICK}) {
            Game replay = new Game(23, false, threading,
                    DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
            replay.play(10_000);
            assertSameSaves(recorded.saves, replay.saves, "10,000 ticks played back on " + threading);
        }
        assertTrue(recorded.saves.size() > 100_000, "saves: " + recorded.saves.size());
    }

    @Test
    void aRecordingTakesAFewBytesASystemATurn() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        DecisionLog log = DecisionLog.recordTo(recording);
        Game game = new Game(3, true, Threading.WORLD_THREAD, log);
        long header = log.bytesWritten();
        game.play(TICKS);
        double perTurn = (log.bytesWritten() - header) / (3.0 * TICKS);
        assertTrue(perTurn >= 4 && perTurn <= 8, "bytes a system a turn: " + perTurn);
        assertEquals(recording.size(), log.bytesWritten());
    }

    /** Records game 11 under time budgets; returns the recording, with where each tick's bytes start in {@code tickStarts}. */
    private static byte[] recordNotingTicks(long[] tickStarts) {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        DecisionLog log = DecisionLog.recordTo(recording);
        Game game = new Game(11, true, Threading.WORLD_THREAD, log);
        for (int t = 0; t < tickStarts.length; t++) {
            tickStarts[t] = log.bytesWritten();
            game.tick();
        }
        return recording.toByteArray();
    }

    /** Plays back {@code bytes} in game 11: the ticks before {@code tick} go by, {@code tick} stops naming the first system. */
    private static void assertCaughtInTick(byte[] bytes, int tick) {
        Game replay = new Game(11, false, Threading.WORLD_THREAD, DecisionLog.playBackFrom(new ByteArrayInputStream(bytes)));
        replay.play(tick);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, replay::tick);
        assertTrue(thrown.getMessage().startsWith("playback differs from its recording in tick " + tick + " of "
                + Tiered.class.getName() + ": "), thrown.getMessage());
    }

    @Test
    void aChangedCountIsCaughtInTheTickItChanges() {
        long[] tickStarts = new long[TICKS];
        byte[] bytes = recordNotingTicks(tickStarts);
        // the first system's record opens each tick: its index, its flags, then its batch jobs
        int tick = 250;
        while (bytes[(int) tickStarts[tick] + 2] < 2 || bytes[(int) tickStarts[tick] + 2] >= 120) {
            tick++; // a tick whose count is one byte, and at least 2
        }
        bytes[(int) tickStarts[tick] + 2]--; // one job fewer: the counts agree, the batch's position does not
        assertCaughtInTick(bytes, tick);
    }

    @Test
    void aChangedUrgentCountIsCaughtInTheTickItChanges() {
        long[] tickStarts = new long[TICKS];
        byte[] bytes = recordNotingTicks(tickStarts);
        // the first system's record: index, flags, batch jobs, position, then urgent jobs if flag 4
        int tick = 100;
        int at;
        while (true) {
            int[] cursor = {(int) tickStarts[tick]};
            readCount(bytes, cursor);
            int flags = readCount(bytes, cursor);
            readCount(bytes, cursor);
            readCount(bytes, cursor);
            at = cursor[0];
            if ((flags & DecisionLog.URGENT) != 0 && bytes[at] >= 2 && bytes[at] < 100) {
                break; // one job fewer: the batch's position stays, the asks left differ
            }
            tick++;
        }
        bytes[at]--;
        assertCaughtInTick(bytes, tick);
    }

    /** The varint count at {@code cursor[0]} in a recording's {@code bytes}; moves the cursor past it. */
    static int readCount(byte[] bytes, int[] cursor) {
        int value = 0;
        for (int shift = 0; ; shift += 7) {
            int b = bytes[cursor[0]++] & 0xff;
            value |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
    }

    @Test
    void anotherGamesRecordingStopsAtTheFirstTickThatDiffersNamingIt() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        record(5, Threading.WORLD_THREAD, recording);
        Game other = new Game(6, false, Threading.WORLD_THREAD,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> other.play(TICKS));
        assertTrue(thrown.getMessage().startsWith("playback differs from its recording in tick "), thrown.getMessage());
    }

    @Test
    void aRecordingThatEndsSaysBeforeWhichTurn() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        record(5, Threading.WORLD_THREAD, recording);
        Game longer = new Game(5, false, Threading.WORLD_THREAD,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
        longer.play(TICKS);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, longer::tick);
        assertEquals("the recording ends before tick " + TICKS + " of " + Tiered.class.getName(), thrown.getMessage());
    }

    @Test
    void aWorldWithOtherSystemsIsRefusedAtAttachNamingBoth() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        record(5, Threading.WORLD_THREAD, recording);
        World other = new World(new WorldConfigurationBuilder().with(new Plain(Budget.jobsPerTick(1))).build());
        DecisionLog log = DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray()));
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> log.attach(other));
        assertEquals("the recording is of [" + Tiered.class.getName() + ", " + Plain.class.getName() + ", "
                + Sharing.class.getName() + "], the world has [" + Plain.class.getName() + "]", thrown.getMessage());
    }

    @Test
    void aStreamThatIsNoRecordingIsRefused() {
        World world = new World(new WorldConfigurationBuilder().with(new Plain(Budget.jobsPerTick(1))).build());
        DecisionLog log = DecisionLog.playBackFrom(new ByteArrayInputStream(new byte[]{1, 2, 3, 4, 5}));
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> log.attach(world));
        assertEquals("the stream is not a DecisionLog recording: its first bytes differ", thrown.getMessage());
    }

    @Test
    void badArgumentsAndASecondAttachAreRefused() {
        assertEquals("the stream to record to must not be null, was null",
                assertThrows(IllegalArgumentException.class, () -> DecisionLog.recordTo(null)).getMessage());
        assertEquals("the stream to play back must not be null, was null",
                assertThrows(IllegalArgumentException.class, () -> DecisionLog.playBackFrom(null)).getMessage());
        DecisionLog log = DecisionLog.recordTo(new ByteArrayOutputStream());
        assertThrows(IllegalArgumentException.class, () -> log.attach(null));
        World world = new World(new WorldConfigurationBuilder().with(new Plain(Budget.jobsPerTick(1))).build());
        log.attach(world);
        assertThrows(IllegalStateException.class, () -> log.attach(world));
        IllegalStateException second = assertThrows(IllegalStateException.class,
                () -> DecisionLog.recordTo(new ByteArrayOutputStream()).attach(world));
        assertEquals(Plain.class.getName() + " follows another DecisionLog", second.getMessage());
    }

    @Test
    void aSchedulesValuesGoBetweenTheTurnsAndComeBackInTheirPlace() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        World recorded = new World(new WorldConfigurationBuilder().with(new Plain(Budget.jobsPerTick(1))).build());
        recorded.edit(recorded.create()).create(Decides.class);
        DecisionLog log = DecisionLog.recordTo(recording);
        assertThrows(IllegalStateException.class, () -> log.follow(1), "not attached yet");
        log.attach(recorded);
        assertEquals(5, log.follow(5));
        recorded.process();
        assertEquals(300, log.follow(300));
        assertThrows(IllegalArgumentException.class, () -> log.follow(-1));

        World played = new World(new WorldConfigurationBuilder().with(new Plain(Budget.jobsPerTick(1))).build());
        played.edit(played.create()).create(Decides.class);
        DecisionLog playback = DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray()));
        playback.attach(played);
        assertEquals(5, playback.follow(0));
        played.process();
        assertEquals(300, playback.follow(0));

        World skipping = new World(new WorldConfigurationBuilder().with(new Plain(Budget.jobsPerTick(1))).build());
        DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())).attach(skipping);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, skipping::process);
        assertEquals("playback differs from its recording in tick 0 of " + Plain.class.getName()
                + ": the recording has a value of the game's schedule here", thrown.getMessage());
    }

    @Test
    void aNextTickRunUnderTimeBudgetsPlaysBackUnderNextTickSaveForSaveItsHandBacksToo() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        Game recorded = new Game(31, true, Threading.WORKERS_NEXT_TICK, DecisionLog.recordTo(recording));
        recorded.play(2_000);
        Game replay = new Game(31, false, Threading.WORKERS_NEXT_TICK,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
        replay.play(2_000);
        assertSameSaves(recorded.saves, replay.saves, "next-tick, played back next-tick");
        assertTrue(replay.jobsRun.get() > recorded.jobsRun.get(), "the recording's deadlines handed jobs back, which"
                + " the playback ran and handed back too (else the test proves less): " + replay.jobsRun + " jobs run"
                + " in the playback, " + recorded.jobsRun + " in the recording");
    }

    @Test
    void lockstepPeersOnOtherExecutorsFollowANextTickHost() {
        ByteArrayOutputStream hostBytes = new ByteArrayOutputStream();
        Game host = new Game(37, true, Threading.WORKERS_NEXT_TICK, DecisionLog.recordTo(hostBytes));
        TickQueue[] toPeers = {new TickQueue(), new TickQueue()};
        Game[] peers = new Game[2];
        ExecutorService oneThread = Executors.newSingleThreadExecutor();
        try {
            for (int p = 0; p < 2; p++) {
                toPeers[p].append(hostBytes.toByteArray());
                peers[p] = new Game(37, false, Threading.WORKERS_NEXT_TICK, DecisionLog.playBackFrom(toPeers[p]));
            }
            for (StampSystem system : peers[1].systems) {
                system.setThreading(Threading.WORKERS_NEXT_TICK, oneThread);
            }
            hostBytes.reset();
            for (int t = 0; t < TICKS; t++) {
                host.tick();
                byte[] tick = hostBytes.toByteArray();
                hostBytes.reset();
                for (int p = 0; p < 2; p++) {
                    toPeers[p].append(tick);
                    peers[p].tick();
                    assertEquals(0, toPeers[p].available(), "peer " + p + " used the whole tick, tick " + t);
                }
            }
        } finally {
            oneThread.shutdown();
        }
        assertSameSaves(host.saves, peers[0].saves, "peer on the shared pool");
        assertSameSaves(host.saves, peers[1].saves, "peer on one thread");
    }

    @Test
    void aNextTickRecordingPlayedBackInTheTurnStopsInItsFirstTickWithBatchJobs() {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        record(41, Threading.WORKERS_NEXT_TICK, recording);
        Game replay = new Game(41, false, Threading.WORKERS_SAME_TICK,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
        IllegalStateException thrown = assertThrows(IllegalStateException.class, replay::tick);
        assertEquals("playback differs from its recording in tick 0 of " + Tiered.class.getName() + ": the recording"
                + " starts its batch jobs on next-tick workers, this playback runs them in the turn: play it back"
                + " under WORKERS_NEXT_TICK", thrown.getMessage());
        assertEquals(0, replay.saves.size(), "no batch job ran");
    }

    /**
     * A count of late runs lowered in the stream: under time budgets one job more is handed back;
     * under jobs budgets, whose starts hand nothing back, the jobs all run and the count disagrees.
     */
    @ParameterizedTest(name = "time budgets: {0}")
    @ValueSource(booleans = {true, false})
    void aChangedCountOfJobsFinishedLateIsCaughtInTheTickItChanges(boolean timeBudgets) {
        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        DecisionLog log = DecisionLog.recordTo(recording);
        Game game = new Game(43, timeBudgets, Threading.WORKERS_NEXT_TICK, log);
        long[] tickStarts = new long[TICKS];
        for (int t = 0; t < TICKS; t++) {
            tickStarts[t] = log.bytesWritten();
            game.tick();
        }
        byte[] bytes = recording.toByteArray();
        // the first system's record: index, flags, batch jobs, position, four urgent counts if flag 4, late runs if 32
        int tick = 200;
        int at;
        while (true) {
            int[] cursor = {(int) tickStarts[tick]};
            readCount(bytes, cursor);
            int flags = readCount(bytes, cursor);
            for (int count = (flags & DecisionLog.URGENT) != 0 ? 6 : 2; count > 0; count--) {
                readCount(bytes, cursor);
            }
            at = cursor[0];
            if ((flags & DecisionLog.LATE_RUNS) != 0 && bytes[at] >= 2 && bytes[at] < 100) {
                break;
            }
            tick++;
        }
        int kept = bytes[at];
        bytes[at]--; // one job fewer kept as run
        Game replay = new Game(43, timeBudgets, Threading.WORKERS_NEXT_TICK,
                DecisionLog.playBackFrom(new ByteArrayInputStream(bytes)));
        replay.play(tick);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, replay::tick);
        String differs = "playback differs from its recording in tick " + tick + " of " + Tiered.class.getName() + ": ";
        assertTrue(thrown.getMessage().startsWith(differs), thrown.getMessage());
        if (!timeBudgets) { // refused before a job is handed back, which such a start never does
            assertEquals(differs + "the recording keeps " + (kept - 1) + " of the jobs the last turn left on next-tick"
                    + " workers, this playback " + kept, thrown.getMessage());
        }
    }

    @Test
    void lockstepPeersOnOtherThreadingsFollowTheHostTickByTick() {
        ByteArrayOutputStream hostBytes = new ByteArrayOutputStream();
        Game host = new Game(13, true, Threading.WORKERS_SAME_TICK, DecisionLog.recordTo(hostBytes));
        TickQueue[] toPeers = {new TickQueue(), new TickQueue()};
        for (TickQueue peer : toPeers) {
            peer.append(hostBytes.toByteArray()); // the header, sent when the game starts
        }
        Game[] peers = new Game[2];
        Threading[] threadings = {Threading.WORLD_THREAD, Threading.WORKERS_SAME_TICK};
        for (int p = 0; p < 2; p++) {
            peers[p] = new Game(13, false, threadings[p], DecisionLog.playBackFrom(toPeers[p]));
        }
        hostBytes.reset();
        for (int t = 0; t < TICKS; t++) {
            host.tick();
            byte[] tick = hostBytes.toByteArray(); // sent with the tick's inputs
            hostBytes.reset();
            for (int p = 0; p < 2; p++) {
                toPeers[p].append(tick);
                peers[p].tick();
                assertEquals(0, toPeers[p].available(), "peer " + p + " used the whole tick, tick " + t);
            }
        }
        for (int p = 0; p < 2; p++) {
            assertSameSaves(host.saves, peers[p].saves, "peer on " + threadings[p]);
        }
    }

    @Test
    void recordingAndPlayingBackMakeNoGarbageInSteadyState() {
        SteadyStateBytes.assertCounted();
        CountingSink sink = new CountingSink();
        Game recorded = new Game(17, false, Threading.WORLD_THREAD, DecisionLog.recordTo(sink));
        quiet(recorded);
        SteadyStateBytes.assertTicksMakeNoGarbage(recorded.world, "recording");
        assertTrue(sink.bytes > 56_000, "bytes recorded: " + sink.bytes);

        ByteArrayOutputStream recording = new ByteArrayOutputStream();
        Game source = new Game(17, false, Threading.WORLD_THREAD, DecisionLog.recordTo(recording));
        quiet(source);
        for (int t = 0; t < 56_000; t++) {
            source.world.setDelta(1 / 60f);
            source.world.process();
        }
        Game replay = new Game(17, true, Threading.WORLD_THREAD,
                DecisionLog.playBackFrom(new ByteArrayInputStream(recording.toByteArray())));
        quiet(replay);
        SteadyStateBytes.assertTicksMakeNoGarbage(replay.world, "playing back");
    }

    /** Stops a game's observers: its saves list and job spin would allocate and slow the steady-state run. */
    private static void quiet(Game game) {
        for (StampSystem system : game.systems) {
            system.observedBy(null);
        }
    }

    /** Bytes appended by the host, read by a peer: what a lockstep game's network gives it. */
    static final class TickQueue extends InputStream {
        private byte[] bytes = new byte[64];
        private int start;
        private int end;

        void append(byte[] tick) {
            if (end + tick.length > bytes.length) {
                bytes = Arrays.copyOfRange(bytes, start, Math.max(bytes.length, end - start + tick.length) * 2);
                end -= start;
                start = 0;
            }
            System.arraycopy(tick, 0, bytes, end, tick.length);
            end += tick.length;
        }

        @Override
        public int read() {
            return start < end ? bytes[start++] & 0xff : -1;
        }

        @Override
        public int available() {
            return end - start;
        }
    }

    /** An output stream that counts and keeps nothing. */
    static final class CountingSink extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }
    }
}
