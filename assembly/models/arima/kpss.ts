// KPSS test of level stationarity (Kwiatkowski, Phillips, Schmidt & Shin 1992), used to pick d.
import { difference } from "../../numerics/difference";
import { isConstant } from "../../numerics/checks";

// 5% critical value of the level-stationarity statistic (KPSS 1992, table 1)
const KPSS_CRIT_5: f64 = 0.463;

/**
 * KPSS level-stationarity statistic of `x` with the Bartlett-weighted long-run variance at
 * l = floor(4·(n/100)^0.25) lags (the paper's "l4"). Returns 0 for a constant or too-short series.
 */
export function kpssStatistic(x: Float64Array): f64 {
  const n = x.length;
  if (n < 3) return 0.0;
  let mean = 0.0;
  for (let i = 0; i < n; i++) mean += x[i];
  mean /= <f64>n;
  let s = 0.0, sumS2 = 0.0, g0 = 0.0;
  for (let i = 0; i < n; i++) {
    const e = x[i] - mean;
    s += e;
    sumS2 += s * s;
    g0 += e * e;
  }
  let lags = <i32>Math.floor(4.0 * Math.pow(<f64>n / 100.0, 0.25));
  if (lags > n - 1) lags = n - 1;
  let lrv = g0;
  for (let l = 1; l <= lags; l++) {
    let g = 0.0;
    for (let t = l; t < n; t++) g += (x[t] - mean) * (x[t - l] - mean);
    lrv += 2.0 * (1.0 - <f64>l / <f64>(lags + 1)) * g;
  }
  lrv /= <f64>n;
  if (!(lrv > 0.0)) return 0.0;
  const stat = sumS2 / (<f64>n * <f64>n * lrv);
  return isFinite(stat) ? stat : 0.0;
}

/**
 * Number of first differences (0..maxD) that make `x` (scaled to |x| <= 1) level-stationary: difference while the
 * KPSS test rejects at 5%, stopping early when the series becomes constant or too short.
 */
export function chooseD(x: Float64Array, maxD: i32): i32 {
  // x is scaled to |x| <= 1 by the caller, so an absolute tolerance is a relative one
  let d = 0;
  let cur = x;
  while (d < maxD) {
    if (cur.length < 4 || isConstant(cur, 1e-12)) break;
    if (kpssStatistic(cur) <= KPSS_CRIT_5) break;
    cur = difference(cur, 1);
    d++;
  }
  return d;
}
