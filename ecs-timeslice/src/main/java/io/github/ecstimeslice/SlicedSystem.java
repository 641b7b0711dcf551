package io.github.ecstimeslice;

import com.artemis.Aspect;

/**
 * A {@link TimeslicedSystem} whose jobs may take more than one tick: a job runs in pieces, each a
 * bounded amount of work in units the game chooses (node expansions of a path search, candidates
 * of a utility scorer), and goes on in a later tick where its last piece stopped. A tick then
 * never runs more than its budget plus one piece, however long a single job is.
 *
 * <p>When jobs run in pieces, and when whole:
 * <ul>
 * <li>under {@link Budget#workPerTick}, in pieces on the world's thread, whatever the threading:
 *     counted, so every run, platform and threading finishes the same jobs in the same ticks;</li>
 * <li>under a time budget ({@link Budget#millisPerTick}, a share of a millisecond pool) on the
 *     world's thread, or in a browser, in pieces of {@link #workPerPiece()} units while the
 *     turn's time lasts: a tick runs past its budget by one piece at most;</li>
 * <li>otherwise whole, as one piece of unlimited work: on workers (a thread takes a job to its
 *     end), under a jobs budget, and for urgent jobs ({@code decideSoon}) always.</li>
 * </ul>
 *
 * <p>A job in pieces, by the policy:
 * <ul>
 * <li>its input is read as its first piece begins (async input) or as its batch starts (sync);
 *     the job keeps its state between pieces in its input object, which is its slot's own;</li>
 * <li>its output is written by the piece that finishes it (each piece is handed the object to
 *     write) and saved then (async output) or at the next batch's start (sync);</li>
 * <li>one job of the batch is in progress at a time; the batch ends once it finished;</li>
 * <li>the outcome may depend on the total units the job was given, never on how they were split
 *     into pieces: that is what makes a recording ({@link DecisionLog}) replay it.</li>
 * </ul>
 *
 * <p>A job that began and will not finish is cancelled with {@link #jobCancelled}: its entity
 * left, a piece threw, the budget or threading stopped the pieces (its slot starts again, whole),
 * or the system was disposed.
 *
 * @param <I> the job's input, which keeps the job's state between pieces
 * @param <O> the job's output
 */
public abstract class SlicedSystem<I, O> extends TimeslicedSystem<I, O> {

    /** What {@link #runJobPiece} returns for a job that used all its work and goes on in a later piece. */
    public static final int GOES_ON = -1;
    /** {@link #workPerPiece()} unless set. */
    public static final int DEFAULT_WORK_PER_PIECE = 256;

    private int workPerPiece = DEFAULT_WORK_PER_PIECE;

    /**
     * A sliced system over {@code aspect} with {@code historyDepth} outputs per entity in
     * {@link DecisionHistory}, or {@link #NO_HISTORY}.
     *
     * @throws IllegalArgumentException as {@link TimeslicedSystem#TimeslicedSystem(Aspect.Builder, IoPolicy, Budget, int)}
     */
    protected SlicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget, int historyDepth) {
        super(aspect, policy, budget, historyDepth);
    }

    /**
     * A sliced system that keeps its outputs in its own history component type.
     *
     * @throws IllegalArgumentException as {@link TimeslicedSystem#TimeslicedSystem(Aspect.Builder, IoPolicy, Budget, Class, int)}
     */
    protected SlicedSystem(Aspect.Builder aspect, IoPolicy policy, Budget budget,
                           Class<? extends DecisionHistory<O>> historyType, int historyDepth) {
        super(aspect, policy, budget, historyType, historyDepth);
    }

    /**
     * Runs the job of {@code entityId} on for at most {@code work} units: from its beginning if
     * {@code first}, else where its last piece stopped (the state it kept in {@code input}).
     * Touch nothing but the input and output, as {@link #runJob} does.
     *
     * @param work units this piece may use, at least 1; {@link Integer#MAX_VALUE} for a whole job
     * @return the units used (0 to {@code work}) if the job finished and wrote all of
     *         {@code output}; {@link #GOES_ON} if it used all of {@code work} and goes on
     */
    protected abstract int runJobPiece(int entityId, I input, O output, int work, boolean first);

    /**
     * The job of {@code entityId}, which began, will not finish: let go of what it kept (return a
     * search to its pool). On the world's thread. Default: nothing.
     */
    protected void jobCancelled(int entityId, I input) {
    }

    /**
     * A whole job: one piece of unlimited work.
     *
     * @throws IllegalStateException if the piece goes on
     */
    @Override
    protected final void runJob(int entityId, I input, O output) {
        if (runJobPiece(entityId, input, output, Integer.MAX_VALUE, true) == GOES_ON) {
            throw new IllegalStateException(getClass().getName() + " left the job of entity " + entityId
                    + " unfinished with unlimited work");
        }
    }

    /** The most units a piece uses under a time budget. */
    public int workPerPiece() {
        return workPerPiece;
    }

    /**
     * Sets the most units a piece uses under a time budget: what a tick may run past its time.
     *
     * @throws IllegalArgumentException naming the value if {@code units} is below 1
     */
    public void setWorkPerPiece(int units) {
        if (units < 1) {
            throw new IllegalArgumentException("work per piece must be at least 1 unit, was " + units);
        }
        workPerPiece = units;
    }
}
