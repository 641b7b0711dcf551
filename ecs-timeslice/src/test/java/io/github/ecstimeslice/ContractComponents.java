package io.github.ecstimeslice;

import com.artemis.Component;

/**
 * The components and the input/output type of the contract test ({@link ContractModelTest}).
 * Public, with public nested classes, because artemis makes components by reflection.
 */
public final class ContractComponents {

    private ContractComponents() {
    }

    /** Who an entity is: a serial no other entity of the script gets, and its membership number. */
    public static class Tag extends Component {
        /** Fresh for every created entity. */
        public long serial;
        /** Bumped every time artemis inserts the entity into the deciding aspect. */
        public int membership;
    }

    /** The component the timesliced systems' aspect needs: removing it makes an alive entity leave. */
    public static class Member extends Component {
    }

    /** The first timesliced system's history type. */
    public static class HistoryA extends DecisionHistory<Stamp> {
    }

    /** The second timesliced system's history type. */
    public static class HistoryB extends DecisionHistory<Stamp> {
    }

    /** A job's input and output: whose it is and when it was read; a job copies input to output. */
    public static final class Stamp {
        public int entityId = -1;
        public long serial = -1;
        public int membership = -1;
        public long readTick = -1;
        public double readSeconds = -1;
        /** The model's batch number when the input was read. */
        public long readBatch = -1;
        /** For the second system: the read tick of the first system's latest output, -1 if none. */
        public long otherTick = -2;

        void copyFrom(Stamp from) {
            entityId = from.entityId;
            serial = from.serial;
            membership = from.membership;
            readTick = from.readTick;
            readSeconds = from.readSeconds;
            readBatch = from.readBatch;
            otherTick = from.otherTick;
        }

        @Override
        public String toString() {
            return "Stamp{entity " + entityId + ", serial " + serial + ", membership " + membership + ", read at tick "
                    + readTick + " (" + readSeconds + " s) in batch " + readBatch + "}";
        }
    }
}
