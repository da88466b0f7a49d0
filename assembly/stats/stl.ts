// STL: seasonal-trend decomposition by loess (Cleveland, Cleveland, McRae & Terpenning 1990), the
// inner loop without the robustness passes.
import { loessAt, loessSmooth } from "../numerics/loess";

/** The inner loop's passes; the paper's choice when no robustness iterations follow. */
const INNER_PASSES: i32 = 2;

/** A seasonal and a trend component, each one value per observation. */
export class StlParts {
  constructor(public seasonal: Float64Array, public trend: Float64Array) {}
}

/** The smallest odd integer at least v. */
function oddAtLeast(v: f64): i32 {
  let k = <i32>Math.ceil(v);
  if ((k & 1) == 0) k++;
  return k;
}

/** The paper's jump for a smoother of span q: a tenth of it, rounded up. */
function jumpOf(q: i32): i32 {
  return (q + 9) / 10;
}

// moving average of length k: out[i] is the mean of x[i..i+k), so the result is k - 1 shorter
function movingAverage(x: Float64Array, k: i32): Float64Array {
  const m = x.length - k + 1;
  const out = new Float64Array(m > 0 ? m : 0);
  if (m <= 0) return out;
  let s = 0.0;
  for (let i = 0; i < k; i++) s += x[i];
  out[0] = s / <f64>k;
  for (let i = 1; i < m; i++) {
    s += x[i + k - 1] - x[i - 1];
    out[i] = s / <f64>k;
  }
  return out;
}

/**
 * STL of `y` for period p ≥ 2 (y spans at least two periods) with seasonal span `ns` (odd, ≥ 7):
 * each pass smooths every cycle-subseries of the detrended series (extended one cycle past both
 * ends), takes out its low-pass part (moving averages of p, p and 3, then loess of span the least
 * odd number ≥ p) so the season carries no trend, and smooths the seasonally adjusted series into
 * the trend (span the least odd number ≥ 1.5p / (1 − 1.5/ns)). The subseries fits are locally
 * constant: a weekly subseries of an hourly series has only a handful of cycles, and a local line
 * through them would tilt the season with their noise; the low-pass and trend fits are locally linear.
 */
export function stl(y: Float64Array, p: i32, ns: i32): StlParts {
  const n = y.length;
  const nl = oddAtLeast(<f64>p);
  const nt = oddAtLeast(1.5 * <f64>p / (1.0 - 1.5 / <f64>ns));
  const trend = new Float64Array(n);
  let seasonal = new Float64Array(n);
  const cycles = (n + p - 1) / p;
  const sub = new Float64Array(cycles);
  const c = new Float64Array(n + 2 * p);
  const adjusted = new Float64Array(n);
  for (let pass = 0; pass < INNER_PASSES; pass++) {
    // cycle-subseries smoothing, each subseries evaluated one cycle before its first value and one after its last
    for (let j = 0; j < p; j++) {
      let k = 0;
      for (let t = j; t < n; t += p) sub[k++] = y[t] - trend[t];
      const s = sub.subarray(0, k);
      for (let i = -1; i <= k; i++) c[j + (i + 1) * p] = loessAt(s, null, ns, 0, i);
    }
    // every one of the n + 2p positions is filled (each subseries has one extension on each side);
    // the three averages shorten them to n
    const low = movingAverage(movingAverage(movingAverage(c, p), p), 3);
    const l = loessSmooth(low, null, nl, 1, jumpOf(nl));
    seasonal = new Float64Array(n);
    for (let t = 0; t < n; t++) seasonal[t] = c[t + p] - l[t];
    for (let t = 0; t < n; t++) adjusted[t] = y[t] - seasonal[t];
    const tr = loessSmooth(adjusted, null, nt, 1, jumpOf(nt));
    for (let t = 0; t < n; t++) trend[t] = tr[t];
  }
  return new StlParts(seasonal, trend);
}
