// The `tempo` model: a combination of the family members, with fallbacks so every series gets a
// finite forecast (n = 1: naive; short series: no seasonal members; constant series: the constant).
import { Outcome } from "./outcome";
import { combine } from "./combine";
import { ModelForecast, usable } from "../models/result";
import { naive } from "../models/baseline/naive";
import { runSingle } from "./dispatch_single";
import { intermittent } from "./intermittent";
import { isIntermittent } from "../models/intermittent/classify";
import {
  MODEL_ETS, MODEL_THETA, MODEL_OTM, MODEL_DOTM, MODEL_DAMPED, MODEL_ARIMA, MODEL_SNAIVE, MODEL_NAIVE,
  MEMBER_ETS, MEMBER_THETA, MEMBER_OTM, MEMBER_DOTM, MEMBER_DAMPED, MEMBER_ARIMA, MEMBER_SNAIVE, MEMBER_NAIVE,
  COMBINE_DEFAULT, COMBINE_MEDIAN, CODE_CONSTANT,
  MODEL_SBA, MODEL_TSB, MODEL_ADIDA, MODEL_IMAPA, MEMBER_SBA, MEMBER_TSB, MEMBER_ADIDA, MEMBER_IMAPA,
} from "../abi/models";

/** The members used when the caller names none; chosen by measurement (see README, "Results"). */
export const DEFAULT_MEMBERS: i32 = MEMBER_ETS | MEMBER_DAMPED | MEMBER_DOTM | MEMBER_ARIMA | MEMBER_SNAIVE;
/** The combination rule used when the caller names none. */
export const DEFAULT_COMBINE: i32 = COMBINE_MEDIAN;

function isConstant(y: Float64Array): bool {
  const a = y[0];
  for (let i = 1; i < y.length; i++) if (y[i] != a) return false;
  return true;
}

function single(fc: ModelForecast, m: i32): Outcome {
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, m, codes);
}

/** The default model's forecast; members 0 = default set, combine 0 = default rule. */
export function tempo(y: Float64Array, m: i32, h: i32, members: i32, rule: i32): Outcome {
  const n = y.length;
  if (n < 3) return single(naive(y, h), m);
  if (isConstant(y)) {
    const fc = naive(y, h);
    fc.code = CODE_CONSTANT;
    return single(fc, m);
  }
  // intermittent demand goes to the members built for it, unless the caller chose members
  if (members == 0 && isIntermittent(y)) return intermittent(y, h);
  const set = members == 0 ? DEFAULT_MEMBERS : members;
  const how = rule == COMBINE_DEFAULT ? DEFAULT_COMBINE : rule;
  // seasonal members need two full seasons to estimate anything; below that, treat as non-seasonal
  const mm = m > 1 && n >= 2 * m ? m : 1;

  const ids = new Array<i32>();
  if (set & MEMBER_ETS) ids.push(MODEL_ETS);
  if (set & MEMBER_THETA) ids.push(MODEL_THETA);
  if (set & MEMBER_OTM) ids.push(MODEL_OTM);
  if (set & MEMBER_DOTM) ids.push(MODEL_DOTM);
  if (set & MEMBER_DAMPED) ids.push(MODEL_DAMPED);
  if (set & MEMBER_ARIMA) ids.push(MODEL_ARIMA);
  if (set & MEMBER_SNAIVE) ids.push(MODEL_SNAIVE);
  if (set & MEMBER_NAIVE) ids.push(MODEL_NAIVE);
  if (set & MEMBER_SBA) ids.push(MODEL_SBA); if (set & MEMBER_TSB) ids.push(MODEL_TSB);
  if (set & MEMBER_ADIDA) ids.push(MODEL_ADIDA); if (set & MEMBER_IMAPA) ids.push(MODEL_IMAPA);

  const fits = new Array<ModelForecast>();
  const codes = new Array<i32>();
  for (let i = 0; i < ids.length; i++) {
    const fc = runSingle(y, mm, h, ids[i]);
    if (!usable(fc)) continue;
    fits.push(fc);
    codes.push(fc.code);
  }
  if (fits.length == 0) {
    const fc = naive(y, h);
    return single(fc, mm);
  }
  if (fits.length == 1) return new Outcome(fits[0], mm, codes);
  return new Outcome(combine(fits, h, how, 0), mm, codes);
}
