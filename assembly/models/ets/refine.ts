// Gauss–Newton refinement of the initial states for fixed smoothing parameters.
import { TREND_N, SEASON_M } from "./form";
import { etsPass } from "./kernel";
import { EtsParams } from "./objective";
import { solveCholesky } from "../../numerics/solve";

/** Writes the free coordinates x = [l0, b0?, s_0 … s_{m−2}] into params and `seasons` (s_{m−1} normalises). */
function setStates(x: Float64Array, hasTrend: bool, mult: bool, p: EtsParams, seasons: Float64Array): void {
  const m = seasons.length;
  let i = 0;
  p.level = x[i++];
  if (hasTrend) p.slope = x[i++];
  let sum = 0.0;
  for (let j = 0; j < m - 1; j++) { const v = x[i++]; seasons[j] = v; sum += v; }
  // the last state keeps the seasonal states summing to 0 (additive) or m (multiplicative)
  seasons[m - 1] = (mult ? <f64>m : 0.0) - sum;
}

/**
 * One Gauss–Newton step on the initial level, slope and seasonal states (m−1 free, the last one
 * normalising) of a seasonal form with its smoothing parameters held: the residuals are linear
 * in the initial states for the additive forms (so one step lands on the optimum) and nearly so
 * for the others. Finite-difference Jacobian, k+1 passes for k free states. The step is kept
 * only when the likelihood improves (halved up to twice); `p` and `seasons` are updated in place.
 * Returns the likelihood after the step (`lik` when nothing improved).
 */
export function refineStates(
  ys: Float64Array, m: i32, error: i32, trend: i32, season: i32,
  p: EtsParams, seasons: Float64Array, floor: f64, lik: f64,
): f64 {
  const n = ys.length;
  const hasTrend = trend != TREND_N;
  const mult = season == SEASON_M;
  const k = 1 + (hasTrend ? 1 : 0) + (m - 1);
  const x = new Float64Array(k);
  let i = 0;
  x[i++] = p.level;
  if (hasTrend) x[i++] = p.slope;
  for (let j = 0; j < m - 1; j++) x[i++] = seasons[j];

  const work = new Float64Array(m);
  const r0 = new Float64Array(n);
  const jac = new Float64Array(n * k);
  const col = new Float64Array(n);
  const base = etsPass(ys, m, error, trend, season, p.alpha, p.beta, p.gamma, p.phi, p.level, p.slope, seasons, work, floor, null, r0);
  if (!isFinite(base)) return lik;
  for (let c = 0; c < k; c++) {
    const keep = x[c];
    const hstep = 1e-6 * (Math.abs(keep) > 1e-3 ? Math.abs(keep) : 1e-3);
    x[c] = keep + hstep;
    setStates(x, hasTrend, mult, p, seasons);
    const v = etsPass(ys, m, error, trend, season, p.alpha, p.beta, p.gamma, p.phi, p.level, p.slope, seasons, work, floor, null, col);
    x[c] = keep;
    if (!isFinite(v)) { setStates(x, hasTrend, mult, p, seasons); return lik; }
    const inv = 1.0 / hstep;
    for (let t = 0; t < n; t++) jac[c * n + t] = (col[t] - r0[t]) * inv;
  }
  setStates(x, hasTrend, mult, p, seasons);

  const a = new Float64Array(k * k);
  const g = new Float64Array(k);
  for (let c = 0; c < k; c++) {
    const oc = c * n;
    let s = 0.0;
    for (let t = 0; t < n; t++) s += jac[oc + t] * r0[t];
    g[c] = -s;
    for (let d = 0; d <= c; d++) {
      const od = d * n;
      let v = 0.0;
      for (let t = 0; t < n; t++) v += jac[oc + t] * jac[od + t];
      a[c * k + d] = v; a[d * k + c] = v;
    }
  }
  const delta = new Float64Array(k);
  if (!solveCholesky(a, g, k, delta)) return lik;

  const trial = new Float64Array(k);
  let step = 1.0;
  for (let attempt = 0; attempt < 3; attempt++) {
    for (let c = 0; c < k; c++) trial[c] = x[c] + step * delta[c];
    setStates(trial, hasTrend, mult, p, seasons);
    const v = etsPass(ys, m, error, trend, season, p.alpha, p.beta, p.gamma, p.phi, p.level, p.slope, seasons, work, floor, null);
    if (v < lik) return v;
    step *= 0.5;
  }
  setStates(x, hasTrend, mult, p, seasons);
  return lik;
}
