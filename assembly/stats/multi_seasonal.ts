// Two seasonal cycles at once (a day inside a week of hours, a week inside a year of days): an
// MSTL-style decomposition with classical (moving-average) seasonal estimates in place of STL.
import { seasonalIndices } from "../numerics/decompose";

/** Passes of the backfitting loop: each cycle is re-estimated with the other one removed. */
const PASSES: i32 = 3;

/** Additive seasonal indices of two cycles: `inner[t % p1] + outer[t % p2]` is the season at t. */
export class TwoSeasons {
  constructor(public inner: Float64Array, public outer: Float64Array) {}

  /** The combined seasonal component at time t (counted from the start of the fitted series). */
  at(t: i32): f64 {
    return this.inner[t % this.inner.length] + this.outer[t % this.outer.length];
  }
}

function without(y: Float64Array, s: Float64Array): Float64Array {
  const out = new Float64Array(y.length);
  const m = s.length;
  for (let t = 0; t < y.length; t++) out[t] = y[t] - s[t % m];
  return out;
}

/**
 * Additive seasonal indices for periods p1 < p2 by backfitting, as MSTL does with STL: the inner
 * cycle is estimated on the series with the outer one removed and vice versa, starting from no
 * outer cycle. Each estimate is the classical one (centred moving average trend, then the mean
 * detrended value at each position), so it costs O(n·p2) per pass. Needs n >= 2·p2.
 */
export function twoSeasons(y: Float64Array, p1: i32, p2: i32): TwoSeasons {
  let outer = new Float64Array(p2);
  let inner = new Float64Array(p1);
  for (let k = 0; k < PASSES; k++) {
    inner = seasonalIndices(without(y, outer), p1, false);
    outer = seasonalIndices(without(y, inner), p2, false);
  }
  return new TwoSeasons(inner, outer);
}
