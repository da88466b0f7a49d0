// Entry points of the baselines used by the dispatcher and the ensemble.
import { ModelForecast, failed } from "../result";

/** Seasonal naive: the last observed season repeated. */
export function snaiveModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}

/** Drift: the line through the first and last observations, extended. */
export function driftModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}

/** Naive2 (M4): naive on the seasonally adjusted series when the 90% ACF test at lag m passes. */
export function naive2Model(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}
