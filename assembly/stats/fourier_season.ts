// A smooth seasonal component of any period, whole or not (a year is 52.18 weeks), from a few
// harmonics: the Fourier-term seasonality of dynamic harmonic regression (Hyndman &
// Athanasopoulos, FPP3 §12.1) and of TBATS, estimated on the detrended series.
import { centredMovingAverage } from "../numerics/decompose";
import { solveCholesky } from "../numerics/solve";

/**
 * The seasonal component of period `p` (> 2) of `y` at t = 0..n+h−1: the sum of K sine–cosine
 * pairs sin(2πkt/p), cos(2πkt/p), k = 1..K, fitted by least squares (with a constant) to y less its
 * centred moving average over round(p) steps, where that average exists within the last `cycles`
 * periods (a season drifts: a forty-year weekly series' shape today is its recent years'). K runs
 * from 0 to `maxK` and is chosen by AICc, so a series without a season gets K = 0 and zeros; a few
 * harmonics give the smooth yearly shape a weekly series shows, where the 52 indices of a classical
 * decomposition would each rest on a handful of noisy values. Zeros when fewer than two cycles are averaged.
 */
export function fourierSeason(y: Float64Array, p: f64, h: i32, maxK: i32, cycles: f64): Float64Array {
  const n = y.length;
  const out = new Float64Array(n + h);
  const w = <i32>Math.round(p);
  if (w < 2 || n < 2 * w + 2 || maxK < 1) return out;
  const trend = centredMovingAverage(y, w);
  // the fit's first observation: `cycles` periods before the end, or the start
  const span = <i32>Math.round(cycles * p);
  const from = n > span ? n - span : 0;
  for (let t = 0; t < from; t++) trend[t] = NaN;
  let nn = 0;
  for (let t = 0; t < n; t++) if (isFinite(trend[t])) nn++;
  // a few spare observations keep AICc's correction finite at the largest K
  let kMax = maxK;
  while (kMax > 0 && 2 * kMax + 1 >= nn - 2) kMax--;
  if (kMax < 1) return out;
  const k = 2 * kMax + 1;
  // column j of row t: 1, then sin and cos of each harmonic in turn
  const row = new Float64Array(k);
  const xtx = new Float64Array(k * k);
  const xtd = new Float64Array(k);
  let dd = 0.0, sd = 0.0;
  for (let t = 0; t < n; t++) {
    const c = trend[t];
    if (!isFinite(c)) continue;
    const d = y[t] - c;
    harmonics(row, kMax, t, p);
    for (let i = 0; i < k; i++) {
      const ri = row[i];
      xtd[i] += ri * d;
      for (let j = 0; j <= i; j++) xtx[i * k + j] += ri * row[j];
    }
    dd += d * d;
    sd += d;
  }
  // AICc of K harmonic pairs: 2K + 1 coefficients; K = 0 is the mean alone
  const nf = <f64>nn;
  const rss0 = dd - sd * sd / nf;
  let bestK = 0;
  let bestIc = aicc(rss0, nf, 1);
  let best = new Float64Array(0);
  for (let kk = 1; kk <= kMax; kk++) {
    const size = 2 * kk + 1;
    const a = new Float64Array(size * size);
    for (let i = 0; i < size; i++) {
      for (let j = 0; j <= i; j++) { const v = xtx[i * k + j]; a[i * size + j] = v; a[j * size + i] = v; }
    }
    const beta = new Float64Array(size);
    if (!solveCholesky(a, xtd.subarray(0, size), size, beta)) break;
    let fit = 0.0;
    for (let i = 0; i < size; i++) fit += beta[i] * xtd[i];
    const rss = dd - fit;
    const ic = aicc(rss, nf, size);
    if (ic < bestIc) { bestIc = ic; bestK = kk; best = beta; }
  }
  if (bestK == 0) return out;
  const r = new Float64Array(2 * bestK + 1);
  for (let t = 0; t < n + h; t++) {
    harmonics(r, bestK, t, p);
    let s = 0.0;
    // the constant is the detrended series' mean, not part of the season
    for (let i = 1; i < r.length; i++) s += best[i] * r[i];
    out[t] = s;
  }
  return out;
}

// row = [1, sin(a), cos(a), sin(2a), cos(2a), ...] at a = 2πt/p, by the angle-addition recurrence
function harmonics(row: Float64Array, kMax: i32, t: i32, p: f64): void {
  const a = 2.0 * Math.PI * <f64>(t) / p;
  const s1 = Math.sin(a), c1 = Math.cos(a);
  row[0] = 1.0;
  let s = s1, c = c1;
  for (let k = 1; k <= kMax; k++) {
    row[2 * k - 1] = s;
    row[2 * k] = c;
    const sn = s * c1 + c * s1;
    c = c * c1 - s * s1;
    s = sn;
  }
}

function aicc(rss: f64, n: f64, k: i32): f64 {
  const kk = <f64>k;
  const r = rss > 1e-300 ? rss : 1e-300;
  return n * Math.log(r / n) + 2.0 * kk + 2.0 * kk * (kk + 1.0) / (n - kk - 1.0);
}
