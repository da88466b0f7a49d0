// TSB (Teunter-Syntetos-Babai): smooths the probability of demand every period, so the forecast
// decays during long runs of zeros (obsolescence), unlike Croston's which waits for the next demand.
import { ModelForecast, withFitted, noFit } from "../result";
import { CODE_TSB } from "../codes";
import { flatForecast } from "./flat";

const ALPHAS: StaticArray<f64> = [0.05, 0.1, 0.2, 0.3];
const BETAS: StaticArray<f64> = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3];

/**
 * TSB forecast p·z for `h` steps: demand size z updated (with alpha) in periods with demand,
 * probability p updated (with beta) every period toward 1 or 0. Started at the first demand and
 * the share of periods with demand; alpha and beta from a small grid by in-sample one-step MSE.
 */
export function tsbModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  const n = y.length;
  let first = -1, k = 0;
  for (let t = 0; t < n; t++) if (y[t] != 0.0) { if (first < 0) first = t; k++; }
  if (first < 0) return withFitted(flatForecast(0.0, 0.0, h, CODE_TSB), new Float64Array(n));
  const p0 = <f64>k / <f64>n, z0 = y[first];
  let bestMse = Infinity, bestRate = p0 * z0, bestA = ALPHAS[0], bestB = BETAS[0];
  for (let i = 0; i < ALPHAS.length; i++) {
    for (let j = 0; j < BETAS.length; j++) {
      const a = ALPHAS[i], b = BETAS[j];
      let p = p0, z = z0, ss = 0.0;
      for (let t = 0; t < n; t++) {
        const e = y[t] - p * z;
        ss += e * e;
        if (y[t] != 0.0) { p += b * (1.0 - p); z += a * (y[t] - z); } else p -= b * p;
      }
      const mse = ss / <f64>n;
      if (mse < bestMse) { bestMse = mse; bestRate = p * z; bestA = a; bestB = b; }
    }
  }
  // the chosen pass again, keeping each one-step prediction p·z
  const fitted = noFit(n);
  let p = p0, z = z0;
  for (let t = 0; t < n; t++) {
    fitted[t] = p * z;
    if (y[t] != 0.0) { p += bestB * (1.0 - p); z += bestA * (y[t] - z); } else p -= bestB * p;
  }
  return withFitted(flatForecast(bestRate, Math.sqrt(bestMse), h, CODE_TSB), fitted);
}
