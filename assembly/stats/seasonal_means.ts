// Analysis-of-variance test for a season: do the values differ by position in the cycle once the
// trend is taken out?
import { logUpperF } from "./fdist";

/** ln p of the one-way F test that `x` has the same mean at every position t mod m; `lost` = df spent before. */
function logGroupMeansP(x: Float64Array, m: i32, lost: i32): f64 {
  const n = x.length;
  const sum = new Float64Array(m);
  const cnt = new Float64Array(m);
  let total = 0.0;
  for (let t = 0; t < n; t++) { sum[t % m] += x[t]; cnt[t % m] += 1.0; total += x[t]; }
  const grand = total / <f64>n;
  let between = 0.0;
  for (let j = 0; j < m; j++) { const e = sum[j] / cnt[j] - grand; between += cnt[j] * e * e; }
  let within = 0.0;
  for (let t = 0; t < n; t++) { const e = x[t] - sum[t % m] / cnt[t % m]; within += e * e; }
  const d1 = <f64>(m - 1), d2 = <f64>(n - m - lost);
  if (!(d2 > 0.0)) return 0.0;
  if (!(within > 1e-300 * (between + 1.0))) return between > 0.0 ? -Infinity : 0.0;
  return logUpperF((between / d1) / (within / d2), d1, d2);
}

/**
 * ln of a p-value for "no season of period m" in `y`, from the seasonal-means F tests on the first
 * differences and on the residuals of a straight-line fit. Differences keep a random walk from
 * reading as a season but over-difference a stationary series (whose differences then exaggerate
 * the test); the straight line does the opposite. By default both must show the season (the larger
 * p), which keeps each one's failure case out; with `either`, the smaller p doubled (Bonferroni),
 * a test that a season shows in one of them, for evidence the caller's members can still refuse.
 * 0 (p = 1) when there are fewer than two cycles.
 */
export function logSeasonalMeansP(y: Float64Array, m: i32, either: bool = false): f64 {
  const n = y.length;
  if (m < 2 || n < 2 * m + 2) return 0.0;
  const d = new Float64Array(n - 1);
  for (let t = 1; t < n; t++) d[t - 1] = y[t] - y[t - 1];
  // least-squares line on t = 0..n-1
  let st = 0.0, sy = 0.0;
  for (let t = 0; t < n; t++) { st += <f64>t; sy += y[t]; }
  const tm = st / <f64>n, ym = sy / <f64>n;
  let sxy = 0.0, sxx = 0.0;
  for (let t = 0; t < n; t++) { const u = <f64>t - tm; sxy += u * (y[t] - ym); sxx += u * u; }
  const slope = sxx > 0.0 ? sxy / sxx : 0.0;
  const r = new Float64Array(n);
  for (let t = 0; t < n; t++) r[t] = y[t] - ym - slope * (<f64>t - tm);
  const a = logGroupMeansP(d, m, 0);
  const b = logGroupMeansP(r, m, 1);
  if (either) return (a < b ? a : b) + Math.log(2.0);
  return a > b ? a : b;
}
