package io.github.ecstimeslice.demo.bench;

import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;

/**
 * A system of the game's that edits the world on the world's thread every tick, for the world
 * edit check's cost: it adds a {@link Flag} to {@code toggles} NPCs and takes it off as many
 * others (each a change artemis records), and creates and deletes {@code spawns} entities. The
 * NPCs are entities 1 to {@code npcs}; the ones toggled move on each tick.
 */
final class WorldEdits extends BaseSystem {

    /** What the edits add and remove. */
    public static final class Flag extends Component {
    }

    private final int npcs;
    private final int toggles;
    private final int spawns;
    private final int[] spawned;
    private ComponentMapper<Flag> flags;
    private int next;

    WorldEdits(int npcs, int toggles, int spawns) {
        this.npcs = npcs;
        this.toggles = toggles;
        this.spawns = spawns;
        spawned = new int[spawns];
    }

    @Override
    protected void processSystem() {
        for (int i = 0; i < toggles; i++) {
            int npc = 1 + next;
            next = (next + 1) % npcs;
            if (flags.has(npc)) {
                flags.remove(npc);
            } else {
                flags.create(npc);
            }
        }
        for (int i = 0; i < spawns; i++) {
            if (spawned[i] > 0) {
                world.delete(spawned[i]);
            }
            spawned[i] = world.create();
        }
    }
}
