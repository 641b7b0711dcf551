package io.github.ecstimeslice;

import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.utils.IntBag;

import java.util.Random;

/**
 * Random changes to a world's deciding entities, the same for the same seed: each step creates
 * entities (with {@link Decides} and a fresh {@link Serial}), deletes some (their ids get
 * recycled) and makes others leave and rejoin while alive (removing or adding {@link Decides}).
 * Run it from a system, so the changes land between systems as a game's would.
 */
final class RandomChurn {

    private final Random random;
    /** The entities this churn created and has not deleted. */
    final IntBag alive = new IntBag();
    private long nextSerial = 1;

    RandomChurn(long seed) {
        random = new Random(seed);
    }

    /** Creates a deciding entity with the next serial; returns its id. */
    int create(World world) {
        int id = world.create();
        world.getMapper(Serial.class).create(id).value = nextSerial++;
        world.getMapper(Decides.class).create(id);
        alive.add(id);
        return id;
    }

    /** Makes up to three random changes: 3 in 10 a creation, 3 a deletion, 4 a leave or rejoin. */
    void step(World world) {
        ComponentMapper<Decides> decides = world.getMapper(Decides.class);
        int changes = random.nextInt(4);
        for (int i = 0; i < changes; i++) {
            int choice = random.nextInt(10);
            if (choice < 3 || alive.isEmpty()) {
                create(world);
            } else {
                int at = random.nextInt(alive.size());
                int id = alive.get(at);
                if (choice < 6) {
                    world.delete(id);
                    alive.removeIndex(at);
                } else if (decides.has(id)) {
                    decides.remove(id);
                } else {
                    decides.create(id);
                }
            }
        }
    }
}
