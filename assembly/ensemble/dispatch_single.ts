// Runs one single model by id: the table from model ids to family entry functions.
import { ModelForecast } from "../models/result";
import { naive } from "../models/baseline/naive";
import { snaiveModel, driftModel, naive2Model } from "../models/baseline/entry";
import { etsModel, dampedModel } from "../models/ets/entry";
import { thetaModel, otmModel, dotmModel } from "../models/theta/entry";
import { arimaModel } from "../models/arima/entry";
import { sbaModel } from "../models/intermittent/croston_sba";
import { tsbModel } from "../models/intermittent/tsb";
import { adidaModel } from "../models/intermittent/adida";
import { imapaModel } from "../models/intermittent/imapa";
import {
  MODEL_ETS, MODEL_THETA, MODEL_OTM, MODEL_DOTM, MODEL_SNAIVE,
  MODEL_DRIFT, MODEL_NAIVE2, MODEL_DAMPED, MODEL_ARIMA, MODEL_SBA, MODEL_TSB, MODEL_ADIDA, MODEL_IMAPA,
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
    case MODEL_SBA: return sbaModel(y, h);
    case MODEL_TSB: return tsbModel(y, h);
    case MODEL_ADIDA: return adidaModel(y, h);
    case MODEL_IMAPA: return imapaModel(y, h);
    default: return naive(y, h);
  }
}
