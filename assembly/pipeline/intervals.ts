// Prediction intervals from a forecast's mean and error sd: one multiplier per level, bounds widening with h.
import { qnorm } from "../stats/qnorm";
import { onSupport, lowerBound, upperBound, CountBounds } from "./bounds";
import { studentTwoSided } from "../stats/student_t";

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
 * The multiplier of the error sd for a central `level`% interval when that sd was estimated with
 * `df` residual degrees of freedom: Student's t quantile (the normal one as df grows).
 */
export function spreadFactor(level: f64, df: f64): f64 {
  return studentTwoSided((100.0 - level) / 100.0, df, zOfLevel(level));
}

/**
 * Residual degrees of freedom behind the error variance of a forecast from `n` observations with
 * season length `season`: n less the five parameters of the largest non-seasonal member, a damped
 * trend (level and slope weights, damping, initial level and slope), and for seasonal data the
 * m − 1 free initial seasonal states and their weight; at least 1.
 */
export function residualDof(n: i32, season: i32): f64 {
  const p = PARAMS_BASE + (season > 1 ? season : 0);
  return n - p > 1 ? <f64>(n - p) : 1.0;
}
const PARAMS_BASE: i32 = 5;

/**
 * Residual degrees of freedom below which an error variance rests on a small sample: the classical
 * line between Student's t and the normal.
 */
export const SMALL_SAMPLE_DOF: f64 = 30.0;

/**
 * How much of a combination's uncertainty its members' own variances leave out, in [0, 1]: 1 up to
 * SMALL_SAMPLE_DOF residual degrees of freedom `dof`, then SMALL_SAMPLE_DOF / dof. Parameter and
 * model-choice uncertainty, which no member's variance formula contains, shrink like 1/n.
 */
export function smallSampleShare(dof: f64): f64 {
  return dof <= SMALL_SAMPLE_DOF ? 1.0 : SMALL_SAMPLE_DOF / dof;
}

/**
 * The spread behind every bound at each step: the sd, but at least the spread one `season` earlier,
 * so an interval never narrows from one cycle to the next, while within a cycle it may follow a
 * seasonal model's sd (with season 1, a running maximum).
 */
export function spreadsOf(sd: Float64Array, season: i32): Float64Array {
  const h = sd.length;
  const m = season > 1 ? season : 1;
  const spreads = new Float64Array(h);
  for (let i = 0; i < h; i++) spreads[i] = i >= m && spreads[i - m] > sd[i] ? spreads[i - m] : sd[i];
  return spreads;
}

/**
 * Writes the bounds for each level into `out` (layout: mean, then lower/upper per level, `h` each)
 * from `mean` and `sd`; the spread at each step is at least the spread one `season` earlier, so an
 * interval never narrows from one cycle to the next, while within a cycle it may follow a seasonal
 * model's sd (a quiet night hour after a busy evening; with season 1, a running maximum); the
 * multiplier is Student's t with `df` degrees of freedom (Infinity: the normal z).
 * `count`: bounds are count-distribution quantiles; `nonNegative`: the series lives on [0, ∞), so
 * nothing written goes below 0. Returns false when a bound is not finite (the caller refuses the
 * series).
 */
export function fillIntervals(mean: Float64Array, sd: Float64Array, levels: Float64Array, out: Float64Array, count: bool, nonNegative: bool, df: f64, season: i32 = 1): bool {
  const h = mean.length;
  const nLevels = levels.length;
  const z = new Float64Array(nLevels);
  // count bounds take quantiles of their own distribution; the multiplier is not used there
  for (let k = 0; k < nLevels; k++) z[k] = count ? zOfLevel(levels[k]) : spreadFactor(levels[k], df);
  const spreads = spreadsOf(sd, season);
  const counts: CountBounds | null = count ? new CountBounds(levels) : null;
  for (let i = 0; i < h; i++) {
    const mu = onSupport(mean[i], nonNegative);
    out[i] = mu;
    const spread = spreads[i];
    if (counts !== null) counts.at(mu, spread, nonNegative);
    for (let k = 0; k < nLevels; k++) {
      // a count quantile lies on the integers, so at narrow levels it can pass the (real) mean
      const lo = Math.min(counts !== null ? counts.lower[k] : lowerBound(mu, spread, z[k], nonNegative), mu);
      const hi = Math.max(counts !== null ? counts.upper[k] : upperBound(mu, spread, z[k], nonNegative), mu);
      if (!isFinite(lo) || !isFinite(hi)) return false;
      out[(1 + 2 * k) * h + i] = lo;
      out[(2 + 2 * k) * h + i] = hi;
    }
  }
  return true;
}
