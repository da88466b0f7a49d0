// Croston's method with the Syntetos-Boylan bias correction (SBA), as a model.
import { ModelForecast, withFitted } from "../result";
import { CODE_SBA } from "../codes";
import { sba } from "./smoothing";
import { flatForecast } from "./flat";

/** SBA forecast of the demand rate for `h` steps (zero when the series has no demand). */
export function sbaModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  const fit = sba(y);
  return withFitted(flatForecast(fit.level, Math.sqrt(fit.mse), h, CODE_SBA), fit.fitted);
}
