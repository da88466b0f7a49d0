// Runs the model a host asked for on a clean (gap-free) series with a resolved season length.
import { Outcome } from "./outcome";
import { tempo } from "./tempo";
import { ModelForecast } from "../models/result";
import { naive } from "../models/baseline/naive";
import { snaiveModel, driftModel, naive2Model } from "../models/baseline/entry";
import { etsModel, dampedModel } from "../models/ets/entry";
import { thetaModel, otmModel, dotmModel } from "../models/theta/entry";
import { arimaModel } from "../models/arima/entry";
import {
  MODEL_TEMPO, MODEL_ETS, MODEL_THETA, MODEL_OTM, MODEL_DOTM, MODEL_NAIVE, MODEL_SNAIVE,
  MODEL_DRIFT, MODEL_NAIVE2, MODEL_DAMPED, MODEL_ARIMA,
} from "../abi/models";

/** Runs one single model by id; a failed fit comes back with ok = false. */
export function runSingle(y: Float64Array, m: i32, h: i32, model: i32): ModelForecast {
  switch (model) {
    case MODEL_ETS: return etsModel(y, m, h);
    case MODEL_DAMPED: return dampedModel(y, m, h);
    case MODEL_THETA: return thetaModel(y, m, h);
    case MODEL_OTM: return otmModel(y, m, h);
    case MODEL_DOTM: return dotmModel(y, m, h);
    case MODEL_SNAIVE: return snaiveModel(y, m, h);
    case MODEL_DRIFT: return driftModel(y, m, h);
    case MODEL_NAIVE2: return naive2Model(y, m, h);
    case MODEL_ARIMA: return arimaModel(y, m, h);
    default: return naive(y, h);
  }
}

/** Forecast of model id `model` for `h` steps (the ABI layer falls back to naive on failure). */
export function dispatch(y: Float64Array, m: i32, h: i32, model: i32, members: i32, combine: i32): Outcome {
  if (model == MODEL_TEMPO) return tempo(y, m, h, members, combine);
  const fc = runSingle(y, m, h, model == MODEL_NAIVE ? MODEL_NAIVE : model);
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, m, codes);
}
