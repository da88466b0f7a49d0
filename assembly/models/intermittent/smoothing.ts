// Flat-forecast smoothers the intermittent members share: SES and Croston's method, each with its
// smoothing constant chosen on a small grid by in-sample one-step mean squared error.

/**
 * A flat forecast per period, the in-sample one-step mean squared error that chose it, and (for
 * the chosen constant) the one-step predictions of every value (NaN before the first one).
 */
export class FlatFit {
  fitted: Float64Array = new Float64Array(0);
  constructor(public level: f64, public mse: f64, public alpha: f64 = 0.0) {}
}

const GRID: StaticArray<f64> = [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5];
// Croston's constants stay low: sizes and intervals are few and noisy, and a large constant would
// chase the last single demand
const CROSTON_GRID: StaticArray<f64> = [0.05, 0.1, 0.15, 0.2, 0.3];

function sesPass(x: Float64Array, alpha: f64, fit: FlatFit, mus: Float64Array | null = null): void {
  let level = x[0], ss = 0.0;
  if (mus !== null) mus[0] = NaN;
  for (let t = 1; t < x.length; t++) {
    if (mus !== null) mus[t] = level;
    const e = x[t] - level;
    ss += e * e;
    level += alpha * e;
  }
  fit.level = level;
  fit.mse = x.length > 1 ? ss / <f64>(x.length - 1) : 0.0;
}

/** Simple exponential smoothing started at the first value, alpha from the grid with the least MSE. */
export function ses(x: Float64Array): FlatFit {
  const best = new FlatFit(x[0], Infinity);
  const trial = new FlatFit(0.0, 0.0);
  for (let i = 0; i < GRID.length; i++) {
    sesPass(x, GRID[i], trial);
    if (trial.mse < best.mse) { best.level = trial.level; best.mse = trial.mse; best.alpha = GRID[i]; }
  }
  best.fitted = new Float64Array(x.length);
  sesPass(x, best.alpha > 0.0 ? best.alpha : GRID[0], trial, best.fitted);
  return best;
}

function crostonPass(x: Float64Array, alpha: f64, bias: f64, fit: FlatFit, mus: Float64Array | null = null): void {
  // started at the first demand size and the first interval (counted from the start)
  let first = -1;
  for (let t = 0; t < x.length; t++) if (x[t] != 0.0) { first = t; break; }
  if (mus !== null) for (let t = 0; t < x.length; t++) mus[t] = first < 0 ? 0.0 : (t <= first ? NaN : 0.0);
  if (first < 0) { fit.level = 0.0; fit.mse = 0.0; return; }
  let z = x[first], p = <f64>(first + 1), q = 1.0, ss = 0.0, k = 0;
  for (let t = first + 1; t < x.length; t++) {
    const f = bias * z / p;
    if (mus !== null) mus[t] = f;
    const e = x[t] - f;
    ss += e * e; k++;
    if (x[t] != 0.0) {
      z += alpha * (x[t] - z);
      p += alpha * (q - p);
      q = 1.0;
    } else {
      q += 1.0;
    }
  }
  fit.level = bias * z / p;
  fit.mse = k > 0 ? ss / <f64>k : 0.0;
}

/**
 * Croston's method with the Syntetos-Boylan approximation: demand size z and inter-demand interval
 * p smoothed separately (updated only in periods with demand) and the rate forecast (1 − α/2)·z/p,
 * which removes the bias of plain z/p. One alpha for both, from the grid by in-sample MSE.
 */
export function sba(x: Float64Array): FlatFit {
  const best = new FlatFit(0.0, Infinity);
  const trial = new FlatFit(0.0, 0.0);
  for (let i = 0; i < CROSTON_GRID.length; i++) {
    const a = CROSTON_GRID[i];
    crostonPass(x, a, 1.0 - 0.5 * a, trial);
    if (trial.mse < best.mse) { best.level = trial.level; best.mse = trial.mse; best.alpha = a; }
  }
  const a = best.alpha > 0.0 ? best.alpha : CROSTON_GRID[0];
  best.fitted = new Float64Array(x.length);
  crostonPass(x, a, 1.0 - 0.5 * a, trial, best.fitted);
  return best;
}

/**
 * Sums of non-overlapping buckets of `k` periods, aligned to the end of the series (the oldest
 * n mod k values are dropped) so the last bucket ends at the last observation.
 */
export function aggregate(y: Float64Array, k: i32): Float64Array {
  const b = y.length / k;
  const start = y.length - b * k;
  const out = new Float64Array(b);
  for (let i = 0; i < b; i++) {
    let s = 0.0;
    for (let j = 0; j < k; j++) s += y[start + i * k + j];
    out[i] = s;
  }
  return out;
}

/**
 * Per-period one-step predictions of a series of `n` periods from those of its end-aligned
 * buckets of `k` (see `aggregate`): each period gets 1/k of its bucket's prediction, and the
 * oldest n mod k periods, which no bucket holds, get NaN.
 */
export function disaggregate(bucketFitted: Float64Array, k: i32, n: i32): Float64Array {
  const out = new Float64Array(n);
  const start = n - bucketFitted.length * k;
  for (let t = 0; t < n; t++) out[t] = t < start ? NaN : bucketFitted[(t - start) / k] / <f64>k;
  return out;
}
