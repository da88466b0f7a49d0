// Point forecasts by the ARIMA difference equation and their error sd from the ψ (MA(∞)) weights.
import { ArimaSpec } from "./spec";
import { expandAr, expandMa } from "./polynomial";

/** Point path and error standard deviations of one fitted model. */
export class ArimaPath {
  constructor(public mean: Float64Array, public sd: Float64Array) {}
}

/**
 * Forecasts `h` steps of `z` from the fitted `spec`/`par`: the full operator
 * Π(B) = φ(B)Φ(B^m)(1-B)^d(1-B^m)^D is applied to the levels, `resid` holds the in-sample
 * innovations of the differenced series (aligned to its end), future innovations are zero, and
 * sd_h = σ·sqrt(Σ_{j<h} ψ_j²) with Π(B)ψ(B) = θ(B)Θ(B^m).
 */
export function arimaForecast(z: Float64Array, spec: ArimaSpec, par: Float64Array, resid: Float64Array, sigma2: f64, h: i32): ArimaPath {
  const n = z.length;
  const m = spec.m;
  const degA = spec.arDegree, degB = spec.maDegree;
  const degPi = degA + spec.d + spec.D * m;
  // coefficients of Π(B) as 1 + Σ c_k B^k
  const a = new Float64Array(degA + 1);
  expandAr(par, 0, spec.p, spec.offSPhi, spec.P, m, a);
  const b = new Float64Array(degB + 1);
  expandMa(par, spec.offTheta, spec.q, spec.offSTheta, spec.Q, m, b);
  const c = new Float64Array(degPi + 1);
  c[0] = 1.0;
  for (let k = 1; k <= degA; k++) c[k] = -a[k];
  let deg = degA;
  for (let i = 0; i < spec.d; i++) { for (let k = deg + 1; k >= 1; k--) c[k] -= c[k - 1]; deg += 1; }
  for (let i = 0; i < spec.D; i++) { for (let k = deg + m; k >= m; k--) c[k] -= c[k - m]; deg += m; }
  let a1 = 1.0;
  for (let k = 1; k <= degA; k++) a1 -= a[k];
  const c0 = spec.mean ? par[spec.offMean] * a1 : 0.0;

  const yy = new Float64Array(n + h);
  for (let t = 0; t < n; t++) yy[t] = z[t];
  const ee = new Float64Array(n + h);
  const off = n - resid.length;
  for (let t = 0; t < resid.length; t++) ee[off + t] = resid[t];
  const mean = new Float64Array(h);
  for (let t = n; t < n + h; t++) {
    let v = c0;
    for (let k = 1; k <= degPi; k++) if (t - k >= 0) v -= c[k] * yy[t - k];
    for (let j = 1; j <= degB; j++) if (t - j >= 0) v += b[j] * ee[t - j];
    yy[t] = v;
    mean[t - n] = v;
  }
  const psi = new Float64Array(h);
  const sd = new Float64Array(h);
  let acc = 0.0;
  for (let j = 0; j < h; j++) {
    let v = j == 0 ? 1.0 : (j <= degB ? b[j] : 0.0);
    for (let k = 1; k <= degPi && k <= j; k++) v -= c[k] * psi[j - k];
    psi[j] = v;
    acc += v * v;
    sd[j] = Math.sqrt(sigma2 * acc);
  }
  return new ArimaPath(mean, sd);
}
