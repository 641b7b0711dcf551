package io.github.ecstimeslice.example;

import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;
import io.github.ecstimeslice.SlicedSystem;
import io.github.ecstimeslice.facing.Position;

/**
 * A game's own job in pieces (docs/timing.md, "Jobs that take more than one tick"): each NPC
 * picks, of 5,000 cover spots, the one that scores best (near it, far from the threat). Scoring
 * a spot is a unit of work; the world scores 20,000 a tick in all, whatever the NPC count.
 */
public class CoverScorer {

    /** The spot an NPC takes cover at, -1 until it has chosen. */
    public static class Cover extends Component {
        public int spot = -1;
    }

    /** What a job reads, and the scoring so far, kept between pieces. */
    public static class Scoring {
        float x;
        float y;
        int next;
        int best;
        float bestScore;
    }

    /** The spot chosen. */
    public static class Choice {
        int spot;
    }

    public static class PickCoverSystem extends SlicedSystem<Scoring, Choice> {
        private final float[] spotX;
        private final float[] spotY;
        float threatX;
        float threatY;
        private ComponentMapper<Position> positions;
        private ComponentMapper<Cover> covers;

        public PickCoverSystem(float[] spotX, float[] spotY) {
            super(Aspect.all(Position.class, Cover.class), IoPolicy.AIAO, Budget.workPerTick(20_000), NO_HISTORY);
            this.spotX = spotX;
            this.spotY = spotY;
        }

        @Override protected Scoring createInput() { return new Scoring(); }
        @Override protected Choice createOutput() { return new Choice(); }

        @Override
        protected void setUpInput(int npc, Scoring scoring) {
            Position at = positions.get(npc);
            scoring.x = at.x;
            scoring.y = at.y;
        }

        @Override
        protected int runJobPiece(int npc, Scoring s, Choice choice, int work, boolean first) {
            if (first) {                                 // a new job: score from the first spot
                s.next = 0;
                s.best = -1;
                s.bestScore = Float.NEGATIVE_INFINITY;
            }
            int end = (int) Math.min(spotX.length, (long) s.next + work);
            for (int spot = s.next; spot < end; spot++) { // one unit of work a spot
                float near = Math.abs(spotX[spot] - s.x) + Math.abs(spotY[spot] - s.y);
                float safe = Math.abs(spotX[spot] - threatX) + Math.abs(spotY[spot] - threatY);
                float score = safe - 2 * near;
                if (score > s.bestScore) {
                    s.bestScore = score;
                    s.best = spot;
                }
            }
            int used = end - s.next;
            s.next = end;
            if (end < spotX.length) {
                return GOES_ON;                          // all of work used: the next piece goes on
            }
            choice.spot = s.best;                        // the last piece writes the whole output
            return used;
        }

        @Override
        protected void outputSaved(int npc, Choice choice) {
            covers.get(npc).spot = choice.spot;
        }
    }

    public static void main(String[] args) {
        float[] spotX = new float[5_000];
        float[] spotY = new float[5_000];
        for (int i = 0; i < spotX.length; i++) {
            spotX[i] = i * 37 % 100;
            spotY[i] = i * 53 % 100;
        }
        PickCoverSystem picking = new PickCoverSystem(spotX, spotY);
        World world = new World(new WorldConfigurationBuilder().with(picking).build());
        for (int i = 0; i < 200; i++) {
            int npc = world.create();
            world.edit(npc).create(Position.class).set(i % 20 * 5, i / 20 * 10);
            world.edit(npc).create(Cover.class);
        }
        world.setDelta(1 / 60f);
        for (int tick = 0; tick < 60; tick++) {
            world.process();
        }
        System.out.println("after 60 ticks: " + picking.stats().jobsRunTotal() + " NPCs chose cover, 4 a tick");
    }
}
