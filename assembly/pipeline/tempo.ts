// The `tempo` model: a combination of the family members, with fallbacks so every series gets a
// finite forecast (n = 1: naive; short series: no seasonal members; constant series: the constant).
import { Outcome } from "./outcome";
import { combine } from "./combine";
import { ModelForecast, usable } from "../models/result";
import { naive } from "../models/baseline/naive";
import { COMBINE_DEFAULT, COMBINE_MEDIAN } from "./combine";
import { membersIn, memberBit } from "../models/registry";
import { CODE_CONSTANT } from "../models/codes";
import { isConstant } from "../numerics/checks";
import { intermittent } from "./intermittent";
import { isIntermittent } from "../models/intermittent/classify";
import { beginSharedFits, endSharedFits } from "../models/ets/shared";
import { residualDof, smallSampleShare } from "./intervals";
import { holdToNaiveErrors } from "./hold_to_naive";
import { YearOfWeeks, YEAR_OF_WEEKS_STEPS } from "./year_of_weeks";

/** The members used when the caller names none; chosen by measurement (docs/accuracy.md, "How `tempo` was chosen"). */
export function defaultMembers(): i32 {
  return memberBit("ets") | memberBit("damped") | memberBit("dotm") | memberBit("arima") | memberBit("snaive");
}
/** The combination rule used when the caller names none. */
export const DEFAULT_COMBINE: i32 = COMBINE_MEDIAN;

function single(fc: ModelForecast, m: i32): Outcome {
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, m, codes);
}

/**
 * The default model's forecast; members 0 = default set, combine 0 = default rule. `weak`: m is a
 * season on weak evidence, so the seasonal naive member (which cannot reject it) runs without it.
 */
export function tempo(y: Float64Array, m: i32, h: i32, members: i32, rule: i32, weak: bool = false): Outcome {
  const n = y.length;
  if (n < 3) return single(naive(y, h), m);
  if (isConstant(y, 0.0)) {
    // naive's predictions of a constant series are the constant itself
    const fc = naive(y, h);
    fc.code = CODE_CONSTANT;
    return single(fc, m);
  }
  // intermittent demand goes to the members built for it, unless the caller chose members
  if (members == 0 && isIntermittent(y)) return intermittent(y, h);
  const set = members == 0 ? defaultMembers() : members;
  const how = rule == COMBINE_DEFAULT ? DEFAULT_COMBINE : rule;
  // seasonal members need two full seasons to estimate anything; below that, treat as non-seasonal
  const mm = m > 1 && n >= 2 * m ? m : 1;

  // members run in the order of their bits, so the method lists them in a stable order
  const rows = membersIn(set);

  const fits = new Array<ModelForecast>();
  const codes = new Array<i32>();
  // a season of 52 weeks is a year of 52.18: the default set sees it through Fourier terms too
  const year = members == 0 && mm == YEAR_OF_WEEKS_STEPS ? new YearOfWeeks(y, h) : null;
  // every member sees the same y, so members fitting the same ETS form (ets, damped) fit it once
  beginSharedFits();
  for (let i = 0; i < rows.length; i++) {
    const name = rows[i].name;
    let fc: ModelForecast;
    if (year !== null && name == "dotm") fc = year.dotm(h);
    else fc = rows[i].entry!(y, (weak || (year !== null && !year.snaiveSeasonal)) && name == "snaive" ? 1 : mm, h);
    if (!usable(fc)) continue;
    fits.push(fc);
    codes.push(fc.code);
  }
  endSharedFits();
  if (year !== null) year.extraMembers(h, fits, codes);
  if (fits.length == 0) {
    const fc = naive(y, h);
    return single(fc, mm);
  }
  if (fits.length == 1) return new Outcome(fits[0], mm, codes);
  const share = smallSampleShare(residualDof(n, mm));
  const fc = combine(fits, h, how, 0, share);
  holdToNaiveErrors(y, fc, mm, h, share);
  return new Outcome(fc, mm, codes);
}
