package io.github.ecstimeslice.web;

import io.github.ecstimeslice.Budget;
import io.github.ecstimeslice.IoPolicy;

/**
 * The page's controls, read every frame, and the crowd changed as they say, one setting at a time:
 *
 * <ul>
 * <li>{@code policy}: {@code AIAO}, {@code SIAO}, {@code SISO} or {@code AISO};</li>
 * <li>{@code budget-kind} and {@code budget-value}: {@code jobs} a tick, a {@code batch} every so
 *     many seconds, or {@code ms} a tick;</li>
 * <li>{@code npcs}: how many, 1 to {@link Crowd#MOST_NPCS};</li>
 * <li>{@code tiers}: {@code true} or {@code false}.</li>
 * </ul>
 * A value the crowd refuses leaves the setting as it was and shows why in the page's
 * {@code error} element, until the controls say something the crowd takes.
 */
final class Controls {

    static final String[] IDS = {"policy", "budget-kind", "budget-value", "npcs", "tiers"};

    /** The controls' values as last read, by {@link #IDS}' order. */
    private final String[] seen = new String[IDS.length];
    /** The controls' values as read this frame. */
    private final String[] now = new String[IDS.length];
    /** The value each control last held that the crowd refused, not tried again until it changes, and why. */
    private final String[] refused = new String[IDS.length];
    private final String[] reasons = new String[IDS.length];
    private String error = "";

    /**
     * The crowd the controls describe now, placed by {@code seed}.
     *
     * @throws IllegalArgumentException naming the control, if one holds a value the crowd refuses
     */
    Crowd crowdFrom(Page page, long seed) {
        read(page, now);
        Crowd crowd = new Crowd(seed, npcsOf(now[3]), policyOf(now[0]), budgetOf(now[1], now[2]));
        crowd.setTiered(tieredOf(now[4]));
        System.arraycopy(now, 0, seen, 0, now.length); // refused: none seen, so the next apply sets each control it can
        return crowd;
    }

    /** Changes {@code crowd} as the controls changed since the last read; shows or clears the error. */
    void apply(Page page, Crowd crowd) {
        read(page, now);
        for (int control = 0; control < IDS.length; control++) {
            if (now[control].equals(seen[control]) || now[control].equals(refused[control])) {
                continue; // as applied, or refused as it stands
            }
            try {
                change(crowd, control);
                seen[control] = now[control];
                refused[control] = null;
            } catch (IllegalArgumentException why) {
                refused[control] = now[control];
                reasons[control] = why.getMessage();
            }
        }
        String problem = "";
        for (int control = 0; control < IDS.length && problem.isEmpty(); control++) {
            if (!now[control].equals(seen[control])) {
                problem = reasons[control];
            }
        }
        if (!problem.equals(error)) {
            error = problem;
            page.show("error", problem);
        }
    }

    private void change(Crowd crowd, int control) {
        switch (control) {
            case 0:
                crowd.setPolicy(policyOf(now[0]));
                break;
            case 1:
            case 2:
                crowd.setBudget(budgetOf(now[1], now[2]));
                seen[1] = now[1];
                seen[2] = now[2];
                refused[1] = null;
                refused[2] = null;
                break;
            case 3:
                crowd.setNpcs(npcsOf(now[3]));
                break;
            default:
                crowd.setTiered(tieredOf(now[4]));
        }
    }

    private static void read(Page page, String[] into) {
        for (int i = 0; i < IDS.length; i++) {
            String value = page.control(IDS[i]);
            into[i] = value == null ? "" : value.trim();
        }
    }

    static IoPolicy policyOf(String name) {
        for (IoPolicy policy : IoPolicy.values()) {
            if (policy.name().equals(name)) {
                return policy;
            }
        }
        throw new IllegalArgumentException("policy must be AIAO, SIAO, SISO or AISO, was '" + name + "'");
    }

    /** @throws IllegalArgumentException naming the kind or the value */
    static Budget budgetOf(String kind, String value) {
        try {
            if (kind.equals("jobs")) {
                return Budget.jobsPerTick(Integer.parseInt(value));
            }
            if (kind.equals("batch")) {
                return Budget.batchEvery(Double.parseDouble(value));
            }
            if (kind.equals("ms")) {
                return Budget.millisPerTick(Double.parseDouble(value));
            }
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException("budget: " + kind + " must be a number, was '" + value + "'");
        } catch (IllegalArgumentException refused) {
            throw new IllegalArgumentException("budget: " + refused.getMessage());
        }
        throw new IllegalArgumentException("budget kind must be jobs, batch or ms, was '" + kind + "'");
    }

    static int npcsOf(String count) {
        try {
            return checkedNpcs(Integer.parseInt(count), count);
        } catch (NumberFormatException notANumber) {
            return checkedNpcs(-1, count);
        }
    }

    private static int checkedNpcs(int npcs, String count) {
        if (npcs < 1 || npcs > Crowd.MOST_NPCS) {
            throw new IllegalArgumentException("npcs must be a whole number from 1 to " + Crowd.MOST_NPCS + ", was '" + count + "'");
        }
        return npcs;
    }

    static boolean tieredOf(String on) {
        if (!on.equals("true") && !on.equals("false")) {
            throw new IllegalArgumentException("tiers must be true or false, was '" + on + "'");
        }
        return on.equals("true");
    }
}
