package io.github.ecstimeslice;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;

/** Small builders for the tests' worlds. */
final class TestWorlds {

    private TestWorlds() {
    }

    /** A fresh world with the given systems, in order. */
    static World of(BaseSystem... systems) {
        return new World(new WorldConfigurationBuilder().with(systems).build());
    }

    /** Creates {@code count} entities that {@link StampSystem} decides for; returns their ids. */
    static int[] deciders(World world, int count) {
        int[] ids = new int[count];
        for (int i = 0; i < count; i++) {
            ids[i] = world.create();
            world.edit(ids[i]).create(Decides.class);
        }
        return ids;
    }

    /** Runs {@code ticks} ticks with a fixed delta. */
    static void run(World world, int ticks, float delta) {
        for (int i = 0; i < ticks; i++) {
            world.setDelta(delta);
            world.process();
        }
    }
}
