// Quantile-forecast accuracy: the pinball loss and M5's scaled pinball loss.
import { maseScale } from './point.js';

/** The nine quantile levels the M5 competition scored (its SPL). */
export const M5_QUANTILES = [0.005, 0.025, 0.165, 0.25, 0.5, 0.75, 0.835, 0.975, 0.995];

/**
 * Mean pinball loss of the `tau`-quantile forecast `q` over the horizon: (y − q)·tau where y ≥ q,
 * (q − y)·(1 − tau) where y < q. Steps whose actual value is NaN (missing) are left out; NaN when none is left.
 */
export function pinball(actual: ArrayLike<number>, q: ArrayLike<number>, tau: number): number {
  if (actual.length !== q.length || actual.length === 0) throw new Error('pinball: lengths differ or are zero');
  let sum = 0, k = 0;
  for (let i = 0; i < actual.length; i++) {
    const y = actual[i];
    if (Number.isNaN(y)) continue;
    sum += y >= q[i] ? (y - q[i]) * tau : (q[i] - y) * (1 - tau);
    k++;
  }
  return k === 0 ? NaN : sum / k;
}

/**
 * M5's scaled pinball loss: the mean over the quantile levels (keys of `quantiles`, e.g. "0.1") of
 * their pinball loss, divided by the in-sample mean absolute one-step difference of `train` (the
 * scale of MASE at lag 1). NaN when that scale is 0 or undefined. Lower is better.
 */
export function scaledPinball(train: ArrayLike<number>, actual: ArrayLike<number>, quantiles: Record<string, ArrayLike<number>>): number {
  const scale = maseScale(train, 1);
  const keys = Object.keys(quantiles);
  if (!(scale > 0) || keys.length === 0) return NaN;
  let sum = 0;
  for (const k of keys) sum += pinball(actual, quantiles[k], Number(k));
  return sum / keys.length / scale;
}
