package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.SkipWire;
import com.artemis.utils.IntBag;
import io.github.ecstimeslice.ContractComponents.HistoryA;
import io.github.ecstimeslice.ContractComponents.HistoryB;
import io.github.ecstimeslice.ContractComponents.Member;
import io.github.ecstimeslice.ContractComponents.Stamp;
import io.github.ecstimeslice.ContractComponents.Tag;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One random script from a seed: a fresh world with churn systems before and after one or two
 * timesliced systems and a {@link ParallelIteratingSystem}, ticked a few hundred times while
 * entities come and go (also from inside the systems' callbacks), settings change between ticks
 * and mid-turn, callbacks and executors fail, budgets and deltas swing to their extremes. Each
 * timesliced system has a {@link ContractModel}; the parallel system is checked here. The first
 * broken promise is kept in {@link #violation} and ends the script.
 */
final class ContractScript {

    /** What a script may leave out ({@code -Dcontract.skip=a,b}), to look past a known violation. */
    static final Set<String> INGREDIENTS = Set.of("badDelta", "midTurnSettings", "ownTurnDeletes", "faults",
            "createFailures", "executorErrors", "dispose", "callbackChurn");

    enum Mode { WORLD, WORKERS, PAIR }

    final long seed;
    final Mode mode;
    private final Set<String> skip;
    private final Random random;
    final World world;
    Thread worldThread;
    final ComponentMapper<Tag> tags;
    private final ComponentMapper<Member> members;
    private final EntitySubscription deciding;
    final ContractModel a;
    final ContractModel b;
    private final ContractParallel parallel;
    private final ContractExecutors executors;
    private final List<ContractModel> models = new ArrayList<>();
    private final IntBag alive = new IntBag();
    /** Per alive id: {serial, saved by a (0/1), saved by b (0/1)}. */
    private final Map<Integer, long[]> incarnations = new HashMap<>();
    private long nextSerial = 1;
    private final int ticks;
    private final double faultRate;
    private final double callbackChurnRate;
    private final double createFailureRate;

    /** Whose turn it is: a model, the parallel system, or null. */
    Object turnOwner;
    boolean disposed;
    long tickNumber;
    private final AtomicReference<String> firstViolation = new AtomicReference<>();
    private String violatedRule;
    private long violatedTick;
    private int armedCreateFailures;

    ContractScript(long seed, Mode mode, Set<String> skip) {
        this.seed = seed;
        this.mode = mode;
        this.skip = skip;
        this.random = new Random(seed);
        this.ticks = 120 + random.nextInt(160);
        this.faultRate = on("faults") ? new double[]{0, 0.004, 0.02, 0.06}[random.nextInt(4)] : 0;
        this.callbackChurnRate = on("callbackChurn") ? new double[]{0, 0.01, 0.05}[random.nextInt(3)] : 0;
        this.createFailureRate = on("createFailures") && random.nextInt(4) == 0 ? 0.02 : 0;
        this.executors = new ContractExecutors(seed, this::executorThrew, on("executorErrors"));
        ContractSystem first = new ContractSystemA(this, randomPolicy(), randomBudget(), depth());
        ContractSystem second = mode == Mode.PAIR ? new ContractSystemB(this, randomPolicy(), randomBudget(), depth()) : null;
        parallel = new ContractParallel(this);
        WorldConfigurationBuilder config = new WorldConfigurationBuilder().with(new ChurnBefore(this), first);
        if (second != null) {
            config.with(second);
        }
        world = new World(config.with(parallel, new ChurnAfter(this)).build());
        tags = world.getMapper(Tag.class);
        members = world.getMapper(Member.class);
        a = new ContractModel("A", this, first, first.policy(), first.budget(), HistoryA.class, first.historyDepth());
        first.model = a;
        models.add(a);
        if (second != null) {
            b = new ContractModel("B", this, second, second.policy(), second.budget(), HistoryB.class,
                    second.historyDepth());
            second.model = b;
            models.add(b);
        } else {
            b = null;
        }
        deciding = world.getAspectSubscriptionManager().get(Aspect.all(Member.class));
        deciding.addSubscriptionListener(new EntitySubscription.SubscriptionListener() {
            @Override
            public void inserted(IntBag entities) {
                for (int i = 0; i < entities.size(); i++) {
                    int id = entities.get(i);
                    Tag tag = tags.get(id);
                    tag.membership++;
                    for (ContractModel model : models) {
                        model.joined(id, tag.serial, tag.membership);
                    }
                }
            }

            @Override
            public void removed(IntBag entities) {
                for (int i = 0; i < entities.size(); i++) {
                    for (ContractModel model : models) {
                        model.left(entities.get(i));
                    }
                }
            }
        });
        if (mode != Mode.WORLD) {
            for (ContractModel model : models) {
                setThreading(model);
            }
            if (random.nextBoolean()) {
                ContractExecutors.Named executor = executors.pick(random.nextInt());
                parallel.setThreading(Threading.WORKERS_SAME_TICK, executor.executor());
            }
        }
        parallel.setMinEntitiesForWorkers(1 + random.nextInt(16));
        int initial = random.nextInt(30);
        for (int i = 0; i < initial; i++) {
            create(random.nextInt(8) != 0);
        }
    }

    private boolean on(String ingredient) {
        return !skip.contains(ingredient);
    }

    // ---- random choices ----

    private IoPolicy randomPolicy() {
        return IoPolicy.values()[random.nextInt(4)];
    }

    private Budget randomBudget() {
        Budget budget = switch (random.nextInt(13)) {
            case 0 -> Budget.jobsPerTick(1);
            case 1 -> Budget.jobsPerTick(2 + random.nextInt(6));
            case 2 -> Budget.jobsPerTick(1_000_000);
            case 3 -> Budget.jobsPerSecond(0.05);
            case 4 -> Budget.jobsPerSecond(5 + random.nextInt(100));
            case 5 -> Budget.jobsPerSecond(1e7);
            case 6 -> Budget.batchEvery(0.0005);
            case 7 -> Budget.batchEvery(0.1 + random.nextDouble());
            case 8 -> Budget.batchEvery(60);
            case 9 -> Budget.millisPerTick(0.0001);
            case 10 -> Budget.millisPerTick(0.05);
            case 11 -> Budget.millisPerTick(200);
            default -> Budget.jobsPerTick(1 + random.nextInt(3));
        };
        return random.nextInt(5) == 0 ? budget.withLongTickSeconds(0.05 + random.nextDouble() * 2) : budget;
    }

    private int depth() {
        return new int[]{TimeslicedSystem.NO_HISTORY, 1, 2, 1024}[random.nextInt(4)];
    }

    private float delta() {
        if (on("badDelta") && random.nextInt(40) == 0) {
            return new float[]{Float.NaN, Float.POSITIVE_INFINITY, -0.1f, Float.NEGATIVE_INFINITY}[random.nextInt(4)];
        }
        return new float[]{0f, 1 / 60f, 1 / 60f, 0.1f, 0.25f, 1.5f, 3f}[random.nextInt(7)];
    }

    private void setThreading(ContractModel model) {
        if (mode == Mode.WORLD) {
            return;
        }
        Threading threading = Threading.values()[random.nextInt(3)];
        ContractExecutors.Named executor = executors.pick(random.nextInt());
        model.system.setThreading(threading, executor.executor());
        model.threadingSet = threading;
        model.executorSet = executor;
    }

    /** One setting of one system changes (between ticks, or mid-turn from a callback). */
    private void changeSetting(ContractModel model) {
        model.trace("setting changes" + (turnOwner == null ? " between ticks" : " mid-turn"));
        switch (random.nextInt(3)) {
            case 0 -> {
                IoPolicy policy = randomPolicy();
                model.system.setPolicy(policy);
                model.policySet = policy;
            }
            case 1 -> {
                Budget budget = randomBudget();
                model.system.setBudget(budget);
                model.budgetSet = budget;
            }
            default -> setThreading(model);
        }
    }

    // ---- entities ----

    int create(boolean member) {
        int id = world.create();
        for (ContractModel model : models) {
            if (model.historyMapper != null && model.historyMapper.has(id)) {
                violate("1 no history left behind", model.name + ": the new entity " + id
                        + " (a recycled id) already has a " + model.system.historyType().getSimpleName()
                        + " component");
            }
        }
        long serial = nextSerial++;
        tags.create(id).serial = serial;
        if (member) {
            members.create(id);
        }
        alive.add(id);
        incarnations.put(id, new long[]{serial, 0, 0});
        return id;
    }

    void delete(int id) {
        world.delete(id);
        alive.removeValue(id);
        incarnations.remove(id);
    }

    void toggle(int id) {
        if (members.has(id)) {
            members.remove(id);
        } else {
            members.create(id);
        }
    }

    private int anyAlive() {
        return alive.get(random.nextInt(alive.size()));
    }

    /** A few random changes, from a plain system or between ticks. */
    void churn() {
        if (disposed) {
            return;
        }
        int changes = random.nextInt(4);
        for (int i = 0; i < changes; i++) {
            int choice = random.nextInt(10);
            if (choice < 4 || alive.isEmpty()) {
                if (alive.size() < 80) {
                    create(random.nextInt(8) != 0);
                }
            } else if (choice < 7) {
                delete(anyAlive());
            } else {
                toggle(anyAlive());
            }
        }
    }

    /** Maybe one change from inside a callback of {@code model}'s system for {@code entityId}. */
    void callbackChurn(ContractModel model, int entityId) {
        if (callbackChurnRate == 0 || random.nextDouble() >= callbackChurnRate) {
            return;
        }
        boolean self = alive.contains(entityId) && random.nextBoolean();
        switch (random.nextInt(5)) {
            case 0 -> {
                if (on("ownTurnDeletes") && !alive.isEmpty()) {
                    delete(self ? entityId : anyAlive());
                }
            }
            case 1 -> {
                for (int i = random.nextInt(3); i >= 0 && alive.size() < 80; i--) {
                    create(random.nextInt(5) != 0);
                }
            }
            case 2 -> {
                if (!alive.isEmpty()) {
                    toggle(self ? entityId : anyAlive());
                }
            }
            default -> {
                if (on("midTurnSettings")) {
                    changeSetting(models.get(random.nextInt(models.size())));
                }
            }
        }
    }

    void savedEver(ContractModel model, int id) {
        long[] incarnation = incarnations.get(id);
        if (incarnation != null) {
            incarnation[model == a ? 1 : 2] = 1;
        }
    }

    /** No alive entity that {@code model}'s system never saved for has its history component. */
    void checkNoLeakedHistory(ContractModel model) {
        for (int i = 0; i < alive.size(); i++) {
            int id = alive.get(i);
            long[] incarnation = incarnations.get(id);
            if (incarnation[model == a ? 1 : 2] == 0 && model.historyMapper.has(id)) {
                violate("1 no history left behind", model.name + ": entity " + id + " (serial " + incarnation[0]
                        + ") was never saved but has a " + model.system.historyType().getSimpleName() + " component");
            }
        }
    }

    /** The second system reads the first's latest output for the entity, checking it on the way. */
    long otherTick(ContractModel reader, int entityId) {
        if (reader != b || !alive.contains(entityId)) {
            return -2;
        }
        a.checkVisible(entityId);
        Stamp other = a.system.latestOutput(entityId);
        return other == null ? -1 : other.readTick;
    }

    // ---- faults ----

    /** A fault for a world-thread callback, or null. */
    Throwable fault(String where, int entityId) {
        if (faultRate == 0 || random.nextDouble() >= faultRate) {
            return null;
        }
        return faultOfKind(random.nextInt(3), where + " for entity " + entityId);
    }

    /** A fault for a job, or null: decided by the job's identity, so any thread may ask. */
    Throwable jobFault(int entityId, Stamp input) {
        if (faultRate == 0) {
            return null;
        }
        long h = seed * 0x9E3779B97F4A7C15L + entityId * 31L + input.serial * 1_000_003L + input.membership * 7919L
                + input.readBatch * 104_729L + input.readTick;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        if ((h >>> 11) * 0x1.0p-53 >= faultRate) {
            return null;
        }
        return faultOfKind((int) ((h >>> 3) % 3), "runJob for entity " + entityId);
    }

    /** {@code -Dcontract.faultKinds=0,2} limits faults to runtime exceptions (0), checked ones (1), errors (2). */
    private static final String FAULT_KINDS = System.getProperty("contract.faultKinds", "0,1,2");

    private static Throwable faultOfKind(int kind, String what) {
        while (!FAULT_KINDS.contains(Integer.toString(kind))) {
            kind = (kind + 1) % 3;
        }
        return switch (kind) {
            case 0 -> new ContractFault("contract test fault in " + what);
            case 1 -> new IOException("contract test checked fault in " + what);
            default -> new AssertionError("contract test error in " + what);
        };
    }

    /** A fault thrown by the test on purpose. */
    static final class ContractFault extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ContractFault(String message) {
            super(message);
        }
    }

    void maybeFailCreate(ContractModel model, String what) {
        if (armedCreateFailures > 0 && model != null) {
            armedCreateFailures--;
            ContractFault fault = new ContractFault("contract test failure in " + what);
            model.createFailure = fault;
            model.lost = true; // batch-level checks stop here: only the safety rules go on
            model.pendingSave = null;
            throw fault;
        }
    }

    private void executorThrew(Error error) {
        if (turnOwner instanceof ContractModel model) {
            model.executorErrors.add(error);
        } else if (turnOwner == parallel) {
            parallel.executorErrors.add(error);
        } else {
            violate("harness", "an executor was called outside any system's turn");
        }
    }

    // ---- violations ----

    void violate(String rule, String message) {
        if (firstViolation.compareAndSet(null, message)) {
            violatedRule = rule;
            violatedTick = tickNumber;
        }
    }

    /** The first broken rule, its tick and message, or null. */
    String violation() {
        String message = firstViolation.get();
        return message == null ? null : "world tick " + violatedTick + ", rule " + violatedRule + ": " + message;
    }

    String rule() {
        return violatedRule;
    }

    // ---- the script ----

    /** Runs the script; returns the first violation, or null. */
    String run() throws InterruptedException {
        worldThread = Thread.currentThread();
        try {
            for (tickNumber = 0; tickNumber < ticks && violation() == null; tickNumber++) {
                betweenTicks();
                tick(delta());
            }
            if (violation() == null && on("dispose") && random.nextInt(3) == 0) {
                disposeWorld();
                tick(0.1f);
            }
        } finally {
            if (!disposed) {
                disposeWorld();
            }
            executors.close();
        }
        return violation();
    }

    private void disposeWorld() {
        world.dispose();
        disposed = true;
        for (ContractModel model : models) {
            model.checkDisposed();
        }
    }

    private void betweenTicks() {
        if (random.nextInt(4) == 0) {
            churn();
        }
        for (ContractModel model : models) {
            if (random.nextInt(12) == 0) {
                changeSetting(model);
            }
        }
        if (mode != Mode.WORLD && random.nextInt(15) == 0) {
            if (random.nextBoolean()) {
                parallel.setThreading(Threading.WORLD_THREAD, executors.pick(0).executor());
            } else {
                parallel.setThreading(Threading.WORKERS_SAME_TICK, executors.pick(random.nextInt()).executor());
            }
        }
        if (createFailureRate > 0 && random.nextDouble() < createFailureRate) {
            armedCreateFailures = 1;
        }
        parallel.arm(on("faults") && random.nextInt(25) == 0);
    }

    private void tick(float delta) {
        boolean bad = !(delta >= 0) || Float.isInfinite(delta);
        for (ContractModel model : models) {
            model.badDelta = bad;
            model.delta = delta;
        }
        world.setDelta(delta);
        Throwable thrown = null;
        try {
            world.process();
        } catch (Throwable t) {
            thrown = t;
        }
        Object owner = turnOwner;
        if (owner instanceof ContractModel model) {
            model.end(thrown);
        } else if (owner == parallel) {
            parallel.end(thrown);
        } else if (thrown != null) {
            violate("9 exceptions", "process() threw " + thrown + " outside the contract systems' turns"
                    + ContractModel.stackOf(thrown));
        }
        if (disposed) {
            return;
        }
        for (int i = 0; i < alive.size(); i++) {
            for (ContractModel model : models) {
                model.checkVisible(alive.get(i));
            }
        }
        for (ContractModel model : models) {
            model.checkAges(deciding.getEntities());
        }
    }

    // ---- the systems ----

    /** A timesliced system whose callbacks report to its model and the script. */
    abstract static class ContractSystem extends TimeslicedSystem<Stamp, Stamp> {
        @SkipWire
        final ContractScript script;
        @SkipWire
        ContractModel model;

        ContractSystem(ContractScript script, IoPolicy policy, Budget budget,
                       Class<? extends DecisionHistory<Stamp>> historyType, int depth) {
            super(Aspect.all(Member.class), policy, budget, historyType, depth);
            this.script = script;
        }

        @Override
        protected void begin() {
            model.begin();
        }

        @Override
        protected void end() {
            model.end(null);
        }

        @Override
        protected Stamp createInput() {
            script.maybeFailCreate(model, "createInput");
            return new Stamp();
        }

        @Override
        protected Stamp createOutput() {
            script.maybeFailCreate(model, "createOutput");
            return new Stamp();
        }

        @Override
        protected void setUpInput(int entityId, Stamp input) {
            model.setUpInput(entityId, input);
            script.callbackChurn(model, entityId);
            Throwable fault = script.fault("setUpInput", entityId);
            if (fault != null) {
                model.inputFailed(entityId, fault);
                throw Sneaky.thrown(fault);
            }
        }

        @Override
        protected void runJob(int entityId, Stamp input, Stamp output) {
            Throwable fault = script.jobFault(entityId, input);
            model.runJob(entityId, input, output, fault);
            if (fault != null) {
                throw Sneaky.thrown(fault);
            }
        }

        @Override
        protected void outputSaved(int entityId, Stamp output) {
            model.outputSaved(entityId, output);
            script.callbackChurn(model, entityId);
            Throwable fault = script.fault("outputSaved", entityId);
            if (fault != null) {
                model.dues.add(new ContractModel.Due(entityId, fault, model.modelTick, model.modelTick, "outputSaved"));
                throw Sneaky.thrown(fault);
            }
        }
    }

    static final class ContractSystemA extends ContractSystem {
        ContractSystemA(ContractScript script, IoPolicy policy, Budget budget, int depth) {
            super(script, policy, budget, HistoryA.class, depth);
        }
    }

    static final class ContractSystemB extends ContractSystem {
        ContractSystemB(ContractScript script, IoPolicy policy, Budget budget, int depth) {
            super(script, policy, budget, HistoryB.class, depth);
        }
    }

    private abstract static class Churn extends BaseSystem {
        @SkipWire
        private final ContractScript script;

        Churn(ContractScript script) {
            this.script = script;
        }

        @Override
        protected void processSystem() {
            script.churn();
        }
    }

    static final class ChurnBefore extends Churn {
        ChurnBefore(ContractScript script) {
            super(script);
        }
    }

    static final class ChurnAfter extends Churn {
        ChurnAfter(ContractScript script) {
            super(script);
        }
    }

    /**
     * The every-tick layer: counts {@code process} calls per entity and tick, and fails on the
     * entity it was armed for. Rule 11 of {@link ContractModelTest}.
     */
    static final class ContractParallel extends ParallelIteratingSystem {
        private static final int MAX_IDS = 1 << 12;
        @SkipWire
        private final ContractScript script;
        private final AtomicIntegerArray calls = new AtomicIntegerArray(MAX_IDS);
        private final IntBag expected = new IntBag();
        final List<Error> executorErrors = new ArrayList<>();
        private boolean armed;
        private volatile int failOn = -1;
        private volatile Throwable failure;
        private boolean failureDue;

        ContractParallel(ContractScript script) {
            super(Aspect.all(Member.class));
            this.script = script;
        }

        void arm(boolean fail) {
            armed = fail;
        }

        @Override
        protected void begin() {
            script.turnOwner = this;
            expected.clear();
            IntBag entities = getSubscription().getEntities();
            for (int i = 0; i < entities.size(); i++) {
                expected.add(entities.get(i));
                calls.set(entities.get(i), 0);
            }
            failureDue = armed && !expected.isEmpty();
            failOn = failureDue ? expected.get(script.random.nextInt(expected.size())) : -1;
            failure = failureDue ? faultOfKind(script.random.nextInt(3), "process for entity " + failOn) : null;
            armed = false;
        }

        @Override
        protected void process(int entityId) {
            if (entityId >= MAX_IDS) {
                script.violate("harness", "entity id " + entityId + " too large");
                return;
            }
            if (calls.incrementAndGet(entityId) > 1) {
                script.violate("11 parallel system", "process(" + entityId + ") called twice in tick "
                        + script.tickNumber);
            }
            if (entityId == failOn) {
                throw Sneaky.thrown(failure);
            }
        }

        @Override
        protected void end() {
            end(null);
        }

        void end(Throwable thrown) {
            script.turnOwner = null;
            for (int i = 0; i < expected.size(); i++) {
                int id = expected.get(i);
                int count = calls.get(id);
                if (count > 1 || count == 0 && thrown == null) {
                    script.violate("11 parallel system", "process(" + id + ") called " + count + " times in tick "
                            + script.tickNumber + " (" + threading() + ")");
                }
            }
            boolean documented = thrown == null;
            Error refused = executorErrors.isEmpty() ? null : executorErrors.get(0);
            if (refused != null) { // thrown first, with the tick's process failure attached
                if (thrown != refused) {
                    script.violate("11 parallel system", "the executor threw " + refused + " in tick "
                            + script.tickNumber + ", the tick threw " + ContractModel.describe(thrown));
                }
                documented = true;
            }
            if (failureDue) {
                Throwable carrier = refused != null && thrown == refused && thrown.getSuppressed().length > 0
                        ? thrown.getSuppressed()[0] : thrown;
                boolean reported = carrier == failure || carrier instanceof IllegalStateException
                        && carrier.getCause() == failure;
                if (!reported) {
                    script.violate("11 parallel system", "process(" + failOn + ") threw " + failure
                            + " but the tick threw " + ContractModel.describe(thrown));
                }
                documented |= reported;
            }
            executorErrors.clear();
            if (!documented) {
                script.violate("11 parallel system", "tick " + script.tickNumber + " threw " + thrown
                        + ", though nothing failed in it" + ContractModel.stackOf(thrown));
            }
            failureDue = false;
            failOn = -1;
        }
    }
}
