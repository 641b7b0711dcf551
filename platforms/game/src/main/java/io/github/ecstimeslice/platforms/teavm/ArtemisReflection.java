package io.github.ecstimeslice.platforms.teavm;

import org.teavm.extension.spi.reflection.SimpleReflectionPolicy;

/**
 * What artemis-odb reaches by reflection, for TeaVM (a game's own configuration, as TeaVM keeps
 * reflection only for what it is told): every component's public no-argument constructor, which
 * artemis makes components with; every system's fields, which it wires mappers, systems and
 * managers into; and every system's {@code inserted} and {@code removed}, which artemis looks up to
 * learn whether the system listens to its subscription (without them a {@code TimeslicedSystem}
 * never hears of its entities). Runs inside the TeaVM compiler, found through
 * {@code META-INF/services/org.teavm.extension.spi.reflection.ReflectionPolicy}.
 */
public final class ArtemisReflection extends SimpleReflectionPolicy {

    @Override
    protected void setup() {
        selectClasses(extending("com.artemis.Component"))
                .reflectableMethods(method -> method.isConstructor() && method.parameters().isEmpty());
        selectClasses(extending("com.artemis.BaseSystem"))
                .reflectableFields(field -> true)
                .reflectableMethods(named("inserted").or(named("removed")));
    }
}
