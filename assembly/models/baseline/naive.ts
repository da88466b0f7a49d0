// Naive: every future value is the last observation; the random-walk error variance grows with h.
import { ModelForecast, withFitted, noFit } from "../result";
import { CODE_NAIVE } from "../codes";

/** Naive forecast of `y` for `h` steps with random-walk standard deviations sqrt(h)·σ. */
export function naive(y: Float64Array, h: i32): ModelForecast {
  const n = y.length;
  const last = y[n - 1];
  let ss = 0.0;
  for (let t = 1; t < n; t++) { const e = y[t] - y[t - 1]; ss += e * e; }
  const sigma = n > 1 ? Math.sqrt(ss / <f64>(n - 1)) : 0.0;
  const mean = new Float64Array(h);
  const sd = new Float64Array(h);
  for (let i = 0; i < h; i++) { mean[i] = last; sd[i] = sigma * Math.sqrt(<f64>(i + 1)); }
  // one step ahead, naive predicts the previous value; the first has none
  const fitted = noFit(n);
  for (let t = 1; t < n; t++) fitted[t] = y[t - 1];
  return withFitted(new ModelForecast(mean, sd, CODE_NAIVE), fitted);
}
