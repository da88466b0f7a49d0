// Which observed values fall outside their one-step-ahead interval: the rule behind POST /{model}/v1/anomalies.
import type { AnomalyBody } from '../common/anomaly-types.js';

/**
 * The values of `series` outside [lower, upper] of their one-step-ahead prediction, in series
 * order. Missing values (null, NaN) and times without a prediction (null) are never anomalies:
 * there is nothing observed, or nothing to compare it with.
 */
export function findAnomalies(
  series: ArrayLike<number | null>,
  fitted: ArrayLike<number | null>,
  lower: ArrayLike<number | null>,
  upper: ArrayLike<number | null>,
): AnomalyBody[] {
  const out: AnomalyBody[] = [];
  for (let i = 0; i < series.length; i++) {
    const value = series[i], expected = fitted[i], lo = lower[i], hi = upper[i];
    if (value === null || !Number.isFinite(value) || expected === null || lo === null || hi === null) continue;
    if (value < lo || value > hi) out.push({ index: i, value, expected, lower: lo, upper: hi });
  }
  return out;
}
