package io.github.ecstimeslice;

import com.artemis.World;

/**
 * GWT's version of the library's {@code GuardedChanges} (the module's super-source): a browser runs
 * no workers, so there is nothing for a world edit check to refuse, and {@code Platform.isWeb()}
 * keeps {@code WorldEditCheck} from calling this one.
 */
final class GuardedChanges {

    private GuardedChanges() {
    }

    static void install(World world) {
    }
}
