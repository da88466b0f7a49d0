// Where our ETS disagrees with R beyond the stated tolerances, measured against commit ddbf3e3 (first
// ETS). These tests run as expected failures: the tolerance is not widened, the disagreement stays
// visible, and the day one is fixed its test fails here so the entry must be removed.
// Our likelihood equals R's at R's optimum for every form (1e-15 relative), so each entry below is
// about where the optimiser stops, not about what it optimises.

/** `${fixture} ${test}` → what was measured (ours vs R). */
export const KNOWN_DISAGREEMENTS: Record<string, string> = {
  'AirPassengers pick': 'ours MAM, R MAdM (clear-cut, +3.03): our MAdM optimum is 17.7 AICc worse than R\'s',
  'AirPassengers auto-forecast': 'max |Δ| 16.2% of level (ours MAM vs R MAdM)',
  'AirPassengers intervals': 'MAdM 80/95% widths 33% off R\'s (our MAdM fit: gamma 0.50 vs R 0.0001)',
  'AirPassengers MAM aicc': 'ours 1408.02 vs R 1403.66 (+4.36)',
  'AirPassengers MAM agree': 'forecast 4.6% of level; gamma 0.496 vs 0.400',
  'AirPassengers MAdM aicc': 'ours 1418.37 vs R 1400.64 (+17.73); alpha 0.33 vs 0.71, gamma 0.50 vs 0.0001',
  'AirPassengers MAdM agree': 'forecast 14.5% of level',
  'AirPassengers AAN agree': 'same alpha/beta at the bounds, ΔAICc −0.13, forecast 3.17% of level at h=24 (initial slope)',
  'Nile AAdN agree': 'ΔAICc −1.78 (ours better), phi 0.974 vs R 0.800 (R at its lower bound), forecast 4.6% of level',
  'USAccDeaths AAA aicc': 'ours 1164.31 vs R 1157.18 (+7.12); gamma 0.160 vs 0.004',
  'USAccDeaths AAA agree': 'forecast 3.7% of level',
  'USAccDeaths MAdM aicc': 'ours 1166.39 vs R 1153.03 (+13.36); gamma 0.121 vs 0.0001',
  'airmiles pick': 'ours MAN (AICc 407.35 at alpha 0.9999, beta 0.9998) vs R AAN (422.83; R\'s MAN 442.29)',
  'airmiles auto-forecast': 'max |Δ| 42% of level at h=10 (ours MAN +1,246/yr vs R AAN +2,107/yr)',
};
