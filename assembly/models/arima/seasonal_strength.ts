// Strength of seasonality from a classical additive decomposition, used to pick D.
// FPP (Hyndman & Athanasopoulos, 3rd ed., §4.3 and §9.5): F_s = max(0, 1 - Var(R)/Var(S+R));
// one seasonal difference is taken when F_s > 0.64.

export const SEASONAL_STRENGTH_THRESHOLD: f64 = 0.64;

/**
 * F_s of `y` at period `m` from a classical additive decomposition (centred 2×m moving-average
 * trend, mean seasonal indices summing to zero, remainder). Returns 0 when m < 2 or n < 2m.
 */
export function seasonalStrength(y: Float64Array, m: i32): f64 {
  const n = y.length;
  if (m < 2 || m > n / 2) return 0.0;
  const half = m >> 1;
  const even = (m & 1) == 0;
  const trend = new Float64Array(n);
  const has = new Uint8Array(n);
  // centred moving average: for even m the two end points get half weight
  for (let t = half; t < n - half; t++) {
    let s = 0.0;
    if (even) {
      for (let k = -half + 1; k < half; k++) s += y[t + k];
      s += 0.5 * (y[t - half] + y[t + half]);
    } else {
      for (let k = -half; k <= half; k++) s += y[t + k];
    }
    trend[t] = s / <f64>m;
    has[t] = 1;
  }
  const idx = new Float64Array(m);
  const cnt = new Float64Array(m);
  for (let t = 0; t < n; t++) {
    if (!has[t]) continue;
    idx[t % m] += y[t] - trend[t];
    cnt[t % m] += 1.0;
  }
  let avg = 0.0;
  for (let j = 0; j < m; j++) { idx[j] = cnt[j] > 0.0 ? idx[j] / cnt[j] : 0.0; avg += idx[j]; }
  avg /= <f64>m;
  for (let j = 0; j < m; j++) idx[j] -= avg;
  // variances of the remainder and of seasonal + remainder over the points with a trend
  let k = 0.0, mr = 0.0, msr = 0.0;
  for (let t = 0; t < n; t++) {
    if (!has[t]) continue;
    const sr = y[t] - trend[t];
    mr += sr - idx[t % m];
    msr += sr;
    k += 1.0;
  }
  if (k < 2.0) return 0.0;
  mr /= k; msr /= k;
  let vr = 0.0, vsr = 0.0;
  for (let t = 0; t < n; t++) {
    if (!has[t]) continue;
    const sr = y[t] - trend[t];
    const r = sr - idx[t % m];
    vr += (r - mr) * (r - mr);
    vsr += (sr - msr) * (sr - msr);
  }
  if (!(vsr > 0.0)) return 0.0;
  const fs = 1.0 - vr / vsr;
  return fs > 0.0 ? fs : 0.0;
}
