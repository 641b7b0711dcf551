package io.github.ecstimeslice;

import com.artemis.Aspect;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A sliced system whose job counts to the entity's cost, one unit of work a step: the job of
 * entity {@code e} costs {@code costs[e]} units (1 if past the array). Its input keeps the count
 * between pieces; its output is the count and the tick its input was read. It notes each save as
 * "entity@tick", each input read, each piece and each cancel.
 */
class SlicedCounting extends SlicedSystem<SlicedCounting.Count, SlicedCounting.Count> {

    static final class Count {
        int cost;
        int done;
        long readTick = -1;
        /** The piece to throw in (its ordinal, from 1), or 0. */
        int throwInPiece;
        int pieces;
    }

    int[] costs = new int[0];
    /** Entity whose job throws in its second piece, or -1. */
    int throwingEntity = -1;
    final List<String> saves = new ArrayList<>();
    final List<String> reads = new ArrayList<>();
    final List<String> pieces = Collections.synchronizedList(new ArrayList<>()); // whole jobs run on workers
    final List<String> cancels = new ArrayList<>();

    SlicedCounting(IoPolicy policy, Budget budget, int historyDepth) {
        super(Aspect.all(Decides.class), policy, budget, historyDepth);
    }

    @Override
    protected Count createInput() {
        return new Count();
    }

    @Override
    protected Count createOutput() {
        return new Count();
    }

    @Override
    protected void setUpInput(int entityId, Count input) {
        input.cost = entityId < costs.length ? costs[entityId] : 1;
        input.readTick = stats().tick();
        input.throwInPiece = entityId == throwingEntity ? 2 : 0;
        reads.add(entityId + "@" + stats().tick());
    }

    @Override
    protected int runJobPiece(int entityId, Count input, Count output, int work, boolean first) {
        if (first) {
            input.done = 0;
            input.pieces = 0;
        }
        input.pieces++;
        if (input.pieces == input.throwInPiece) {
            throw new IllegalStateException("piece " + input.pieces + " of entity " + entityId + " fails");
        }
        pieces.add(entityId + ":" + Math.min(work, 1_000_000));
        int step = Math.min(work, input.cost - input.done);
        input.done += step;
        if (input.done < input.cost) {
            return GOES_ON;
        }
        output.done = input.done;
        output.readTick = input.readTick;
        return step;
    }

    @Override
    protected void jobCancelled(int entityId, Count input) {
        cancels.add(entityId + "@" + stats().tick());
    }

    @Override
    protected void outputSaved(int entityId, Count output) {
        saves.add(entityId + "@" + stats().tick());
    }
}
