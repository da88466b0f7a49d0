// Estimates one candidate by Levenberg–Marquardt on a sum of squares (CSS or exact likelihood) and scores it by AICc.
import { ArimaSpec } from "./spec";
import { ArmaResiduals } from "./residuals";
import { solveGaussian } from "../../numerics/solve";

const MAX_COEF: i32 = 8;
const MAX_ITER: i32 = 25;
// the σ² floor keeps log σ² finite for a perfectly fitted (e.g. exactly linear) series; data are scaled to |z| <= 1
const SIGMA2_FLOOR: f64 = 1e-34;

/** A fitted candidate: its orders, coefficients, residual sum of squares and AICc. */
export class ArimaFit {
  constructor(public spec: ArimaSpec, public par: Float64Array, public ssr: f64, public aicc: f64) {}
}

/** Buffers of the least-squares iterations, allocated once per series (see CssProblem: no per-evaluation allocations). */
export class FitWork {
  jac: Float64Array;
  r0: Float64Array;
  r1: Float64Array;
  a: Float64Array;
  mat: Float64Array;
  g: Float64Array;
  delta: Float64Array;
  probe: Float64Array;
  trial: Float64Array;
  /** `regressors`: how many regression coefficients the candidates carry beside their ARMA terms. */
  constructor(nEff: i32, regressors: i32 = 0) {
    const len = nEff > 0 ? nEff : 1;
    const k = MAX_COEF + regressors;
    this.a = new Float64Array(k * k);
    this.mat = new Float64Array(k * (k + 1));
    this.g = new Float64Array(k);
    this.delta = new Float64Array(k);
    this.probe = new Float64Array(k);
    this.trial = new Float64Array(k);
    this.jac = new Float64Array(k * len);
    this.r0 = new Float64Array(len);
    this.r1 = new Float64Array(len);
  }
}

/** AICc of a Gaussian fit with `k` coefficients plus σ² (concentrated out) on `nEff` residuals; +Infinity when undefined. */
export function aiccOf(ssr: f64, nEff: i32, k: i32): f64 {
  const K = <f64>(k + 1), n = <f64>nEff;
  if (!(n - K - 1.0 > 0.0) || !isFinite(ssr)) return Infinity;
  let s2 = ssr / n;
  if (s2 < SIGMA2_FLOOR) s2 = SIGMA2_FLOOR;
  const loglik = -0.5 * n * (Math.log(2.0 * Math.PI * s2) + 1.0);
  return -2.0 * loglik + 2.0 * K + 2.0 * K * (K + 1.0) / (n - K - 1.0);
}

/**
 * Minimises the sum of squares of `spec` on `prob` (CSS or exact likelihood) from `start`
 * (Levenberg–Marquardt with forward-difference Jacobian; steps leaving the stationary/invertible
 * region are rejected like steps that do not improve). Returns the fit with its AICc.
 */
export function fitArma(prob: ArmaResiduals, wk: FitWork, spec: ArimaSpec, start: Float64Array): ArimaFit {
  prob.spec = spec;
  const k = spec.nCoef;
  const N = prob.nEff;
  const x = new Float64Array(k);
  for (let j = 0; j < k; j++) unchecked(x[j] = unchecked(start[j]));
  let r0 = wk.r0, r1 = wk.r1;
  let S = prob.ssr(x, r0);
  if (!isFinite(S)) {
    // an inadmissible warm start falls back to white noise around the start's mean
    for (let j = 0; j < spec.offMean; j++) unchecked(x[j] = 0.0);
    S = prob.ssr(x, r0);
  }
  if (k == 0 || !isFinite(S)) return new ArimaFit(spec, x, S, aiccOf(S, N, k));
  let lambda = 1e-3;
  const jac = wk.jac, probe = wk.probe, trial = wk.trial, a = wk.a, g = wk.g, mat = wk.mat, delta = wk.delta;
  for (let it = 0; it < MAX_ITER; it++) {
    for (let j = 0; j < k; j++) {
      for (let i = 0; i < k; i++) unchecked(probe[i] = unchecked(x[i]));
      let hj = 1e-6 * (Math.abs(unchecked(x[j])) > 1.0 ? Math.abs(unchecked(x[j])) : 1.0);
      unchecked(probe[j] = unchecked(x[j]) + hj);
      let Sj = prob.ssr(probe, r1);
      if (!isFinite(Sj)) { hj = -hj; unchecked(probe[j] = unchecked(x[j]) + hj); Sj = prob.ssr(probe, r1); }
      const col = j * N;
      if (!isFinite(Sj)) { for (let t = 0; t < N; t++) unchecked(jac[col + t] = 0.0); continue; }
      const inv = 1.0 / hj;
      for (let t = 0; t < N; t++) unchecked(jac[col + t] = (unchecked(r1[t]) - unchecked(r0[t])) * inv);
    }
    for (let i = 0; i < k; i++) {
      const ci = i * N;
      let gi = 0.0;
      for (let t = 0; t < N; t++) gi += unchecked(jac[ci + t]) * unchecked(r0[t]);
      unchecked(g[i] = gi);
      for (let j = 0; j <= i; j++) {
        const cj = j * N;
        let s = 0.0;
        for (let t = 0; t < N; t++) s += unchecked(jac[ci + t]) * unchecked(jac[cj + t]);
        unchecked(a[i * k + j] = s); unchecked(a[j * k + i] = s);
      }
    }
    let improved = false;
    let rel = 0.0;
    for (let tries = 0; tries < 12; tries++) {
      for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++) unchecked(mat[i * (k + 1) + j] = unchecked(a[i * k + j]));
        unchecked(mat[i * (k + 1) + i] += lambda * unchecked(a[i * k + i]) + 1e-12);
        unchecked(mat[i * (k + 1) + k] = -unchecked(g[i]));
      }
      if (solveGaussian(mat, k, delta)) {
        for (let i = 0; i < k; i++) unchecked(trial[i] = unchecked(x[i]) + unchecked(delta[i]));
        const St = prob.ssr(trial, r1);
        if (St < S) {
          rel = (S - St) / (S > 1e-300 ? S : 1e-300);
          for (let i = 0; i < k; i++) unchecked(x[i] = unchecked(trial[i]));
          const tmp = r0; r0 = r1; r1 = tmp;
          S = St;
          lambda = lambda * 0.1 > 1e-9 ? lambda * 0.1 : 1e-9;
          improved = true;
          break;
        }
      }
      lambda *= 10.0;
    }
    // stop when -2 log L (≈ N·log S) improves by less than 0.001: far below any AICc difference that matters
    if (!improved || rel * <f64>N < 1e-3) break;
  }
  return new ArimaFit(spec, x, S, aiccOf(S, N, k));
}
