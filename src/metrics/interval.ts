// Prediction-interval accuracy: M4's interval score (MSIS) and plain coverage counts.
import { maseScale } from './point.js';

/**
 * MSIS, M4's interval score at coverage 1−alpha: mean over the horizon of the interval width plus
 * 2/alpha times any miss, divided by the MASE scale of `maseScale(train, m)`. Lower is better: it
 * rewards narrow intervals and punishes values falling outside.
 */
export function msis(train: ArrayLike<number>, actual: ArrayLike<number>, lower: ArrayLike<number>, upper: ArrayLike<number>, m: number, alpha: number): number {
  if (actual.length !== lower.length || actual.length !== upper.length || actual.length === 0) throw new Error('msis: lengths differ or are zero');
  let sum = 0;
  for (let i = 0; i < actual.length; i++) {
    const y = actual[i], lo = lower[i], hi = upper[i];
    sum += hi - lo + (y < lo ? (2 / alpha) * (lo - y) : 0) + (y > hi ? (2 / alpha) * (y - hi) : 0);
  }
  return sum / actual.length / maseScale(train, m);
}

/** How many actual values lie inside [lower, upper] (bounds included). */
export function countInside(actual: ArrayLike<number>, lower: ArrayLike<number>, upper: ArrayLike<number>): number {
  let k = 0;
  for (let i = 0; i < actual.length; i++) if (actual[i] >= lower[i] && actual[i] <= upper[i]) k++;
  return k;
}
