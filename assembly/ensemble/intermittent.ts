// The intermittent combination `tempo` routes intermittent demand to: SBA, TSB, ADIDA and IMAPA,
// averaged, with intervals from a count distribution when the data are counts.
import { Outcome } from "./outcome";
import { combine } from "./combine";
import { ModelForecast, usable } from "../models/result";
import { runSingle } from "./dispatch_single";
import { isCountData } from "../models/intermittent/classify";
import { naive } from "../models/baseline/naive";
import {
  MODEL_SBA, MODEL_TSB, MODEL_ADIDA, MODEL_IMAPA, COMBINE_MEAN,
} from "../abi/models";

const IDS: StaticArray<i32> = [MODEL_SBA, MODEL_TSB, MODEL_ADIDA, MODEL_IMAPA];

/**
 * Mean of the intermittent members for `h` steps (the mean, not the median: squared-error scores
 * and the count intervals both want the expected demand rate). Reports season 1: none of them is seasonal.
 */
export function intermittent(y: Float64Array, h: i32): Outcome {
  const fits = new Array<ModelForecast>();
  const codes = new Array<i32>();
  for (let i = 0; i < IDS.length; i++) {
    const fc = runSingle(y, 1, h, IDS[i]);
    if (!usable(fc)) continue;
    fits.push(fc);
    codes.push(fc.code);
  }
  if (fits.length == 0) {
    const fb = naive(y, h);
    codes.push(fb.code);
    return new Outcome(fb, 1, codes);
  }
  const fc = fits.length == 1 ? fits[0] : combine(fits, h, COMBINE_MEAN, 0);
  return new Outcome(fc, 1, codes, isCountData(y));
}

/** True for the model ids of the intermittent members. */
export function isIntermittentModel(model: i32): bool {
  for (let i = 0; i < IDS.length; i++) if (IDS[i] == model) return true;
  return false;
}

/** One intermittent member asked for by id, with count bounds when the data are counts (as in the combination). */
export function intermittentSingle(y: Float64Array, h: i32, model: i32): Outcome {
  const fc = runSingle(y, 1, h, model);
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, 1, codes, isCountData(y));
}
