// Strength of seasonality from a classical additive decomposition, used to pick D.
// FPP (Hyndman & Athanasopoulos, 3rd ed., §4.3 and §9.5): F_s = max(0, 1 - Var(R)/Var(S+R));
// one seasonal difference is taken when F_s > 0.64.
import { centredMovingAverage, seasonalIndices } from "../../numerics/decompose";

export const SEASONAL_STRENGTH_THRESHOLD: f64 = 0.64;

/**
 * F_s of `y` at period `m` from a classical additive decomposition (centred 2×m moving-average
 * trend, mean seasonal indices summing to zero, remainder). Returns 0 when m < 2 or n < 2m.
 */
export function seasonalStrength(y: Float64Array, m: i32): f64 {
  const n = y.length;
  if (m < 2 || m > n / 2) return 0.0;
  const trend = centredMovingAverage(y, m);
  const idx = seasonalIndices(y, m, false);
  // variances of the remainder and of seasonal + remainder over the points with a trend
  let k = 0.0, mr = 0.0, msr = 0.0;
  for (let t = 0; t < n; t++) {
    if (!isFinite(trend[t])) continue;
    const sr = y[t] - trend[t];
    mr += sr - idx[t % m];
    msr += sr;
    k += 1.0;
  }
  if (k < 2.0) return 0.0;
  mr /= k; msr /= k;
  let vr = 0.0, vsr = 0.0;
  for (let t = 0; t < n; t++) {
    if (!isFinite(trend[t])) continue;
    const sr = y[t] - trend[t];
    const r = sr - idx[t % m];
    vr += (r - mr) * (r - mr);
    vsr += (sr - msr) * (sr - msr);
  }
  if (!(vsr > 0.0)) return 0.0;
  const fs = 1.0 - vr / vsr;
  return fs > 0.0 ? fs : 0.0;
}
