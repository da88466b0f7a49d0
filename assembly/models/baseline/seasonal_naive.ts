// Seasonal naive: each future value repeats the observation one season earlier.
import { ModelForecast, withFitted, noFit } from "../result";
import { CODE_SNAIVE } from "../codes";

/**
 * Seasonal naive forecast of `y` (requires m > 1 and n >= m). The error sd follows the seasonal
 * random walk (FPP 5.5): σ·sqrt(k + 1) for step h with k = floor((h - 1) / m), σ² the mean
 * squared seasonal difference.
 */
export function seasonalNaive(y: Float64Array, m: i32, h: i32): ModelForecast {
  const n = y.length;
  let ss = 0.0;
  for (let t = m; t < n; t++) { const e = y[t] - y[t - m]; ss += e * e; }
  // with exactly one season there is no seasonal difference to learn from: fall back to lag 1
  let sigma: f64;
  if (n > m) {
    sigma = Math.sqrt(ss / <f64>(n - m));
  } else {
    let s1 = 0.0;
    for (let t = 1; t < n; t++) { const e = y[t] - y[t - 1]; s1 += e * e; }
    sigma = n > 1 ? Math.sqrt(s1 / <f64>(n - 1)) : 0.0;
  }
  const mean = new Float64Array(h);
  const sd = new Float64Array(h);
  for (let i = 0; i < h; i++) {
    mean[i] = y[n - m + (i % m)];
    sd[i] = sigma * Math.sqrt(<f64>(i / m + 1));
  }
  // the first season has no value one season earlier to repeat
  const fitted = noFit(n);
  for (let t = m; t < n; t++) fitted[t] = y[t - m];
  return withFitted(new ModelForecast(mean, sd, CODE_SNAIVE), fitted);
}
