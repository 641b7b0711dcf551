package io.github.ecstimeslice;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;

/**
 * A timesliced system whose input is the tick at which it was read (and the entity's serial, if it
 * has one) and whose job copies input to output, so each output says when its input was read.
 * Decides for entities with {@link Decides}.
 */
class StampSystem extends TimeslicedSystem<Stamp, Stamp> {

    /** Sees what the system does, for tests that check it step by step. */
    interface Observer {
        void jobRan(StampSystem system, int entityId, Stamp input);

        void outputSaved(StampSystem system, int entityId, Stamp output);
    }

    private ComponentMapper<Serial> serials;
    private Observer observer;

    StampSystem(IoPolicy policy, Budget budget) {
        super(Aspect.all(Decides.class), policy, budget);
    }

    StampSystem(IoPolicy policy, Budget budget, int historyDepth) {
        this(Aspect.all(Decides.class), policy, budget, historyDepth);
    }

    StampSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget, int historyDepth) {
        super(aspect, policy, budget, historyDepth);
    }

    StampSystem observedBy(Observer observer) {
        this.observer = observer;
        return this;
    }

    @Override
    protected Stamp createInput() {
        return new Stamp();
    }

    @Override
    protected Stamp createOutput() {
        return new Stamp();
    }

    @Override
    protected void setUpInput(int entityId, Stamp input) {
        input.tick = stats().tick();
        Serial serial = serials.get(entityId);
        input.serial = serial == null ? -1 : serial.value;
    }

    @Override
    protected void runJob(int entityId, Stamp input, Stamp output) {
        output.tick = input.tick;
        output.serial = input.serial;
        if (observer != null) {
            observer.jobRan(this, entityId, input);
        }
    }

    @Override
    protected void outputSaved(int entityId, Stamp output) {
        if (observer != null) {
            observer.outputSaved(this, entityId, output);
        }
    }

    /** The tick the latest output's input was read at, or null if there is no output. */
    Long latestTick(int entityId) {
        Stamp latest = latestOutput(entityId);
        return latest == null ? null : latest.tick;
    }
}
