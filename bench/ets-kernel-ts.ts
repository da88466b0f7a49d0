// The ETS likelihood pass in plain TypeScript, mirroring assembly/models/ets/kernel.ts line for line,
// so the benchmark can weigh the WASM kernel against the same arithmetic in the JS engine.

const TREND_N = 0;
const TREND_AD = 2;
const SEASON_N = 0;
const SEASON_M = 2;
const ERROR_M = 2;

/**
 * n·log Σε² (+ 2Σlog|ŷ| for multiplicative errors) of the form (error 1=A 2=M, trend 0=N 1=A 2=Ad,
 * season 0=N 1=A 2=M) with these parameters; `states` = [level, slope, s_0, s_−1, …, s_{1−m}]
 * as for the core's `ets_loglik`. +Infinity when a multiplicative season meets a non-positive
 * level or season, or a multiplicative error a zero fit.
 */
export function etsLoglikTs(
  y: Float64Array, m: number, error: number, trend: number, season: number,
  alpha: number, beta: number, gamma: number, phi: number, states: Float64Array,
): number {
  const n = y.length;
  const hasTrend = trend !== TREND_N;
  const hasSeason = season !== SEASON_N && m > 1;
  const multSeason = hasSeason && season === SEASON_M;
  const multError = error === ERROR_M;
  const p = hasTrend ? (trend === TREND_AD ? phi : 1.0) : 0.0;
  const bt = hasTrend ? beta : 0.0;
  const mm = hasSeason ? m : 1;
  const work = new Float64Array(mm);
  // the core keeps seasons in the order they are used: s_{1−m} first
  if (hasSeason) for (let k = 0; k < m; k++) work[k] = states[2 + m - 1 - k];
  const c = alpha + p * bt, p2 = p * p;
  let lb = states[0] + p * (hasTrend ? states[1] : 0.0), b = hasTrend ? states[1] : 0.0;
  let sse = 0.0, sumLog = 0.0, prod = 1.0;
  let j = 0;
  for (let t = 0; t < n; t++) {
    const s = hasSeason ? work[j] : 0.0;
    const yt = y[t];
    let mu: number, q: number;
    if (multSeason) {
      if (!(lb > 0.0) || !(s > 0.0)) return Infinity;
      mu = lb * s;
      q = yt / s;
    } else {
      mu = lb + s;
      q = yt - s;
    }
    const r = yt - mu;
    let e = 0.0;
    if (multError) {
      const am = Math.abs(mu);
      if (!(am > 1e-300)) return Infinity;
      e = r / mu;
      sse += e * e;
      prod *= am;
      if (prod > 1e150 || prod < 1e-150) { sumLog += Math.log(prod); prod = 1.0; }
    } else {
      sse += r * r;
    }
    // next lb = (lb + φ²b) + (α + φβ)(q − lb): the short dependency chain of the core's kernel
    const d = q - lb;
    // r/lb = e·s when both are relative (one division fewer, as the core does)
    if (hasSeason) work[j] = multSeason ? (multError ? s + gamma * (e * s) : s + gamma * r / lb) : s + gamma * r;
    if (hasTrend) {
      lb = (lb + p2 * b) + c * d;
      b = p * b + bt * d;
    } else {
      // without a slope the core's chain is (1 − c)·lb + c·q
      lb = (1.0 - c) * lb + c * q;
    }
    j++;
    if (j === mm) j = 0;
  }
  sumLog += Math.log(prod);
  const lik = n * Math.log(sse) + 2.0 * sumLog;
  return Number.isNaN(lik) ? Infinity : lik;
}
