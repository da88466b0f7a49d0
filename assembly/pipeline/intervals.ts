// Prediction intervals from a forecast's mean and error sd: one z per level, bounds widening with h.
import { qnorm } from "../stats/qnorm";
import { onSupport, lowerBound, upperBound } from "./bounds";

/**
 * The two-sided normal quantile z for a coverage `level` percent in (0, 100): finite and >= 0 for
 * every such level. Near 100 it is read from the upper tail (100 - level is exact there), so
 * 99.99999999999999 gives about 8.2 instead of the +Infinity of qnorm(0.5 + level/200) = qnorm(1).
 */
export function zOfLevel(level: f64): f64 {
  const tail = (100.0 - level) / 200.0;
  return tail < 0.25 ? -qnorm(tail) : qnorm(0.5 + level / 200.0);
}

/**
 * Writes the bounds for each level into `out` (layout: mean, then lower/upper per level, `h` each)
 * from `mean` and `sd`; the spread is the running maximum of sd so intervals never narrow with the
 * horizon. `count`: bounds are count-distribution quantiles; `nonNegative`: the series lives on
 * [0, ∞), so nothing written goes below 0. Returns false when a bound is not finite (the caller
 * refuses the series).
 */
export function fillIntervals(mean: Float64Array, sd: Float64Array, levels: Float64Array, out: Float64Array, count: bool, nonNegative: bool): bool {
  const h = mean.length;
  const nLevels = levels.length;
  const z = new Float64Array(nLevels);
  for (let k = 0; k < nLevels; k++) z[k] = zOfLevel(levels[k]);
  let spread = 0.0;
  for (let i = 0; i < h; i++) {
    const mu = onSupport(mean[i], nonNegative);
    out[i] = mu;
    if (sd[i] > spread) spread = sd[i];
    for (let k = 0; k < nLevels; k++) {
      // a count quantile lies on the integers, so at narrow levels it can pass the (real) mean
      const lo = Math.min(lowerBound(mu, spread, levels[k], z[k], count, nonNegative), mu);
      const hi = Math.max(upperBound(mu, spread, levels[k], z[k], count, nonNegative), mu);
      if (!isFinite(lo) || !isFinite(hi)) return false;
      out[(1 + 2 * k) * h + i] = lo;
      out[(2 + 2 * k) * h + i] = hi;
    }
  }
  return true;
}
