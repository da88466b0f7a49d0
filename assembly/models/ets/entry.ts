// Entry points of the ETS family used by the dispatcher and the ensemble.
import { ModelForecast } from "../result";
import { etsSelect } from "./select";

/** ETS with the form chosen by AICc among the admissible forms; failed(h) when nothing fits. */
export function etsModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return etsSelect(y, m, h, 0b111, 0b111, true);
}

/** ETS restricted to a damped trend (error and season chosen by AICc). */
export function dampedModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return etsSelect(y, m, h, 0b100, 0b111, true);
}

/**
 * ETS chosen by AICc among the forms whose trend k has bit k set in `trendMask` and whose season
 * k has bit k set in `seasonMask` (0 = N, 1 = A, 2 = Ad / M); multiplicative error and season
 * only when `allowMultiplicative` and the data are positive. failed(h) when nothing fits.
 */
export function etsAuto(y: Float64Array, m: i32, h: i32, trendMask: i32, seasonMask: i32, allowMultiplicative: bool): ModelForecast {
  return etsSelect(y, m, h, trendMask, seasonMask, allowMultiplicative);
}
