// The M4 benchmarks' seasonal adjustment: decompose only when the 90% test says the season is real.
import { seasonalityTest } from "./seasonality";
import { seasonalIndices, deseasonalise, reseasonalise } from "../numerics/decompose";

/** How a series was seasonally adjusted, so a forecast of the adjusted series can be put back. */
export class SeasonalAdjustment {
  constructor(
    /** the seasonally adjusted series (the input itself when `seasonal` is false) */
    public adjusted: Float64Array,
    /** the indices (length m, or [neutral] when not seasonal) */
    public indices: Float64Array,
    public multiplicative: bool,
    public seasonal: bool,
  ) {}

  /** The index that applies at time t (t counted from the series start; t >= n is the future). */
  factorAt(t: i32): f64 {
    if (!this.seasonal) return this.multiplicative ? 1.0 : 0.0;
    return this.indices[t % this.indices.length];
  }

  /** Puts the season back on a forecast path whose first point is time n (in place). */
  restore(path: Float64Array, n: i32): Float64Array {
    if (!this.seasonal) return path;
    return reseasonalise(path, this.indices, this.multiplicative, n);
  }

  /** Puts the season back on in-sample values aligned with the series (index t is time t), in place; NaN stays NaN. */
  restoreInSample(values: Float64Array): Float64Array {
    if (!this.seasonal) return values;
    for (let t = 0; t < values.length; t++) {
      values[t] = this.multiplicative ? values[t] * this.factorAt(t) : values[t] + this.factorAt(t);
    }
    return values;
  }

  /** Scales forecast-error standard deviations to the original units (in place). */
  restoreSd(sd: Float64Array, n: i32): Float64Array {
    if (!this.seasonal || !this.multiplicative) return sd;
    for (let i = 0; i < sd.length; i++) sd[i] *= this.factorAt(n + i);
    return sd;
  }
}

function noneNegative(y: Float64Array): bool {
  for (let i = 0; i < y.length; i++) if (!(y[i] >= 0.0)) return false;
  return true;
}

/**
 * Seasonally adjusts `y` the M4 way: classical multiplicative decomposition at period m when the
 * 90% seasonality test passes (m > 1, n >= 3m), and no adjustment otherwise. Zeros keep the
 * multiplicative form (as the M4 definition and R do: NN5 has zeros); additive only for data with
 * negatives or when a multiplicative index vanishes, where dividing by it would blow up.
 */
export function seasonalAdjust(y: Float64Array, m: i32): SeasonalAdjustment {
  if (m <= 1 || y.length < 3 * m || !seasonalityTest(y, m)) {
    const none = new Float64Array(1);
    none[0] = 1.0;
    return new SeasonalAdjustment(y, none, true, false);
  }
  let mult = noneNegative(y);
  let idx = seasonalIndices(y, m, mult);
  if (mult) {
    for (let i = 0; i < m; i++) {
      if (!(idx[i] > 1e-8) || !isFinite(idx[i])) { mult = false; break; }
    }
    if (!mult) idx = seasonalIndices(y, m, false);
  }
  return new SeasonalAdjustment(deseasonalise(y, idx, mult, 0), idx, mult, true);
}
