// Exact Gaussian likelihood of an ARMA model by the Kalman filter on its state-space form
// (Harvey 1989 §3.4; Durbin & Koopman 2012 §3.4), as a sum of squares for the least-squares fit.
import { expandAr, expandMa } from "./polynomial";
import { ArmaResiduals, MAX_LAGS } from "./residuals";
import { ArimaSpec } from "./spec";
import { FitWork, fitArma } from "./fit";

/** Largest state dimension max(p + P·m, q + Q·m + 1) estimated by exact likelihood. */
export const MAX_EXACT_STATE: i32 = 30;
const DOUBLING_STEPS: i32 = 40;

/**
 * State x_t = w_t - μ with α_{t+1} = T α_t + R η_t, x_t = α_t[0], T's first column the AR
 * coefficients, R = (1, b_1, …). The filter starts from the stationary state covariance
 * (Σ_k T^k RR' T'^k by doubling) and stops updating it once the innovation variance has
 * converged. With σ² concentrated out, -2 log L = n log(2π Σr²/n) + n for residuals
 * r_t = v_t / sqrt(F_t) · (Π F_t)^(1/2n), so minimising Σr² is maximising the likelihood.
 */
export class ExactProblem extends ArmaResiduals {
  arC: Float64Array = new Float64Array(MAX_LAGS + 1);
  maC: Float64Array = new Float64Array(MAX_LAGS + 1);
  ta: Float64Array = new Float64Array(MAX_EXACT_STATE);
  rv: Float64Array = new Float64Array(MAX_EXACT_STATE);
  p: Float64Array = new Float64Array(MAX_EXACT_STATE * MAX_EXACT_STATE);
  pu: Float64Array = new Float64Array(MAX_EXACT_STATE * MAX_EXACT_STATE);
  am: Float64Array = new Float64Array(MAX_EXACT_STATE * MAX_EXACT_STATE);
  tmp: Float64Array = new Float64Array(MAX_EXACT_STATE * MAX_EXACT_STATE);
  st: Float64Array = new Float64Array(MAX_EXACT_STATE);
  su: Float64Array = new Float64Array(MAX_EXACT_STATE);
  std: Float64Array;
  /** ML innovation variance Σ v²/F / n at the last evaluated point. */
  sigma2: f64 = 0.0;

  constructor(w: Float64Array) {
    super(w);
    this.nEff = w.length;
    this.std = new Float64Array(w.length);
  }

  /** State dimension of the current spec; above MAX_EXACT_STATE the problem cannot be evaluated. */
  stateDim(): i32 {
    const s = this.spec;
    const a = s.arDegree, b = s.maDegree + 1;
    return a > b ? a : b;
  }

