package io.github.ecstimeslice.facing;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.SkipWire;
import com.artemis.managers.TagManager;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.DecisionHistory;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.TimeslicedSystem;

/**
 * The decision layer of Chou's facing example, timesliced: for every NPC with a {@link Position} and
 * a {@link DesiredOrientation}, decides the direction toward the target and, when the decision is
 * saved, publishes it into the NPC's {@link DesiredOrientation}. Pair it with
 * {@link TurnAnimationSystem}, which turns every NPC every tick.
 *
 * <ul>
 * <li>The target is the entity tagged {@link #targetTag()} (default {@value #DEFAULT_TARGET_TAG},
 *     with a {@link Position}) if the world has a {@link TagManager} and such an entity exists;
 *     else the position last given to {@link #aimAt(float, float)}; with neither, decisions keep
 *     each NPC's desired orientation.</li>
 * <li>The target is read once a tick, in {@link #begin()}: a subclass that overrides
 *     {@code begin()} must call {@code super.begin()}.</li>
 * <li>Decisions are kept in the {@link FacingHistory} component, or the history type given to the
 *     constructor.</li>
 * <li>An NPC whose {@link Position} or {@link DesiredOrientation} is taken off during the system's
 *     own turn leaves when the turn ends; a job before then decides no direction without the one
 *     and publishes nothing without the other.</li>
 * </ul>
 */
public class FaceTargetSystem extends TimeslicedSystem<FacingInput, FacingDecision> {

    /** The tag that marks the target entity unless {@link #setTargetTag(String)} says otherwise. */
    public static final String DEFAULT_TARGET_TAG = "target";

    private ComponentMapper<Position> positions;
    private ComponentMapper<DesiredOrientation> desired;

    /** The world's TagManager, if it has one, looked up in the first {@link #begin()}. */
    @SkipWire
    private TagManager tags;
    private boolean tagsLookedUp;
    private String targetTag = DEFAULT_TARGET_TAG;
    private boolean aimed;
    private float aimX;
    private float aimY;
    /** This tick's target, read once per tick in {@link #begin()}: nothing else moves it mid-system. */
    private boolean hasTarget;
    private float targetX;
    private float targetY;

    /**
     * A face-target system over NPCs with {@link Position} and {@link DesiredOrientation}.
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null
     */
    public FaceTargetSystem(IoPolicy policy, Budget budget) {
        this(policy, budget, DEFAULT_HISTORY_DEPTH);
    }

    /**
     * A face-target system that keeps {@code historyDepth} decisions per NPC, 1 to 1,024; with
     * {@link #NO_HISTORY} it only publishes each decision into {@link DesiredOrientation} (the
     * cheapest: a plain loop over the NPCs, with the timing of the policy).
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null, or
     *                                  {@code historyDepth} is below 0 or above 1,024
     */
    public FaceTargetSystem(IoPolicy policy, Budget budget, int historyDepth) {
        this(policy, budget, FacingHistory.class, historyDepth);
    }

    /**
     * A face-target system that keeps its decisions in components of {@code historyType}: for a
     * world with more than one face-target system keeping a history (each needs a type of its own,
     * an empty subclass of {@code DecisionHistory<FacingDecision>}, and, as artemis keeps one
     * system of a class, a subclass of this class of its own). {@code null} keeps them in
     * {@link DecisionHistory} itself.
     *
     * @throws IllegalArgumentException if {@code policy} or {@code budget} is null, or
     *                                  {@code historyDepth} is below 0 or above 1,024
     */
    public FaceTargetSystem(IoPolicy policy, Budget budget,
                            Class<? extends DecisionHistory<FacingDecision>> historyType, int historyDepth) {
        super(Aspect.all(Position.class, DesiredOrientation.class), policy, budget, historyType, historyDepth);
    }

    /** Aims at a fixed position, used while no entity carries the target tag. */
    public void aimAt(float x, float y) {
        aimX = x;
        aimY = y;
        aimed = true;
    }

    /**
     * Uses the entity tagged {@code tag} as the target (from the next tick on).
     *
     * @throws IllegalArgumentException if {@code tag} is null
     */
    public void setTargetTag(String tag) {
        if (tag == null) {
            throw new IllegalArgumentException("target tag must not be null, was null");
        }
        targetTag = tag;
    }

    /** The tag that marks the target entity. */
    public String targetTag() {
        return targetTag;
    }

    @Override
    protected void begin() {
        if (!tagsLookedUp) { // here, not in initialize(): a subclass's begin() must call super already
            tags = world.getSystem(TagManager.class);
            tagsLookedUp = true;
        }
        int tagged = tags != null ? tags.getEntityId(targetTag) : -1;
        if (tagged >= 0 && positions.has(tagged)) {
            Position target = positions.get(tagged);
            targetX = target.x;
            targetY = target.y;
            hasTarget = true;
        } else {
            targetX = aimX;
            targetY = aimY;
            hasTarget = aimed;
        }
    }

    @Override
    protected FacingInput createInput() {
        return new FacingInput();
    }

    @Override
    protected FacingDecision createOutput() {
        return new FacingDecision();
    }

    @Override
    protected void setUpInput(int entityId, FacingInput input) {
        Position self = positions.get(entityId);
        if (self == null) { // taken off in this turn: no decision
            input.hasTarget = false;
            return;
        }
        input.x = self.x;
        input.y = self.y;
        input.targetX = targetX;
        input.targetY = targetY;
        input.hasTarget = hasTarget;
    }

    @Override
    protected void runJob(int entityId, FacingInput input, FacingDecision output) {
        float dx = input.targetX - input.x;
        float dy = input.targetY - input.y;
        output.faceTarget = input.hasTarget && Math.abs(dx) + Math.abs(dy) > 0; // neither on the target nor NaN
        output.radians = output.faceTarget ? (float) Math.atan2(dy, dx) : 0f;
    }

    @Override
    protected void outputSaved(int entityId, FacingDecision output) {
        DesiredOrientation publishedTo = desired.get(entityId); // null if taken off in this turn
        if (output.faceTarget && publishedTo != null) {
            publishedTo.radians = output.radians;
        }
    }
}
