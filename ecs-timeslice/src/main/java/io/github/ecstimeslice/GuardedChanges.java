package io.github.ecstimeslice;

import com.artemis.World;
import com.artemis.utils.BitVector;

import java.lang.reflect.Field;

/**
 * One of a world's two change sets, which artemis marks at every edit of an entity, standing in
 * for the original and refusing a mark made by a thread that runs a crew's work
 * ({@link WorkThreads}): what {@link WorldEditCheck} installs. Artemis marks {@code changed} when
 * an entity is created or a component added or removed, and {@code deleted} when it is deleted,
 * in each case before the edit changes anything else, but for a create, whose entity is made first.
 *
 * <p>The sets are final fields of artemis's package-private change processor, replaced by
 * reflection; each new set is registered with the entity manager, so it grows with the world.
 * The JVM's, Android's and MobiVM's alone: a browser runs no workers, and GWT's module leaves it out.
 */
final class GuardedChanges extends BitVector {

    /** What a mark of this set means, for the message. */
    private final String edit;

    private GuardedChanges(BitVector original, String edit) {
        super(original);
        this.edit = edit;
    }

    /**
     * Replaces {@code world}'s change sets by guarded copies, unless they are; on the world's thread,
     * between ticks. Both fields are found before either is replaced.
     */
    static void install(World world) {
        try {
            Field processorField = World.class.getDeclaredField("batchProcessor");
            processorField.setAccessible(true);
            Object processor = processorField.get(world);
            Field changed = accessible(processor, "changed");
            Field deleted = accessible(processor, "deleted");
            guard(world, processor, changed, "created, or a component added or removed,");
            guard(world, processor, deleted, "deleted");
        } catch (NoSuchFieldException | IllegalAccessException | RuntimeException refused) {
            throw new IllegalStateException("WorldEditCheck replaces artemis-odb 2.3.0's World.batchProcessor.changed"
                    + " and .deleted by reflection, which this runtime refused: " + refused, refused);
        }
        WorkThreads.checkInstalled = true;
    }

    private static Field accessible(Object processor, String name) throws NoSuchFieldException {
        Field field = processor.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }

    private static void guard(World world, Object processor, Field field, String edit) throws IllegalAccessException {
        BitVector original = (BitVector) field.get(processor);
        if (original instanceof GuardedChanges) {
            return;
        }
        GuardedChanges guarded = new GuardedChanges(original, edit);
        world.getEntityManager().registerEntityStore(guarded);
        field.set(processor, guarded);
    }

    /** Throws if this thread runs a crew's work: the mark is the first step of an edit of {@code entityId}. */
    private void refuseOnWorkThread(int entityId) {
        Object owner = WorkThreads.runningWork();
        if (owner != null) {
            throw new IllegalStateException("entity " + entityId + " " + edit + " by " + owner.getClass().getName()
                    + "'s work for the workers: refused by WorldEditCheck, that work may not edit the world");
        }
    }

    @Override
    public void set(int index) {
        refuseOnWorkThread(index);
        super.set(index);
    }

    @Override
    public void set(int index, boolean value) {
        refuseOnWorkThread(index);
        super.set(index, value);
    }

    @Override
    public void unsafeSet(int index) {
        refuseOnWorkThread(index);
        super.unsafeSet(index);
    }

    @Override
    public void unsafeSet(int index, boolean value) {
        refuseOnWorkThread(index);
        super.unsafeSet(index, value);
    }

    @Override
    public void flip(int index) {
        refuseOnWorkThread(index);
        super.flip(index);
    }

    @Override
    public void clear(int index) {
        refuseOnWorkThread(index);
        super.clear(index);
    }

    @Override
    public void unsafeClear(int index) {
        refuseOnWorkThread(index);
        super.unsafeClear(index);
    }
}
