// Where our ETS disagrees with R beyond the stated tolerances, measured first against commit ddbf3e3 (first
// ETS), re-measured after the ETS refinement (initial-state refit). These tests run as expected failures: the tolerance is not widened, the disagreement stays
// visible, and the day one is fixed its test fails here so the entry must be removed.
// Our likelihood equals R's at R's optimum for every form (1e-15 relative), so each entry below is
// about where the optimiser stops, not about what it optimises.

/** `${fixture} ${test}` → what was measured (ours vs R). */
export const KNOWN_DISAGREEMENTS: Record<string, string> = {
  'AirPassengers pick': 'ours MAM (AICc 1391.47) vs R MAdM (1400.64): our MAM optimum is 12.2 better than R\'s own MAM fit (1403.66; gamma 0.001 vs R 0.400), so R\'s optimiser stopping short decides R\'s pick; our MAdM (1400.15) agrees with R\'s',
  'AirPassengers auto-forecast': 'follows from the different pick (ours MAM vs R MAdM)',
  'AirPassengers intervals': 'MAdM fits agree (AICc 1400.15 vs 1400.64, gamma ~0 both) but our multiplicative-season sd runs the variance recursion on the point path (an approximation); widths differ from R\'s by more than 15%',
  'AirPassengers AAN agree': 'same alpha/beta at the bounds, ΔAICc −0.13, forecast 3.17% of level at h=24 (initial slope)',
  'Nile AAdN agree': 'ours AICc 1464.20 vs R 1465.91 (ours 1.71 better), phi 0.977 vs R 0.800 (R at its lower bound)',
  'airmiles pick': 'ours MAN (AICc 411.83 at alpha 1.0) vs R AAN (422.83); R cannot fit MAN on this series at all ("No model able to be fitted"), our AAN (421.98) agrees with R\'s',
  'airmiles auto-forecast': 'follows from the different pick (ours MAN vs R AAN)',
  'USAccDeaths AAdN agree': 'phi 0.935 vs R 0.800 (R at its lower bound) with beta ~1e-4 on both sides, where phi is barely identified; our AICc 1269.64 is 0.21 better than R\'s 1269.84',
};
