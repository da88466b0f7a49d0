// Forecast quantiles from the same distribution as the intervals: the p-quantile is the lower bound
// of the central 100·(1 − 2p)% interval when p < 0.5, the upper bound of the 100·(2p − 1)% one when
// p > 0.5, and the point forecast at 0.5, so the 95% interval is the 0.025 and 0.975 quantiles.
import { zOfLevel, spreadFactor, spreadsOf } from "./intervals";
import { onSupport, lowerBound, upperBound } from "./bounds";
import { countQuantile } from "../stats/count_quantile";
import { qnorm } from "../stats/qnorm";
import { studentTwoSided } from "../stats/student_t";

/** Below this tail probability a quantile's multiplier comes from the tail itself, not from a level. */
const EXACT_TAIL: f64 = 1e-6;

/**
 * Writes h values per probability in `probs` (each in (0, 1)) to `out`, probability by probability,
 * from `mean` and `sd` under the rules of fillIntervals (`count`, `nonNegative`, Student's t with
 * `df` degrees of freedom, spreads that never narrow from one `season` to the next). Quantiles
 * never cross: each is a monotone function of its probability and the point forecast lies between
 * the lower and the upper ones. For counts the upper quantiles are the distribution's own (the
 * central interval's upper end), even where the count interval is one-sided (its lower end at 0).
 * Returns false when a value is not finite.
 */
export function fillQuantiles(mean: Float64Array, sd: Float64Array, probs: Float64Array, out: Float64Array, count: bool, nonNegative: bool,
  df: f64, season: i32 = 1): bool {
  const h = mean.length;
  const spreads = spreadsOf(sd, season);
  for (let k = 0; k < probs.length; k++) {
    const p = probs[k];
    const upper = p > 0.5;
    const tail = upper ? 1.0 - p : p;
    // the level is snapped to 10 decimals so that 0.95 gives the 90% bound bit for bit (2·0.95 − 1
    // is 0.8999999999999999 in binary); far tails, where that would lose their digits (and within
    // 1e-16 of 0 the level rounds to 100), are read from the tail probability itself
    const extreme = tail < EXACT_TAIL;
    const level = extreme ? 100.0 : Math.round(1e10 * Math.abs(200.0 * p - 100.0)) / 1e10;
    let z = 0.0;
    if (extreme) z = count ? -qnorm(tail) : studentTwoSided(2.0 * tail, df, -qnorm(tail));
    else if (level > 0.0) z = count ? zOfLevel(level) : spreadFactor(level, df);
    for (let i = 0; i < h; i++) {
      const mu = onSupport(mean[i], nonNegative);
      const spread = spreads[i];
      let v = mu;
      if (level > 0.0) {
        if (count) {
          v = countQuantile(mu, spread * spread, extreme ? p : (upper ? 0.5 + level / 200.0 : 0.5 - level / 200.0));
          v = upper ? Math.max(v, mu) : Math.min(onSupport(v, nonNegative), mu);
        } else if (upper) {
          v = Math.max(upperBound(mu, spread, z, nonNegative), mu);
        } else {
          v = Math.min(lowerBound(mu, spread, z, nonNegative), mu);
        }
      }
      if (!isFinite(v)) return false;
      out[k * h + i] = v;
    }
  }
  return true;
}
