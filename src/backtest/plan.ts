// Where rolling-origin windows fall in a series: pure arithmetic on lengths, shared by the
// cross-validation endpoint and tuning.

/** Fewest values a window's model must see: two give the metrics' scales their first difference. */
export const MIN_TRAINING_VALUES = 2;

/** The windows endpoint defaults and bounds. */
export const DEFAULT_WINDOWS = 3;
export const MAX_WINDOWS = 20;

/** How many windows of `horizon` values, `step` apart, fit a series of `n` values (0 when none does). */
export function windowsThatFit(n: number, horizon: number, step: number): number {
  const room = n - horizon - MIN_TRAINING_VALUES;
  return room < 0 ? 0 : Math.floor(room / step) + 1;
}

/**
 * The cutoffs (index of the last value each window's model sees), oldest first; the last window
 * ends on the series' last value. Assumes `windows ≤ windowsThatFit(n, horizon, step)`.
 */
export function windowCutoffs(n: number, horizon: number, windows: number, step: number): number[] {
  const last = n - 1 - horizon;
  const out: number[] = [];
  for (let k = windows - 1; k >= 0; k--) out.push(last - k * step);
  return out;
}
