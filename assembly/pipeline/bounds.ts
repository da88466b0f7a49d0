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
 * The lower bound of the central `level`% interval of one step with point forecast `mean` and
 * error sd `sd` (z = the normal quantile of the upper end): a count-distribution quantile with that
 * mean and variance when `count`, else mean − z·sd; kept on the support of the series.
 */
export function lowerBound(mean: f64, sd: f64, level: f64, z: f64, count: bool, nonNegative: bool): f64 {
  const x = count ? countQuantile(mean, sd * sd, 0.5 - level / 200.0) : mean - z * sd;
  return onSupport(x, nonNegative);
}

/**
 * The upper bound matching `lowerBound`. For counts whose lower bound is 0, the least value there
 * is, no mass lies below the interval, so all of the 100 − level% goes above it: the upper bound is
 * the level% quantile. (A central interval would leave only half of it out, and with the many zeros
 * of intermittent demand cover far more than it says.)
 */
export function upperBound(mean: f64, sd: f64, level: f64, z: f64, count: bool, nonNegative: bool): f64 {
  if (!count) return onSupport(mean + z * sd, nonNegative);
  const v = sd * sd;
  const atZero = countQuantile(mean, v, 0.5 - level / 200.0) == 0.0;
  return countQuantile(mean, v, atZero ? level / 100.0 : 0.5 + level / 200.0);
}
