// Where a forecast meets the support of the data: the one place point forecasts and interval bounds
// are kept ≥ 0 for non-negative series, and where count outcomes get count-distribution bounds.
import { countQuantile } from "../stats/count_quantile";

/** True when every finite observed value is ≥ 0 (missing values ignored): the series lives on [0, ∞). */
export function observedNonNegative(raw: Float64Array): bool {
  for (let t = 0; t < raw.length; t++) if (raw[t] < 0.0) return false;
  return true;
}

/** `x`, or 0 when the series is non-negative and `x` falls below 0. */
export function onSupport(x: f64, nonNegative: bool): f64 {
  return nonNegative && x < 0.0 ? 0.0 : x;
}

/**
 * The p-quantile bound of one step with point forecast `mean` and error sd `sd` (z = the normal
 * p-quantile): a count-distribution quantile with that mean and variance when `count`, else
 * mean + z·sd; kept on the support of the series.
 */
export function bound(mean: f64, sd: f64, p: f64, z: f64, count: bool, nonNegative: bool): f64 {
  const x = count ? countQuantile(mean, sd * sd, p, z) : mean + z * sd;
  return onSupport(x, nonNegative);
}
