// Quantiles of a count distribution with a given mean and variance: negative binomial when the
// variance exceeds the mean (over-dispersed counts, the usual case for demand), Poisson otherwise.
import { qnorm } from "./qnorm";

/** Longest walk along the probability mass function before the normal approximation takes over. */
const MAX_STEPS: i32 = 100000;

/**
 * The p-quantile of the count distribution with mean `mu` ≥ 0 and variance `v`: negative binomial
 * with size μ²/(v − μ) and probability μ/v when v > μ, else Poisson(μ). Of the two counts around p
 * it returns the one whose P(Y ≤ k) is nearer p, not always the upper: with the small counts of
 * intermittent demand the upper one alone makes every interval cover more than its level (on the
 * intermittent dev sample, 96.9% instead of 95.8% at 95%). Falls back to the normal quantile, floored
 * at 0, when the mass function underflows or the quantile lies very far out (large counts, where the
 * normal is accurate anyway).
 */
export function countQuantile(mu: f64, v: f64, p: f64): f64 {
  const ps = new Float64Array(1);
  ps[0] = p;
  const out = new Float64Array(1);
  countQuantiles(mu, v, ps, out);
  return out[0];
}

/**
 * `countQuantile` of every probability in `ps` (in increasing order) at once, written to `out`
 * (same length): one walk along the mass function, as far as the largest of them needs, serves
 * them all. Each result is the one `countQuantile` gives alone: the walk adds the same terms in the
 * same order whichever quantile it is looking for, so only its length depends on `ps`, never its
 * values. A request's bounds (up to three quantiles per level) thus cost one walk, not one each.
 */
export function countQuantiles(mu: f64, v: f64, ps: Float64Array, out: Float64Array): void {
  const count = ps.length;
  if (!(mu > 0.0)) {
    for (let j = 0; j < count; j++) out[j] = 0.0;
    return;
  }
  let logP0: f64, r: f64 = 0.0, q: f64 = 0.0;
  const nb = v > mu * 1.000001;
  if (nb) {
    r = mu * mu / (v - mu);
    q = 1.0 - mu / v;            // failure probability per trial
    logP0 = r * Math.log(mu / v);
  } else {
    logP0 = -mu;
  }
  if (logP0 < -700.0) {
    for (let j = 0; j < count; j++) out[j] = normalFloor(mu, v, ps[j]);
    return;
  }
  let pk = Math.exp(logP0), cdf = pk;
  let k = 0;
  let next = 0;
  while (next < count) {
    const p = ps[next];
    if (cdf < p) {
      if (k >= MAX_STEPS) break;
      pk *= nb ? (<f64>k + r) / <f64>(k + 1) * q : mu / <f64>(k + 1);
      k++;
      cdf += pk;
      continue;
    }
    // cdf − pk = P(Y ≤ k − 1) < p ≤ cdf = P(Y ≤ k)
    out[next] = k > 0 && p - (cdf - pk) < cdf - p ? <f64>(k - 1) : <f64>k;
    next++;
  }
  // past the walk's bound: every quantile still open lies further out
  for (; next < count; next++) out[next] = normalFloor(mu, v, ps[next]);
}

function normalFloor(mu: f64, v: f64, p: f64): f64 {
  const x = mu + qnorm(p) * Math.sqrt(v > 0.0 ? v : 0.0);
  return x > 0.0 ? x : 0.0;
}
