// The forecast shape every intermittent member returns: one demand rate repeated over the horizon.
import { ModelForecast } from "../result";

/**
 * A flat forecast of `rate` per period for `h` steps with a flat error sd: these members forecast
 * a stationary demand rate, so the per-period spread does not grow with the horizon.
 */
export function flatForecast(rate: f64, sd: f64, h: i32, code: i32): ModelForecast {
  const mean = new Float64Array(h);
  const s = new Float64Array(h);
  for (let i = 0; i < h; i++) { mean[i] = rate; s[i] = sd; }
  return new ModelForecast(mean, s, code);
}
