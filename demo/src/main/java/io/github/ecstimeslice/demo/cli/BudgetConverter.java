package io.github.ecstimeslice.demo.cli;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.demo.scene.BudgetText;
import picocli.CommandLine;

/** Reads {@code --budget} from the command line: see {@link BudgetText}. */
final class BudgetConverter implements CommandLine.ITypeConverter<Budget> {

    @Override
    public Budget convert(String value) {
        try {
            return BudgetText.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
