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
  if (!(mu > 0.0)) return 0.0;
  let logP0: f64, r: f64 = 0.0, q: f64 = 0.0;
  const nb = v > mu * 1.000001;
  if (nb) {
    r = mu * mu / (v - mu);
    q = 1.0 - mu / v;            // failure probability per trial
    logP0 = r * Math.log(mu / v);
  } else {
    logP0 = -mu;
  }
  if (logP0 < -700.0) return normalFloor(mu, v, p);
  let pk = Math.exp(logP0), cdf = pk;
  let k = 0;
  while (cdf < p) {
    if (k >= MAX_STEPS) return normalFloor(mu, v, p);
    pk *= nb ? (<f64>k + r) / <f64>(k + 1) * q : mu / <f64>(k + 1);
    k++;
    cdf += pk;
  }
  // cdf − pk = P(Y ≤ k − 1) < p ≤ cdf = P(Y ≤ k)
  if (k > 0 && p - (cdf - pk) < cdf - p) return <f64>(k - 1);
  return <f64>k;
}

function normalFloor(mu: f64, v: f64, p: f64): f64 {
  const x = mu + qnorm(p) * Math.sqrt(v > 0.0 ? v : 0.0);
  return x > 0.0 ? x : 0.0;
}
