// Entry points of the baselines used by the dispatcher and the ensemble.
import { ModelForecast } from "../result";
import { naive } from "./naive";
import { seasonalNaive } from "./seasonal_naive";
import { drift } from "./drift";
import { naive2 } from "./naive2";

/** Seasonal naive: the last observed season repeated (naive when m <= 1 or n < m). */
export function snaiveModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  if (m <= 1 || y.length < m) return naive(y, h);
  return seasonalNaive(y, m, h);
}

/** Drift: the line through the first and last observations, extended (naive when n = 1). */
export function driftModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  if (y.length < 2) return naive(y, h);
  return drift(y, h);
}

/** Naive2 (M4): naive on the seasonally adjusted series when the 90% ACF test at lag m passes. */
export function naive2Model(y: Float64Array, m: i32, h: i32): ModelForecast {
  return naive2(y, m, h);
}

/** Naive: the last value repeated. */
export function naiveModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return naive(y, h);
}
