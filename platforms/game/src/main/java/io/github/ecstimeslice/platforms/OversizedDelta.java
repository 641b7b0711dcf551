package io.github.ecstimeslice.platforms;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.facing.FaceTargetSystem;

/**
 * A tick whose world delta is past a float's range: the JVM's cast makes it infinity, but a
 * browser's float is a double and holds it (GWT's casts to float do not round). A system must
 * refuse it on every platform, not count game time to infinity.
 */
public final class OversizedDelta {

    private OversizedDelta() {
    }

    /** {@code refused: } and the system's message, or {@code accepted:} and the game seconds it counted. */
    public static String run() {
        FaceTargetSystem facing = new FaceTargetSystem(IoPolicy.AIAO, Budget.jobsPerTick(1));
        World world = new World(new WorldConfigurationBuilder().with(facing).build());
        world.setDelta((float) Double.parseDouble("1e300"));
        try {
            world.process();
            return "accepted: " + facing.stats().gameSeconds() + " game seconds";
        } catch (IllegalArgumentException refused) {
            return "refused: " + refused.getMessage();
        } finally {
            world.dispose();
        }
    }
}
