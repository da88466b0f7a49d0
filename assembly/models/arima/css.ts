// Conditional-sum-of-squares residuals of an ARMA model for the differenced series.
import { ArimaSpec } from "./spec";
import { stableRoots, expandAr, expandMa } from "./polynomial";

// Reflection coefficients must stay below this: keeps fitted models away from unit roots,
// where CSS estimates and forecasts become unreliable.
export const ROOT_LIMIT: f64 = 0.99;
const MAX_LAGS: i32 = 5 + 2 * 24 + 8;

/**
 * Holds the differenced series and every buffer a fit needs, allocated once per series: the
 * core's arena is only reset after the call, so per-evaluation allocations would pile up.
 * Residuals are e_t = x_t - Σ a_k x_{t-k} - Σ b_k e_{t-k} with x_t = w_t - μ and zero pre-sample
 * values; only e_t for t >= burnIn enter the sum of squares, the same window for every candidate
 * so their criteria compare like with like.
 */
export class CssProblem {
  x: Float64Array;
  e: Float64Array;
  arC: Float64Array = new Float64Array(MAX_LAGS + 1);
  maC: Float64Array = new Float64Array(MAX_LAGS + 1);
  arLag: Int32Array = new Int32Array(MAX_LAGS);
  arVal: Float64Array = new Float64Array(MAX_LAGS);
  maLag: Int32Array = new Int32Array(MAX_LAGS);
  maVal: Float64Array = new Float64Array(MAX_LAGS);
  work: Float64Array = new Float64Array(16);
  spec: ArimaSpec = new ArimaSpec(0, 0, 0, 0, false, 0, 0, 1);

  constructor(public w: Float64Array, public burnIn: i32) {
    this.x = new Float64Array(w.length);
    this.e = new Float64Array(w.length);
  }

  /** Number of residuals that enter the sum of squares. */
  get nEff(): i32 { return this.w.length - this.burnIn; }

  /** True when the AR and MA factors of `par` (for the current spec) are stationary and invertible. */
  admissible(par: Float64Array): bool {
    const s = this.spec;
    return stableRoots(par, 0, s.p, 1.0, this.work, ROOT_LIMIT)
      && stableRoots(par, s.offTheta, s.q, -1.0, this.work, ROOT_LIMIT)
      && stableRoots(par, s.offSPhi, s.P, 1.0, this.work, ROOT_LIMIT)
      && stableRoots(par, s.offSTheta, s.Q, -1.0, this.work, ROOT_LIMIT);
  }

  /**
   * Sum of squared residuals for `par` (residuals t >= burnIn written to out[t - burnIn] when
   * `out` is non-empty); +Infinity when `par` is not admissible or the recursion overflows.
   * Leaves all residuals in `this.e`.
   */
  ssr(par: Float64Array, out: Float64Array): f64 {
    if (!this.admissible(par)) return Infinity;
    const s = this.spec;
    const mu = s.mean ? par[s.offMean] : 0.0;
    const degA = expandAr(par, 0, s.p, s.offSPhi, s.P, s.m, this.arC);
    const degB = expandMa(par, s.offTheta, s.q, s.offSTheta, s.Q, s.m, this.maC);
    let na = 0, nb = 0;
    for (let k = 1; k <= degA; k++) if (this.arC[k] != 0.0) { this.arLag[na] = k; this.arVal[na] = this.arC[k]; na++; }
    for (let k = 1; k <= degB; k++) if (this.maC[k] != 0.0) { this.maLag[nb] = k; this.maVal[nb] = this.maC[k]; nb++; }
    const w = this.w, x = this.x, e = this.e;
    const n = w.length, c = this.burnIn;
    const keep = out.length > 0;
    let total = 0.0;
    for (let t = 0; t < n; t++) {
      const v = w[t] - mu;
      x[t] = v;
      let r = v;
      for (let j = 0; j < na; j++) {
        const L = unchecked(this.arLag[j]);
        if (L <= t) r -= unchecked(this.arVal[j]) * unchecked(x[t - L]);
      }
      for (let j = 0; j < nb; j++) {
        const L = unchecked(this.maLag[j]);
        if (L <= t) r -= unchecked(this.maVal[j]) * unchecked(e[t - L]);
      }
      e[t] = r;
      if (t >= c) {
        total += r * r;
        if (keep) out[t - c] = r;
      }
    }
    return isFinite(total) ? total : Infinity;
  }
}
