package io.github.ecstimeslice.demo.bench;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.FaceTargetSystem;
import io.github.ecstimeslice.facing.Position;
import net.mostlyoriginal.api.system.core.TimeboxedProcessingSystem;

/**
 * A peer: artemis-odb-contrib's {@code TimeboxedProcessingSystem} deciding the facing toward the
 * target for as many NPCs as fit in its time box, round robin. As shipped its clock is
 * {@code System.currentTimeMillis()} and its box whole milliseconds (a box under 1 ms decides
 * nothing; one of 1 ms decides until the millisecond turns, anywhere from 0 to 1 ms); with
 * {@code microsecondClock} it reads {@code System.nanoTime()} in microseconds instead, and
 * {@link #setBoxMicros} can size the box to a number of decisions a tick. The box is read after
 * every NPC, as the system does.
 */
@All({Position.class, DesiredOrientation.class})
final class TimeboxedFacing extends TimeboxedProcessingSystem {

    private final boolean microsecondClock;
    private float boxMicros;
    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;
    private float targetX;
    private float targetY;
    /** Decisions made so far. */
    long decisions;

    /** A box of {@code boxMicros} µs; with the shipped millisecond clock, whole milliseconds of it count. */
    TimeboxedFacing(boolean microsecondClock, float boxMicros) {
        this.microsecondClock = microsecondClock;
        this.boxMicros = boxMicros;
    }

    void setBoxMicros(float boxMicros) {
        this.boxMicros = boxMicros;
    }

    float boxMicros() {
        return boxMicros;
    }

    @Override
    protected void begin() {
        Position target = positions.get(world.getSystem(TagManager.class).getEntityId(FaceTargetSystem.DEFAULT_TARGET_TAG));
        targetX = target.x;
        targetY = target.y;
    }

    /** In the clock's unit: the box ends at getTime() + this × 1000. */
    @Override
    protected float getAllottedTime() {
        return microsecondClock ? boxMicros / 1000f : boxMicros / 1_000_000f;
    }

    @Override
    protected long getTime() {
        return microsecondClock ? System.nanoTime() / 1000 : super.getTime();
    }

    @Override
    protected void process(int npc) {
        Position self = positions.get(npc);
        desired.get(npc).radians = (float) Math.atan2(targetY - self.y, targetX - self.x);
        decisions++;
    }
}
