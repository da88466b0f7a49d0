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
 * Fills a (k × k, symmetric) with JᵀJ and g with −Jᵀr for the n × k Jacobian stored column by
 * column in `jac`. This is most of a refinement's time on long seasons (k = m + 1 columns, so
 * about k²/2 dot products of length n), hence four dot products per sweep over a column: each is
 * still summed alone and in order, so the sums are exactly those of one product at a time.
 */
function normalEquations(jac: Float64Array, r: Float64Array, n: i32, k: i32, a: Float64Array, g: Float64Array): void {
  for (let c = 0; c < k; c++) {
    const oc = c * n;
    let s = 0.0;
    for (let t = 0; t < n; t++) s += unchecked(jac[oc + t]) * unchecked(r[t]);
    g[c] = -s;
    let d = 0;
    for (; d + 3 <= c; d += 4) {
      const o0 = d * n, o1 = o0 + n, o2 = o1 + n, o3 = o2 + n;
      let v0 = 0.0, v1 = 0.0, v2 = 0.0, v3 = 0.0;
      for (let t = 0; t < n; t++) {
        const jc = unchecked(jac[oc + t]);
        v0 += jc * unchecked(jac[o0 + t]);
        v1 += jc * unchecked(jac[o1 + t]);
        v2 += jc * unchecked(jac[o2 + t]);
        v3 += jc * unchecked(jac[o3 + t]);
      }
      a[c * k + d] = v0; a[d * k + c] = v0;
      a[c * k + d + 1] = v1; a[(d + 1) * k + c] = v1;
      a[c * k + d + 2] = v2; a[(d + 2) * k + c] = v2;
      a[c * k + d + 3] = v3; a[(d + 3) * k + c] = v3;
    }
    for (; d <= c; d++) {
      const od = d * n;
      let v = 0.0;
      for (let t = 0; t < n; t++) v += unchecked(jac[oc + t]) * unchecked(jac[od + t]);
      a[c * k + d] = v; a[d * k + c] = v;
    }
  }
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
    const oc = c * n;
    for (let t = 0; t < n; t++) unchecked(jac[oc + t] = (unchecked(col[t]) - unchecked(r0[t])) * inv);
  }
  setStates(x, hasTrend, mult, p, seasons);
  const a = new Float64Array(k * k);
  const g = new Float64Array(k);
  normalEquations(jac, r0, n, k, a, g);
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
