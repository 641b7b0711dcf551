package io.github.ecstimeslice.demo.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class DemoAppTest {

    @Test
    void aFailureInsideTheRenderLoopEndsTheAppAndReachesTheMainThreadInsteadOfHanging() throws InterruptedException {
        IllegalStateException boom = new IllegalStateException("boom");
        int[] ticks = {0};
        DemoApp app = new DemoApp().then(() -> new RunMode() {
            @Override
            public boolean tick() {
                if (++ticks[0] == 3) {
                    throw boom;
                }
                return false;
            }

            @Override
            public void finish() {
            }
        });
        assertSame(boom, app.start().awaitEnd());
        assertEquals(3, ticks[0], "no tick after the failure");
    }
}
