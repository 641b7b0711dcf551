package io.github.ecstimeslice.example;

import io.github.ecstimeslice.DecisionHistory;

/** README example: the alert system's own history component. */
public class AlertDecisions extends DecisionHistory<AlertSystem.Verdict> {
}
