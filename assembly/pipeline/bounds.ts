// Where a forecast meets the support of the data: the one place point forecasts and interval bounds
// are kept ≥ 0 for non-negative series, and where count outcomes get count-distribution bounds.
import { countQuantiles } from "../stats/count_quantile";

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
 * error sd `sd` (z = the normal quantile of the upper end): mean − z·sd, kept on the support of the
 * series. Count outcomes take CountBounds instead.
 */
export function lowerBound(mean: f64, sd: f64, z: f64, nonNegative: bool): f64 {
  return onSupport(mean - z * sd, nonNegative);
}

/** The upper bound matching `lowerBound`: mean + z·sd, kept on the support. */
export function upperBound(mean: f64, sd: f64, z: f64, nonNegative: bool): f64 {
  return onSupport(mean + z * sd, nonNegative);
}

/**
 * Count-distribution bounds of a step at every level of a request, from one walk along the mass
 * function per step (see countQuantiles), and none for a step whose mean and sd equal the last
 * step's: the intermittent members forecast a flat rate and spread, so a whole horizon costs one
 * walk however long it is and however many levels it asks for.
 *
 * The lower bound is the count quantile at (100 − level)/2 %. For counts whose lower bound is 0,
 * the least value there is, no mass lies below the interval, so all of the 100 − level% goes above
 * it and the upper bound is the level% quantile; otherwise it is the quantile at (100 + level)/2 %.
 * (A central interval would leave only half of it out, and with the many zeros of intermittent
 * demand cover far more than it says.)
 */
export class CountBounds {
  /** Lower bound per level, for the last step given to `at`. */
  lower: Float64Array;
  /** Upper bound per level, for the last step given to `at`. */
  upper: Float64Array;
  // the three probabilities each level may need, in increasing order, and where each level's are
  private ps: Float64Array;
  private qs: Float64Array;
  private slot: Int32Array;
  private lastMean: f64 = NaN;
  private lastSd: f64 = NaN;

  constructor(levels: Float64Array) {
    const n = levels.length;
    this.lower = new Float64Array(n);
    this.upper = new Float64Array(n);
    const want = new Float64Array(3 * n);
    for (let k = 0; k < n; k++) {
      want[3 * k] = 0.5 - levels[k] / 200.0;
      want[3 * k + 1] = levels[k] / 100.0;
      want[3 * k + 2] = 0.5 + levels[k] / 200.0;
    }
    // sorted by insertion: at most three per level, a few dozen in all
    const order = new Int32Array(3 * n);
    for (let j = 0; j < 3 * n; j++) {
      let at = j;
      while (at > 0 && want[order[at - 1]] > want[j]) { order[at] = order[at - 1]; at--; }
      order[at] = j;
    }
    this.ps = new Float64Array(3 * n);
    this.qs = new Float64Array(3 * n);
    this.slot = new Int32Array(3 * n);
    for (let j = 0; j < 3 * n; j++) {
      this.ps[j] = want[order[j]];
      this.slot[order[j]] = j;
    }
  }

  /** Fills `lower` and `upper` for a step with point forecast `mean` ≥ 0 and error sd `sd`, kept on the support. */
  at(mean: f64, sd: f64, nonNegative: bool): void {
    if (mean == this.lastMean && sd == this.lastSd) return;
    countQuantiles(mean, sd * sd, this.ps, this.qs);
    const slot = this.slot;
    for (let k = 0; k < this.lower.length; k++) {
      const lo = this.qs[slot[3 * k]];
      this.lower[k] = onSupport(lo, nonNegative);
      this.upper[k] = lo == 0.0 ? this.qs[slot[3 * k + 1]] : this.qs[slot[3 * k + 2]];
    }
    this.lastMean = mean;
    this.lastSd = sd;
  }
}
