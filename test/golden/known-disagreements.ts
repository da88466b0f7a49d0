// Where our ETS disagrees with R beyond the stated tolerances, measured first against commit ddbf3e3 (first
// ETS), re-measured after the ETS refinement (initial-state refit). Each entry records the exact
// disagreement: our value, R's value and the tolerance it misses. The test asserts that very
// disagreement, so a null fit or any other failure is red, and so is fixing it (remove the entry then).
// Our likelihood equals R's at R's optimum for every form (1e-15 relative), so each entry below is
// about where the optimiser stops, not about what it optimises.

/** One measured disagreement with R: a different form, a deviation past its tolerance, or a parameter apart. */
export type Disagreement =
  | { kind: 'form'; ours: string; r: string; why: string }
  /** `ours` is the measured deviation from R (relative, as the test computes it); R's own is 0 */
  | { kind: 'deviation'; quantity: 'forecast' | 'width'; ours: number; tolerance: number; why: string }
  | { kind: 'parameter'; quantity: 'alpha' | 'beta' | 'gamma' | 'phi'; ours: number; r: number; tolerance: number; why: string };

/** `${fixture} ${test}` → what was measured (ours vs R), one entry per quantity that misses. */
export const KNOWN_DISAGREEMENTS: Record<string, Disagreement[]> = {
  'AirPassengers pick': [{ kind: 'form', ours: 'MAM', r: 'MAdM', why: 'ours MAM (AICc 1391.47) vs R MAdM (1400.64): our MAM optimum is 12.2 better than R\'s own MAM fit (1403.66; gamma 0.001 vs R 0.400), so R\'s optimiser stopping short decides R\'s pick; our MAdM (1400.15) agrees with R\'s' }],
  'AirPassengers auto-forecast': [{ kind: 'deviation', quantity: 'forecast', ours: 0.04144, tolerance: 0.03, why: 'follows from the different pick (ours MAM vs R MAdM)' }],
  'AirPassengers intervals': [{ kind: 'deviation', quantity: 'width', ours: 0.3151, tolerance: 0.15, why: 'MAdM fits agree (AICc 1400.15 vs 1400.64, gamma ~0 both) but our multiplicative-season sd runs the variance recursion on the point path (an approximation); widths differ from R\'s by more than 15%' }],
  'AirPassengers AAN agree': [{ kind: 'deviation', quantity: 'forecast', ours: 0.0338, tolerance: 0.03, why: 'same alpha/beta at the bounds, ΔAICc −0.12, forecast 3.4% of level at h=24 (initial slope)' }],
  'Nile AAdN agree': [
    { kind: 'parameter', quantity: 'phi', ours: 0.977, r: 0.8, tolerance: 0.1, why: 'ours AICc 1464.20 vs R 1465.91 (ours 1.71 better), phi 0.977 vs R 0.800 (R at its lower bound)' },
    { kind: 'deviation', quantity: 'forecast', ours: 0.0324, tolerance: 0.03, why: 'follows from the damping: phi 0.977 vs R 0.800' },
  ],
  'airmiles pick': [{ kind: 'form', ours: 'MAN', r: 'AAN', why: 'ours MAN (AICc 411.83 at alpha 1.0) vs R AAN (422.83); R cannot fit MAN on this series at all ("No model able to be fitted"), our AAN (421.98) agrees with R\'s' }],
  'airmiles auto-forecast': [{ kind: 'deviation', quantity: 'forecast', ours: 0.08415, tolerance: 0.03, why: 'follows from the different pick (ours MAN vs R AAN)' }],
  'USAccDeaths AAdN agree': [{ kind: 'parameter', quantity: 'phi', ours: 0.9355, r: 0.8, tolerance: 0.1, why: 'phi 0.935 vs R 0.800 (R at its lower bound) with beta ~1e-4 on both sides, where phi is barely identified; our AICc 1269.64 is 0.21 better than R\'s 1269.84' }],
};
