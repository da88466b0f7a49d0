// Conditional-sum-of-squares residuals of an ARMA model for the differenced series.
import { expandAr, expandMa } from "./polynomial";
import { ArmaResiduals, MAX_LAGS } from "./residuals";

/**
 * Holds the differenced series and every buffer a fit needs, allocated once per series: the
 * core's arena is only reset after the call, so per-evaluation allocations would pile up.
 * Residuals are e_t = x_t - Σ a_k x_{t-k} - Σ b_k e_{t-k} with x_t = w_t - μ and zero pre-sample
 * values; only e_t for t >= burnIn enter the sum of squares, the same window for every candidate
 * so their criteria compare like with like.
 */
export class CssProblem extends ArmaResiduals {
  x: Float64Array;
  e: Float64Array;
  arC: Float64Array = new Float64Array(MAX_LAGS + 1);
  maC: Float64Array = new Float64Array(MAX_LAGS + 1);
  arLag: Int32Array = new Int32Array(MAX_LAGS);
  arVal: Float64Array = new Float64Array(MAX_LAGS);
  maLag: Int32Array = new Int32Array(MAX_LAGS);
  maVal: Float64Array = new Float64Array(MAX_LAGS);
  /** Differenced regressor columns (each as long as w): the series less Σβ_j·reg_j has the ARMA errors. */
  reg: Array<Float64Array> = new Array<Float64Array>();
  adjusted: Float64Array;

  constructor(w: Float64Array, public burnIn: i32) {
    super(w);
    this.x = new Float64Array(w.length);
    this.e = new Float64Array(w.length);
    this.adjusted = new Float64Array(0);
    this.nEff = w.length - burnIn;
  }

  /** Makes the problem a regression with ARMA errors on the differenced columns `cols` (each as long as w). */
  setRegressors(cols: Array<Float64Array>): void {
    this.reg = cols;
    if (this.adjusted.length != this.w.length) this.adjusted = new Float64Array(this.w.length);
  }

  // w less the regression Σ β_j·reg_j at the coefficients in `par` (from spec.offBeta)
  regressed(par: Float64Array): Float64Array {
    const w = this.w, a = this.adjusted, n = w.length, off = this.spec.offBeta;
    for (let t = 0; t < n; t++) unchecked(a[t] = unchecked(w[t]));
    for (let j = 0; j < this.reg.length; j++) {
      const b = unchecked(par[off + j]);
      const col = unchecked(this.reg[j]);
      for (let t = 0; t < n; t++) unchecked(a[t] -= b * unchecked(col[t]));
    }
    return a;
  }

  /** Conditional sum of squares (residuals t >= burnIn); leaves every residual in `this.e`. */
  ssr(par: Float64Array, out: Float64Array): f64 {
    if (!this.admissible(par)) return Infinity;
    const s = this.spec;
    const mu = s.mean ? unchecked(par[s.offMean]) : 0.0;
    const degA = expandAr(par, 0, s.p, s.offSPhi, s.P, s.m, this.arC);
    const degB = expandMa(par, s.offTheta, s.q, s.offSTheta, s.Q, s.m, this.maC);
    let na = 0, nb = 0;
    for (let k = 1; k <= degA; k++) if (unchecked(this.arC[k]) != 0.0) { unchecked(this.arLag[na] = k); unchecked(this.arVal[na] = unchecked(this.arC[k])); na++; }
    for (let k = 1; k <= degB; k++) if (unchecked(this.maC[k]) != 0.0) { unchecked(this.maLag[nb] = k); unchecked(this.maVal[nb] = unchecked(this.maC[k])); nb++; }
    const w = this.reg.length > 0 ? this.regressed(par) : this.w;
    const x = this.x, e = this.e;
    const n = w.length, c = this.burnIn;
    const keep = out.length > 0;
    let total = 0.0;
    const lagMax = (degA > degB ? degA : degB) < n ? (degA > degB ? degA : degB) : n;
    // the first lags need bounds checks on the pre-sample; after them the loop runs unguarded
    for (let t = 0; t < lagMax; t++) {
      const v = unchecked(w[t]) - mu;
      unchecked(x[t] = v);
      let r = v;
      for (let j = 0; j < na; j++) {
        const L = unchecked(this.arLag[j]);
        if (L <= t) r -= unchecked(this.arVal[j]) * unchecked(x[t - L]);
      }
      for (let j = 0; j < nb; j++) {
        const L = unchecked(this.maLag[j]);
        if (L <= t) r -= unchecked(this.maVal[j]) * unchecked(e[t - L]);
      }
      unchecked(e[t] = r);
      if (t >= c) {
        total += r * r;
        if (keep) unchecked(out[t - c] = r);
      }
    }
    const arLag = this.arLag, arVal = this.arVal, maLag = this.maLag, maVal = this.maVal;
    for (let t = lagMax; t < n; t++) {
      const v = unchecked(w[t]) - mu;
      unchecked(x[t] = v);
      let r = v;
      for (let j = 0; j < na; j++) r -= unchecked(arVal[j]) * unchecked(x[t - unchecked(arLag[j])]);
      for (let j = 0; j < nb; j++) r -= unchecked(maVal[j]) * unchecked(e[t - unchecked(maLag[j])]);
      unchecked(e[t] = r);
      if (t >= c) {
        total += r * r;
        if (keep) unchecked(out[t - c] = r);
      }
    }
    return isFinite(total) ? total : Infinity;
  }
}
