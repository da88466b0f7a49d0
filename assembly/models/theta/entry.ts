// Entry points of the Theta family used by the dispatcher and the ensemble.
import { ModelForecast, failed } from "../result";

/** Standard Theta (STM) on the seasonally adjusted series when seasonal. */
export function thetaModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}

/** Optimised Theta (OTM), Fiorucci et al. 2016. */
export function otmModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}

/** Dynamic optimised Theta (DOTM), Fiorucci et al. 2016. */
export function dotmModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return failed(h);
}