  // P ← Σ_k T^k RR' T'^k by doubling: P ← P + A P A', A ← A·A, until A vanishes.
  stationaryCovariance(r: i32): bool {
    const P = this.p, A = this.am, W = this.tmp;
    for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) {
      P[i * r + j] = this.rv[i] * this.rv[j];
      A[i * r + j] = (j == 0 ? this.ta[i] : 0.0) + (j == i + 1 ? 1.0 : 0.0);
    }
    for (let step = 0; step < DOUBLING_STEPS; step++) {
      // W = A P, then P += W A'
      for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) {
        let s = 0.0;
        for (let k = 0; k < r; k++) s += A[i * r + k] * P[k * r + j];
        W[i * r + j] = s;
      }
      let big = 0.0;
      for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) {
        let s = 0.0;
        for (let k = 0; k < r; k++) s += W[i * r + k] * A[j * r + k];
        P[i * r + j] += s;
      }
      // A ← A·A (W is free again)
      for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) {
        let s = 0.0;
        for (let k = 0; k < r; k++) s += A[i * r + k] * A[k * r + j];
        W[i * r + j] = s;
        if (Math.abs(s) > big) big = Math.abs(s);
      }
      for (let i = 0; i < r * r; i++) A[i] = W[i];
      if (big < 1e-14) return true;
      if (!isFinite(big)) return false;
    }
    return true;
  }

  /** Exact-likelihood sum of squares (see the class comment). */
  ssr(par: Float64Array, out: Float64Array): f64 {
    if (!this.admissible(par)) return Infinity;
    const s = this.spec;
    const r = this.stateDim();
    if (r > MAX_EXACT_STATE) return Infinity;
    const degA = expandAr(par, 0, s.p, s.offSPhi, s.P, s.m, this.arC);
    const degB = expandMa(par, s.offTheta, s.q, s.offSTheta, s.Q, s.m, this.maC);
    const ta = this.ta, rv = this.rv;
    for (let i = 0; i < r; i++) {
      ta[i] = i + 1 <= degA ? this.arC[i + 1] : 0.0;
      rv[i] = i == 0 ? 1.0 : (i <= degB ? this.maC[i] : 0.0);
    }
    if (!this.stationaryCovariance(r)) return Infinity;
    const P = this.p, Pu = this.pu, a = this.st, au = this.su, w = this.w, std = this.std;
    const mu = s.mean ? par[s.offMean] : 0.0;
    const n = w.length;
    for (let i = 0; i < r; i++) a[i] = 0.0;
    let sumLogF = 0.0, ss = 0.0;
    let steady = false;
    for (let t = 0; t < n; t++) {
      const F = P[0];
      if (!(F > 1e-12) || !isFinite(F)) return Infinity;
      const v = w[t] - mu - a[0];
      sumLogF += Math.log(F);
      ss += v * v / F;
      std[t] = v / Math.sqrt(F);
      // filtered state a + K v with K = P[:,0]/F, then one step ahead through T
      for (let i = 0; i < r; i++) au[i] = a[i] + P[i * r] / F * v;
      for (let i = 0; i < r; i++) a[i] = ta[i] * au[0] + (i + 1 < r ? au[i + 1] : 0.0);
      if (steady) continue;
      for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) Pu[i * r + j] = P[i * r + j] - P[i * r] * P[j] / F;
      for (let i = 0; i < r; i++) {
        for (let j = 0; j < r; j++) {
          let v2 = ta[i] * ta[j] * Pu[0] + rv[i] * rv[j];
          if (j + 1 < r) v2 += ta[i] * Pu[j + 1];
          if (i + 1 < r) v2 += Pu[(i + 1) * r] * ta[j];
          if (i + 1 < r && j + 1 < r) v2 += Pu[(i + 1) * r + j + 1];
          P[i * r + j] = v2;
        }
      }
      // once the one-step variance has reached σ² (=1 here) the gain no longer changes
      if (Math.abs(P[0] - 1.0) < 1e-10) steady = true;
    }
    this.sigma2 = ss / <f64>n;
    const g2 = Math.exp(sumLogF / <f64>n);
    const total = ss * g2;
    if (out.length > 0) {
      const g = Math.sqrt(g2);
      for (let t = 0; t < n; t++) out[t] = std[t] * g;
    }
    return isFinite(total) ? total : Infinity;
  }
}

/** Coefficients and innovation variance of an exact-likelihood fit. */
export class ExactFit {
  constructor(public par: Float64Array, public sigma2: f64) {}
}

/**
 * Re-estimates `spec` on the differenced series `w` by exact maximum likelihood from `start`
 * (e.g. the CSS estimates); σ² is degrees-of-freedom corrected. Null when the state is too
 * large for the filter or the fit fails.
 */
export function refitExact(w: Float64Array, spec: ArimaSpec, start: Float64Array): ExactFit | null {
  const exact = new ExactProblem(w);
  exact.spec = spec;
  if (exact.stateDim() > MAX_EXACT_STATE) return null;
  const ml = fitArma(exact, new FitWork(exact.nEff), spec, start);
  if (!isFinite(ml.ssr) || !isFinite(exact.ssr(ml.par, new Float64Array(0)))) return null;
  const n = exact.nEff, k = spec.nCoef;
  return new ExactFit(ml.par, exact.sigma2 * <f64>n / <f64>(n > k ? n - k : n));
}
