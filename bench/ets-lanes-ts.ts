// The batched ETS pass in plain TypeScript, mirroring assembly/models/ets/kernel-lanes.ts: the same
// lanes side by side in one pass over the series (scalar here, two f64x2 vectors there), so the
// benchmark weighs what WebAssembly buys on the same algorithm and inputs.

const TREND_N = 0;
const TREND_AD = 2;
const SEASON_N = 0;

/**
 * n·log Σε² of the additive-error form (trend 0=N 1=A 2=Ad, season 0=N 1=A) for each lane's
 * parameters (alpha, beta, gamma, phi at 4k) and states (level, slope, s_0 … s_{1−m} at stride·k,
 * stride 2 + m, or 3 without a season); +Infinity when NaN.
 */
export function etsLoglikLanesTs(
  y: Float64Array, m: number, trend: number, season: number, params: Float64Array, states: Float64Array, lanes: number,
): Float64Array {
  const n = y.length;
  const hasTrend = trend !== TREND_N;
  const hasSeason = season !== SEASON_N && m > 1;
  const mm = hasSeason ? m : 1;
  const stride = 2 + mm;
  const c = new Float64Array(lanes), p2 = new Float64Array(lanes), p = new Float64Array(lanes);
  const bt = new Float64Array(lanes), g = new Float64Array(lanes);
  const lb = new Float64Array(lanes), b = new Float64Array(lanes), sse = new Float64Array(lanes);
  const work = new Float64Array(mm * lanes);
  for (let k = 0; k < lanes; k++) {
    const pk = hasTrend ? (trend === TREND_AD ? params[4 * k + 3] : 1.0) : 0.0;
    const btk = hasTrend ? params[4 * k + 1] : 0.0;
    p[k] = pk; bt[k] = btk; g[k] = params[4 * k + 2];
    c[k] = params[4 * k] + pk * btk;
    p2[k] = pk * pk;
    b[k] = hasTrend ? states[stride * k + 1] : 0.0;
    lb[k] = states[stride * k] + pk * b[k];
    for (let j = 0; j < mm; j++) work[j * lanes + k] = hasSeason ? states[stride * k + 2 + mm - 1 - j] : 0.0;
  }
  let j = 0;
  for (let t = 0; t < n; t++) {
    const yt = y[t];
    const w = j * lanes;
    for (let k = 0; k < lanes; k++) {
      const s = work[w + k];
      const r = yt - (lb[k] + s);
      sse[k] += r * r;
      const d = (yt - s) - lb[k];
      if (hasSeason) work[w + k] = s + g[k] * r;
      const bk = b[k];
      lb[k] = (lb[k] + p2[k] * bk) + c[k] * d;
      b[k] = p[k] * bk + bt[k] * d;
    }
    j++;
    if (j === mm) j = 0;
  }
  const out = new Float64Array(lanes);
  for (let k = 0; k < lanes; k++) {
    const lik = n * Math.log(sse[k] > 0 ? sse[k] : 0) + 2.0 * Math.log(1.0);
    out[k] = Number.isNaN(lik) ? Infinity : lik;
  }
  return out;
}
