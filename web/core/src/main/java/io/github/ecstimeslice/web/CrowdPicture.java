package io.github.ecstimeslice.web;

import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.utils.IntBag;
import com.badlogic.gdx.graphics.Color;
import com.badlogic.gdx.graphics.glutils.ShapeRenderer;
import com.badlogic.gdx.math.MathUtils;
import io.github.ecstimeslice.facing.DesiredOrientation;
import io.github.ecstimeslice.facing.Orientation;
import io.github.ecstimeslice.facing.Position;

/**
 * The crowd drawn in world units, the field's bottom-left corner at {@code (0, bottom)}:
 *
 * <ul>
 * <li>each NPC an arrow pointing where it faces, coloured by tier (near orange, middle teal, far
 *     blue), lit for a few ticks after a decision is saved: the rotating subset shows as it moves;</li>
 * <li>its latest decision, a thin line toward where it should face, which the arrow turns to;</li>
 * <li>a newcomer ringed for its first second; the target a red disc.</li>
 * </ul>
 */
final class CrowdPicture {

    /** Ticks an NPC stays lit after a save. */
    static final int LIT_TICKS = 6;
    /** Ticks a newcomer stays ringed. */
    static final int RINGED_TICKS = 60;
    /** Tier colours, near, middle and far, as drawn ({@code [tier][0]}) and lit ({@code [tier][1]}). */
    private static final Color[][] TIER_COLOURS = {
            {new Color(1f, 0.62f, 0.11f, 1), new Color(1f, 0.85f, 0.64f, 1)},
            {new Color(0.18f, 0.77f, 0.71f, 1), new Color(0.67f, 0.91f, 0.88f, 1)},
            {new Color(0.42f, 0.55f, 0.95f, 1), new Color(0.77f, 0.82f, 0.98f, 1)}};
    private static final Color DECISION = new Color(0.85f, 0.87f, 0.9f, 0.55f);
    /** An arrow's back corners lie 2.5 rad either side of its point: the rotation's cosine and sine. */
    private static final float BACK_COS = MathUtils.cos(2.5f);
    private static final float BACK_SIN = MathUtils.sin(2.5f);

    private final Crowd crowd;
    private final ComponentMapper<Position> positions;
    private final ComponentMapper<Orientation> orientations;
    private final ComponentMapper<DesiredOrientation> decisions;
    private final ComponentMapper<Decided> decided;

    CrowdPicture(Crowd crowd) {
        this.crowd = crowd;
        World world = crowd.world();
        positions = world.getMapper(Position.class);
        orientations = world.getMapper(Orientation.class);
        decisions = world.getMapper(DesiredOrientation.class);
        decided = world.getMapper(Decided.class);
    }

    /** The arrows' length for {@code npcs} NPCs on the field: shorter as the crowd grows denser. */
    static float arrowLength(int npcs) {
        return MathUtils.clamp((float) Math.sqrt(Crowd.WIDTH * Crowd.HEIGHT / (double) Math.max(1, npcs)) * 0.8f, 0.4f, 1.6f);
    }

    void draw(ShapeRenderer shapes, float bottom) {
        IntBag npcs = crowd.npcs();
        int[] ids = npcs.getData();
        float length = arrowLength(npcs.size());
        int tick = (int) crowd.ticks();
        shapes.begin(ShapeRenderer.ShapeType.Filled);
        for (int i = 0, n = npcs.size(); i < n; i++) {
            int npc = ids[i];
            Position at = positions.get(npc);
            float y = at.y + bottom;
            float facing = orientations.get(npc).radians;
            float cos = MathUtils.cos(facing);
            float sin = MathUtils.sin(facing);
            // each back corner: the point's direction turned by +-2.5 rad
            float backX = cos * BACK_COS;
            float backY = sin * BACK_COS;
            float turnX = sin * BACK_SIN;
            float turnY = cos * BACK_SIN;
            int tier = Math.min(2, Math.max(0, crowd.facing().tier(npc)));
            shapes.setColor(TIER_COLOURS[tier][tick - decided.get(npc).tick <= LIT_TICKS ? 1 : 0]);
            shapes.triangle(at.x + cos * length * 0.6f, y + sin * length * 0.6f,
                    at.x + (backX - turnX) * length * 0.4f, y + (backY + turnY) * length * 0.4f,
                    at.x + (backX + turnX) * length * 0.4f, y + (backY - turnY) * length * 0.4f);
        }
        shapes.setColor(0.95f, 0.25f, 0.3f, 1);
        shapes.circle(crowd.targetX(), crowd.targetY() + bottom, 1.2f, 20);
        shapes.end();

        shapes.begin(ShapeRenderer.ShapeType.Line);
        for (int i = 0, n = npcs.size(); i < n; i++) {
            int npc = ids[i];
            Position at = positions.get(npc);
            float y = at.y + bottom;
            float decision = decisions.get(npc).radians;
            shapes.setColor(DECISION);
            shapes.line(at.x, y, at.x + MathUtils.cos(decision) * length * 0.9f, y + MathUtils.sin(decision) * length * 0.9f);
            int born = crowd.bornAt(npc);
            if (born > 0 && tick - born <= RINGED_TICKS) {
                shapes.setColor(Color.WHITE);
                shapes.circle(at.x, y, length * 0.8f, 10);
            }
        }
        shapes.end();
    }
}
