// Drift: the line through the first and last observations, extended.
import { ModelForecast, withFitted, noFit } from "../result";
import { CODE_DRIFT } from "../codes";

/**
 * Random walk with drift (requires n >= 2): slope (y_n - y_1)/(n - 1). The error sd is
 * FPP 5.5's σ·sqrt(h·(1 + h/(n - 1))), which adds the drift's estimation error to the walk's.
 */
export function drift(y: Float64Array, h: i32): ModelForecast {
  const n = y.length;
  const T = <f64>(n - 1);
  const slope = (y[n - 1] - y[0]) / T;
  let ss = 0.0;
  for (let t = 1; t < n; t++) { const e = y[t] - y[t - 1] - slope; ss += e * e; }
  // one residual degree of freedom goes to the slope
  const sigma = n > 2 ? Math.sqrt(ss / <f64>(n - 2)) : 0.0;
  const mean = new Float64Array(h);
  const sd = new Float64Array(h);
  for (let i = 0; i < h; i++) {
    const k = <f64>(i + 1);
    mean[i] = y[n - 1] + slope * k;
    sd[i] = sigma * Math.sqrt(k * (1.0 + k / T));
  }
  const fitted = noFit(n);
  for (let t = 1; t < n; t++) fitted[t] = y[t - 1] + slope;
  return withFitted(new ModelForecast(mean, sd, CODE_DRIFT), fitted);
}
